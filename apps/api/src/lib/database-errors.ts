const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08006', // connection_failure
]);

function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current); current = (current as Error).cause) {
    seen.add(current);
    yield current;
  }
}

/** The database could not be reached (server down, pool closed), as opposed to a bad query. */
export function isConnectionError(error: unknown): boolean {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = current instanceof Error ? current.message : '';
    if (/PGlite is closed|pool after calling end|Connection terminated/i.test(message)) return true;
  }
  return false;
}

export function isUniqueViolation(error: unknown): boolean {
  for (const current of causes(error)) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
