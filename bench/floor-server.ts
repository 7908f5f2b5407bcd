import Fastify from 'fastify';
import pg from 'pg';

/**
 * The floor a signed-in request is measured against (issue 27): a bare Fastify server on the
 * same PostgreSQL database that looks the session up by the token in the product's own cookie
 * and reads the member's profile, one indexed read each and nothing else: no signature check,
 * no access rules, no security headers, no logging. What the product's signed-in routes cost
 * beyond this is their overhead.
 */
const SESSION_COOKIE = 'complivue.session_token';

function sessionToken(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      // better-auth signs the cookie as `token.signature`; the token is what the table holds.
      const signed = decodeURIComponent(value.join('='));
      return signed.slice(0, signed.lastIndexOf('.')) || null;
    }
  }
  return null;
}

export async function startFloorServer(databaseUrl: string, poolSize: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const app = Fastify({ logger: false });
  app.get('/floor', async (request, reply) => {
    const token = sessionToken(request.headers.cookie);
    if (!token) return reply.code(401).send({ error: 'no session' });
    const session = await pool.query<{ user_id: string }>(
      'SELECT user_id FROM session WHERE token = $1 AND expires_at > now()',
      [token],
    );
    const userId = session.rows[0]?.user_id;
    if (!userId) return reply.code(401).send({ error: 'no session' });
    const profile = await pool.query(
      'SELECT id, email, full_name, role, status, company_id FROM user_profiles WHERE user_id = $1',
      [userId],
    );
    return { user: profile.rows[0] ?? null };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    async stop() {
      await app.close();
      await pool.end();
    },
  };
}
