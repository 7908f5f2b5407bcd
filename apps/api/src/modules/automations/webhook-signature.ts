import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * How an outbound webhook is signed (docs/webhooks.md). The receiver holds the endpoint's secret
 * and recomputes HMAC-SHA256(secret, "<t>.<raw body>"): a match proves the body came from us
 * unchanged, and the timestamp inside the signed text lets it refuse an old request replayed.
 * `verifySignature` is the function a receiver writes; the tests verify with it.
 */

export const SIGNATURE_HEADER = 'Complivue-Signature';
export const EVENT_HEADER = 'Complivue-Event';
export const DELIVERY_HEADER = 'Complivue-Delivery';
export const WEBHOOK_USER_AGENT = 'Complivue-Webhooks/1.0';
/** How far a signature's timestamp may be from the receiver's clock: 5 minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function createWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The `Complivue-Signature` value for a body sent at `now`: `t=<unix seconds>,v1=<hex>`. */
export function signPayload(secret: string, body: string, now: Date = new Date()): string {
  const timestamp = unixSeconds(now);
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * Whether `header` is a valid signature of `body` with `secret`, made within `toleranceSeconds`
 * of `now`. Each `v1` is compared in constant time; any one matching is enough (a header may
 * carry several).
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  if (!header) return false;
  const { toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS, now = new Date() } = options;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,15}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(unixSeconds(now) - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
}
