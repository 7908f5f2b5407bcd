import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createWebhookSecret, signPayload, verifySignature } from './webhook-signature.ts';

const SECRET = 'whsec_test-secret';
const BODY = '{"id":"d1","type":"ping","createdAt":"2026-11-27T12:00:00.000Z","data":{}}';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const T = NOW.getTime() / 1000;

describe('webhook signatures', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 of the secret, as the docs tell receivers', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signPayload(SECRET, BODY, NOW)).toBe(`t=${T},v1=${expected}`);
  });

  it('verifies its own signature within five minutes either way, and not after', () => {
    const header = signPayload(SECRET, BODY, NOW);
    expect(verifySignature(SECRET, BODY, header, { now: NOW })).toBe(true);
    expect(verifySignature(SECRET, BODY, header, { now: new Date(NOW.getTime() + 300_000) })).toBe(
      true,
    );
    expect(verifySignature(SECRET, BODY, header, { now: new Date(NOW.getTime() - 300_000) })).toBe(
      true,
    );
    expect(verifySignature(SECRET, BODY, header, { now: new Date(NOW.getTime() + 301_000) })).toBe(
      false,
    );
    expect(
      verifySignature(SECRET, BODY, header, {
        now: new Date(NOW.getTime() + 3_600_000),
        toleranceSeconds: 3600,
      }),
    ).toBe(true);
  });

  it('refuses another secret, a changed body, a changed timestamp and malformed headers', () => {
    const header = signPayload(SECRET, BODY, NOW);
    const at = { now: NOW };
    expect(verifySignature('whsec_other', BODY, header, at)).toBe(false);
    expect(verifySignature(SECRET, `${BODY} `, header, at)).toBe(false);
    expect(verifySignature(SECRET, BODY, header.replace(`t=${T}`, `t=${T + 1}`), at)).toBe(false);
    for (const malformed of [
      null,
      undefined,
      '',
      'garbage',
      `t=${T}`,
      `v1=${header.split('v1=')[1]}`,
      `t=abc,v1=${header.split('v1=')[1]}`,
      `t=${T},v1=zz`,
      `t=${T},v1=${'0'.repeat(64)}`,
    ]) {
      expect(verifySignature(SECRET, BODY, malformed, at), String(malformed)).toBe(false);
    }
  });

  it('accepts a header carrying several signatures when one matches', () => {
    const header = signPayload(SECRET, BODY, NOW);
    const [t, v1] = header.split(',');
    expect(verifySignature(SECRET, BODY, `${t},v1=${'a'.repeat(64)}, ${v1}`, { now: NOW })).toBe(
      true,
    );
  });

  it('makes a new random secret each time: whsec_ and 32 bytes in base64url', () => {
    const first = createWebhookSecret();
    const second = createWebhookSecret();
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    expect(second).not.toBe(first);
  });
});
