import { gzipSync } from 'node:zlib';
import { AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endlessBody,
  neverAnswer,
  startFeedServer,
  type FeedServer,
} from '../../../test/fixtures/feeds/feed-server.ts';
import { checkWebhookUrl, sendWebhook } from './webhook-send.ts';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(() => server.close());

const post = (path: string, options: { timeoutMs?: number } = {}) =>
  sendWebhook(
    { url: server.url(path), body: '{"id":"d1"}', headers: { 'content-type': 'application/json' } },
    { blockPrivateAddresses: false, ...options },
  );

describe('sending one webhook', () => {
  it('ends an exchange that takes longer than its deadline', async () => {
    server.route('/slow', neverAnswer);
    // A short deadline (the real one is 10 seconds): the request must end, not hang.
    const result = await post('/slow', { timeoutMs: 300 });
    expect(result).toMatchObject({
      ok: false,
      responseStatus: null,
      error: 'The endpoint did not answer within 300 ms (timed out).',
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('reads at most 64 KB of an endless answer and counts a 2xx as delivered', async () => {
    server.route('/endless', endlessBody('text/plain'));
    expect(await post('/endless')).toMatchObject({ ok: true, responseStatus: 200, error: null });
  });

  it('keeps no excerpt of a compressed error answer, and names the status', async () => {
    server.route('/gzip', (_request, response) => {
      response
        .writeHead(422, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        .end(gzipSync('unprocessable'));
    });
    expect(await post('/gzip')).toMatchObject({
      ok: false,
      responseStatus: 422,
      error: 'The endpoint answered HTTP 422 Unprocessable Entity.',
    });
  });

  it('sends the body with its length, by POST', async () => {
    server.route('/echo', (request, response) => {
      response.writeHead(request.method === 'POST' ? 202 : 405).end();
    });
    expect(await post('/echo')).toMatchObject({ ok: true, responseStatus: 202 });
    const request = server.requests.find((entry) => entry.path === '/echo')!;
    expect(request.headers['content-length']).toBe(String('{"id":"d1"}'.length));
  });
});

describe('endpoint addresses', () => {
  const blocking = { blockPrivateAddresses: true };
  const allowing = { blockPrivateAddresses: false };
  const errorOf = (url: string, options = blocking) => {
    const checked = checkWebhookUrl(url, options);
    return 'error' in checked ? checked.error : checked.url.href;
  };

  it('stores the parser’s form of a public https address, without its fragment', () => {
    expect(errorOf(' https://Hooks.Example.com/a b?x=1#part ')).toBe(
      'https://hooks.example.com/a%20b?x=1',
    );
  });

  it('refuses what is not a public https address while private ones are refused', () => {
    expect(errorOf('hooks.example.com')).toBe(AUTOMATION_MESSAGES.webhook_url_invalid);
    expect(errorOf('http://hooks.example.com/')).toBe(AUTOMATION_MESSAGES.webhook_url_https);
    expect(errorOf('javascript:alert(1)')).toBe(AUTOMATION_MESSAGES.webhook_url_https);
    expect(errorOf('https://a:b@hooks.example.com/')).toBe(
      AUTOMATION_MESSAGES.webhook_url_credentials,
    );
    for (const internal of [
      'https://127.0.0.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://192.168.1.10/',
      'https://169.254.169.254/',
      'https://2130706433/',
      'https://printer.local/',
    ]) {
      expect(errorOf(internal), internal).toBe(AUTOMATION_MESSAGES.webhook_url_private);
    }
    expect(errorOf(`https://hooks.example.com/${'a'.repeat(2000)}`)).toBe(
      AUTOMATION_MESSAGES.webhook_url_invalid,
    );
  });

  it('allows http and local addresses where private addresses are allowed (development, tests)', () => {
    expect(errorOf('http://127.0.0.1:8080/hooks', allowing)).toBe('http://127.0.0.1:8080/hooks');
    expect(errorOf('ftp://127.0.0.1/', allowing)).toBe(AUTOMATION_MESSAGES.webhook_url_https);
  });
});
