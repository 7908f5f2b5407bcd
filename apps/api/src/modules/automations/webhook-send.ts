import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import { WEBHOOK_ENDPOINT_URL_MAX } from '@complivue/shared/schemas/automations';
import type { Env } from '../../env.ts';
import {
  FeedFetchError,
  describeNetworkError,
  isLocalHostName,
  openRequest,
} from '../feeds/feed-fetch.ts';
import { feedFetchOptions } from '../feeds/feed-poll.ts';

/**
 * One POST of a webhook to the address an institution's administrator typed, defensively, with
 * the feeds' guard against reaching internal services (feed-fetch.ts, decision 0012):
 *
 * - Only https, and no private, loopback or link-local address — checked on the literal host
 *   first and then on the address the connection really uses (`publicOnlyLookup`), so a name
 *   that resolves inward cannot slip through — while `blockPrivateAddresses` is on, as it is in
 *   production (FEED_ALLOW_PRIVATE_ADDRESSES decides for feeds and webhooks alike; tests receive
 *   on 127.0.0.1 over http).
 * - One 10-second deadline for the whole exchange (connect, headers, body).
 * - No redirect followed: a 3xx is a failure (following one would let an endpoint send our
 *   signed payload, or the server, somewhere it was not registered to go).
 * - At most 64 KB of the answer read, and only its first 500 characters kept, in a failure's
 *   error, for the administrator reading the delivery log.
 *
 * It never throws: every failure is a result with the reason in words.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
export const WEBHOOK_ERROR_BODY_CHARS = 500;

export const WEBHOOK_SEND_MESSAGES = {
  redirected: 'The endpoint redirected; webhooks do not follow redirects.',
  timed_out: (timeoutMs: number) =>
    `The endpoint did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`} (timed out).`,
  http_status: (status: number, said: string) =>
    `The endpoint answered HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}.${said ? ` It said: ${said}` : ''}`,
} as const;

export interface WebhookSendOptions {
  /** Refuse private, loopback and link-local addresses, and plain http (on in production). */
  blockPrivateAddresses: boolean;
  timeoutMs?: number;
}

export interface WebhookSendResult {
  ok: boolean;
  /** The endpoint's HTTP status, when it answered. */
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** The send options this server uses: the feeds' decision on private addresses. */
export function webhookSendOptions(env: Env): WebhookSendOptions {
  return { blockPrivateAddresses: feedFetchOptions(env).blockPrivateAddresses ?? true };
}

/**
 * An endpoint address as stored (the URL parser's form, without a fragment), or why it cannot
 * be one. The same check runs when an endpoint is saved and before every send.
 */
export function checkWebhookUrl(
  raw: string,
  options: Pick<WebhookSendOptions, 'blockPrivateAddresses'>,
): { url: URL } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: AUTOMATION_MESSAGES.webhook_url_invalid };
  }
  url.hash = '';
  const allowed = options.blockPrivateAddresses ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) return { error: AUTOMATION_MESSAGES.webhook_url_https };
  if (!url.hostname || url.href.length > WEBHOOK_ENDPOINT_URL_MAX) {
    return { error: AUTOMATION_MESSAGES.webhook_url_invalid };
  }
  if (url.username || url.password) return { error: AUTOMATION_MESSAGES.webhook_url_credentials };
  if (options.blockPrivateAddresses && isLocalHostName(url.hostname)) {
    return { error: AUTOMATION_MESSAGES.webhook_url_private };
  }
  return { url };
}

/** Up to `maxBytes` of the answer; the rest is not read (the connection is closed). */
async function readAtMost(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    chunks.push(buffer.subarray(0, maxBytes - size));
    size += buffer.length;
    if (size >= maxBytes) {
      response.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

/**
 * What an error answer said, fit to store and show: plain text on one line, at most 500
 * characters (whole characters: a cut surrogate pair or a NUL would not store in PostgreSQL).
 */
function excerpt(response: IncomingMessage, body: Buffer): string {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '') return '';
  const text = body
    .toString('utf8')
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, WEBHOOK_ERROR_BODY_CHARS).join('');
}

function connectionError(error: unknown, host: string): string {
  const described = describeNetworkError(error, host);
  // The lookup's refusal speaks of feeds; the address itself is never stored.
  return described instanceof FeedFetchError && described.kind === 'blocked_address'
    ? AUTOMATION_MESSAGES.webhook_url_private
    : described.message;
}

/** POSTs `body` with `headers` to `url`, once (see the module comment for every safeguard). */
export async function sendWebhook(
  request: { url: string; body: string; headers: Record<string, string> },
  options: WebhookSendOptions,
): Promise<WebhookSendResult> {
  const started = performance.now();
  const result = (responseStatus: number | null, error: string | null): WebhookSendResult => ({
    ok: error === null,
    responseStatus,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  const checked = checkWebhookUrl(request.url, options);
  if ('error' in checked) return result(null, checked.error);
  const { url } = checked;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);

  let response: IncomingMessage;
  try {
    response = await openRequest(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        body: request.body,
      },
      signal,
      options.blockPrivateAddresses,
    );
  } catch (error) {
    if (signal.aborted) return result(null, WEBHOOK_SEND_MESSAGES.timed_out(timeoutMs));
    return result(null, connectionError(error, url.hostname));
  }

  const status = response.statusCode ?? 0;
  let body: Buffer;
  try {
    body = await readAtMost(response, WEBHOOK_MAX_RESPONSE_BYTES);
  } catch (error) {
    response.destroy();
    if (signal.aborted) return result(status, WEBHOOK_SEND_MESSAGES.timed_out(timeoutMs));
    return result(status, connectionError(error, url.hostname));
  }
  if (status >= 200 && status < 300) return result(status, null);
  if (status >= 300 && status < 400) return result(status, WEBHOOK_SEND_MESSAGES.redirected);
  return result(status, WEBHOOK_SEND_MESSAGES.http_status(status, excerpt(response, body)));
}
