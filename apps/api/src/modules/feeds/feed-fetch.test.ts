import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endlessBody,
  feedFixture,
  neverAnswer,
  serveFixture,
  startFeedServer,
  type FeedServer,
} from '../../../test/fixtures/feeds/feed-server.ts';
import {
  FeedFetchError,
  fetchFeed,
  isLocalHostName,
  isNonPublicAddress,
  publicOnlyLookup,
  type FeedFetchRequest,
} from './feed-fetch.ts';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(() => server.close());

const RSS = 'application/rss+xml; charset=utf-8';
// Tests serve fixtures from 127.0.0.1: the production guard against private addresses is off.
const local = (request: Omit<FeedFetchRequest, 'blockPrivateAddresses'>) =>
  fetchFeed({ blockPrivateAddresses: false, ...request });

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    return error as FeedFetchError;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetchFeed', () => {
  it('returns the document with its validators and charset', async () => {
    server.route(
      '/newsroom.xml',
      serveFixture('cfpb-newsroom.rss.xml', RSS, {
        etag: '"v1"',
        lastModified: 'Tue, 17 Nov 2026 20:00:00 GMT',
      }),
    );
    const result = await local({ url: server.url('/newsroom.xml'), format: 'rss' });
    expect(result).toMatchObject({
      status: 'ok',
      contentType: 'application/rss+xml',
      charset: 'utf-8',
      etag: '"v1"',
      lastModified: 'Tue, 17 Nov 2026 20:00:00 GMT',
      url: server.url('/newsroom.xml'),
    });
    if (result.status === 'ok') {
      expect(result.body.equals(feedFixture('cfpb-newsroom.rss.xml'))).toBe(true);
    }
    const sent = server.requests.at(-1)!.headers;
    expect(sent.accept).toMatch(/application\/rss\+xml/);
    expect(sent['accept-language']).toMatch(/^en-US/);
  });

  it('sends the validators back and reads 304 as not modified', async () => {
    server.route('/conditional.xml', serveFixture('cfpb-newsroom.rss.xml', RSS, { etag: '"v7"' }));
    const result = await local({
      url: server.url('/conditional.xml'),
      format: 'rss',
      etag: '"v7"',
      lastModified: 'Tue, 17 Nov 2026 20:00:00 GMT',
    });
    expect(result).toEqual({ status: 'not_modified' });
    const sent = server.requests.at(-1)!.headers;
    expect(sent['if-none-match']).toBe('"v7"');
    expect(sent['if-modified-since']).toBe('Tue, 17 Nov 2026 20:00:00 GMT');
  });

  it('decompresses a gzip response', async () => {
    server.route('/gzip.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync(feedFixture('federal-register-documents.json')));
    });
    const result = await local({ url: server.url('/gzip.json'), format: 'federal_register' });
    expect(result.status === 'ok' && JSON.parse(result.body.toString()).count).toBe(6);
  });

  it('follows redirects, resolving relative locations, up to the limit', async () => {
    server.route('/moved', (_request, response) =>
      response.writeHead(301, { location: '/newsroom.xml' }).end(),
    );
    const moved = await local({ url: server.url('/moved'), format: 'rss' });
    expect(moved.status === 'ok' && moved.url).toBe(server.url('/newsroom.xml'));

    server.route('/loop', (_request, response) =>
      response.writeHead(302, { location: '/loop' }).end(),
    );
    const loop = await failure(local({ url: server.url('/loop'), format: 'rss', maxRedirects: 3 }));
    expect(loop.kind).toBe('too_many_redirects');
    expect(loop.message).toBe('The address redirected more than 3 times.');

    server.route('/to-file', (_request, response) =>
      response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    const toFile = await failure(local({ url: server.url('/to-file'), format: 'rss' }));
    expect(toFile.kind).toBe('invalid_url');
    expect(toFile.message).toMatch(/Only http and https addresses/);
  });

  it('times out on a server that never answers', async () => {
    server.route('/silent.xml', neverAnswer);
    const error = await failure(
      local({ url: server.url('/silent.xml'), format: 'rss', timeoutMs: 200 }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The server did not send the whole feed within 200 ms (timed out).');
  });

  it('stops an endless response at the size limit', async () => {
    server.route('/endless.xml', endlessBody('application/rss+xml'));
    const error = await failure(
      local({ url: server.url('/endless.xml'), format: 'rss', maxBytes: 256 * 1024 }),
    );
    expect(error.kind).toBe('too_large');
    expect(error.message).toBe('The feed is larger than 256 KB; reading stopped there.');
  });

  it('refuses a declared length over the limit without reading it', async () => {
    server.route('/huge.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml', 'content-length': 10 * 1024 * 1024 });
      response.write('<rss>');
    });
    const error = await failure(local({ url: server.url('/huge.xml'), format: 'rss' }));
    expect(error.kind).toBe('too_large');
    expect(error.message).toBe('The feed is larger than 5 MB (10 MB); it was not read.');
  });

  it('times out on a response that drips forever', async () => {
    server.route('/drip.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      const timer = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(timer));
    });
    const error = await failure(
      local({ url: server.url('/drip.xml'), format: 'rss', timeoutMs: 300 }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('times out on a compressed response that stalls', async () => {
    server.route('/stalled.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      gzip.pipe(response);
      gzip.write('{"results": [');
      gzip.flush();
    });
    const error = await failure(
      local({ url: server.url('/stalled.json'), format: 'federal_register', timeoutMs: 300 }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('refuses a content type that is not the format’s', async () => {
    server.route('/page.html', serveFixture('web-page.html', 'text/html; charset=utf-8'));
    const html = await failure(local({ url: server.url('/page.html'), format: 'rss' }));
    expect(html.kind).toBe('content_type');
    expect(html.message).toBe(
      'The server sent content of type text/html, not an XML type such as application/rss+xml or text/xml.',
    );
    server.route('/xml-for-json', serveFixture('cfpb-newsroom.rss.xml', 'application/xml'));
    const xml = await failure(
      local({ url: server.url('/xml-for-json'), format: 'federal_register' }),
    );
    expect(xml.message).toBe(
      'The server sent content of type application/xml, not application/json.',
    );
    server.route('/untyped', (_request, response) => {
      response.removeHeader('content-type');
      response.end('<rss/>');
    });
    const untyped = await failure(local({ url: server.url('/untyped'), format: 'atom' }));
    expect(untyped.message).toMatch(/^The server sent no content type/);
  });

  it('reports HTTP errors and unreachable hosts in words', async () => {
    const missing = await failure(local({ url: server.url('/missing.xml'), format: 'rss' }));
    expect(missing.kind).toBe('http_status');
    expect(missing.message).toBe('The server answered HTTP 404 Not Found.');

    const closed = await startFeedServer();
    const closedUrl = closed.url('/feed.xml');
    await closed.close();
    const refused = await failure(local({ url: closedUrl, format: 'rss' }));
    expect(refused.kind).toBe('network');
    expect(refused.message).toBe(
      'Could not reach 127.0.0.1: the connection was refused (ECONNREFUSED).',
    );
  });

  it('refuses other schemes and, in production, private and local addresses', async () => {
    expect(
      (await failure(fetchFeed({ url: 'ftp://ftp.example.gov/feed', format: 'rss' }))).kind,
    ).toBe('invalid_url');
    const loopback = await failure(fetchFeed({ url: server.url('/newsroom.xml'), format: 'rss' }));
    expect(loopback.kind).toBe('blocked_address');
    expect(loopback.message).toBe(
      '127.0.0.1 is a private or internal address; feeds must be on the public internet.',
    );
    for (const url of [
      'http://localhost:9/feed',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/feed',
      'http://[::ffff:10.0.0.1]/feed',
      'http://10.1.2.3/feed',
      'http://192.168.1.10/feed',
    ]) {
      expect((await failure(fetchFeed({ url, format: 'rss' }))).kind).toBe('blocked_address');
    }
  });
});

describe('address checks', () => {
  it('checks the address a host name resolves to when it connects', async (context) => {
    // A name that is not obviously local but resolves to a loopback address (the machine's own
    // name usually does, through /etc/hosts): only the lookup hook can catch it.
    const name = hostname();
    const { address } = await lookup(name).catch(() => ({ address: '' }));
    if (!address || !isNonPublicAddress(address) || isLocalHostName(name)) context.skip();
    const port = new URL(server.origin).port;
    const error = await failure(
      fetchFeed({ url: `http://${name}:${port}/newsroom.xml`, format: 'rss' }),
    );
    expect(error.kind).toBe('blocked_address');
    // What administrators see names no internal address; the log gets it.
    expect(error.message).toBe(
      `${name} resolves to a private or internal address; feeds must be on the public internet.`,
    );
    expect(error.message).not.toContain(address);
    expect(error.detail).toBe(`${name} resolved to ${address}`);
  });

  it('refuses a name resolving to a private address without saying which address', async () => {
    const error = await new Promise<unknown>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (lookupError) => resolve(lookupError)),
    );
    expect(error).toBeInstanceOf(FeedFetchError);
    const blocked = error as FeedFetchError;
    expect(blocked.kind).toBe('blocked_address');
    expect(blocked.message).toBe(
      'localhost resolves to a private or internal address; feeds must be on the public internet.',
    );
    expect(blocked.message).not.toMatch(/127\.0\.0\.1|::1/);
    expect(blocked.detail).toMatch(/^localhost resolved to (127\.0\.0\.1|::1)$/);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['172.20.1.1', true],
    ['192.168.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::10.0.0.1', true],
    ['::a00:1', true],
    ['::127.0.0.1', true],
    ['::8.8.8.8', true],
    ['8.8.8.8', false],
    ['152.216.11.1', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s non-public: %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });

  it('knows local host names', () => {
    expect(isLocalHostName('localhost')).toBe(true);
    expect(isLocalHostName('printer.local')).toBe(true);
    expect(isLocalHostName('[::1]')).toBe(true);
    expect(isLocalHostName('www.federalregister.gov')).toBe(false);
  });
});
