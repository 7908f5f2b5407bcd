import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FeedFormat } from '@complivue/shared/regulatory-monitoring';

/**
 * Fetching a feed document, defensively: it is a request to an address an institution typed.
 *
 * - Conditional GET: the ETag and Last-Modified of the last good poll are sent back, and a 304
 *   means "nothing new" (the stored items stay as they are).
 * - One deadline for the whole exchange (connect, redirects, headers, body), so a server that
 *   never answers, or drips bytes forever, ends in an error.
 * - The body is counted while it streams (after decompression) and the request is aborted past
 *   the limit: an endless or huge response costs at most `maxBytes` of memory.
 * - Only http(s); at most `maxRedirects` redirects, each checked like the first address.
 * - The content type must be the format's (XML for RSS and Atom, JSON for the Federal Register).
 * - Private, loopback and link-local addresses are refused when `blockPrivateAddresses` is on
 *   (production): otherwise anyone who may add a source could make the server read internal
 *   services (cloud metadata at 169.254.169.254, an admin port on 127.0.0.1…) and show the
 *   answer as "feed items". The check runs on the address the connection actually uses (a
 *   `lookup` hook), so a name that resolves differently the second time cannot slip through.
 *   Tests serve their fixtures from 127.0.0.1, so they turn it off.
 *
 * Node's own `fetch` (undici) offers no hook on the resolved address without the undici package
 * itself, so this uses node:http/https, which take a `lookup` function per request.
 */

export const FEED_FETCH_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 5;

export interface FeedFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Refuse private, loopback and link-local addresses (on in production). */
  blockPrivateAddresses?: boolean;
  userAgent?: string;
}

export interface FeedFetchRequest extends FeedFetchOptions {
  url: string;
  format: FeedFormat;
  etag?: string | null;
  lastModified?: string | null;
}

export type FeedFetchResult =
  | { status: 'not_modified' }
  | {
      status: 'ok';
      body: Buffer;
      contentType: string;
      charset: string | null;
      etag: string | null;
      lastModified: string | null;
      /** The address after redirects: relative links in the document resolve against it. */
      url: string;
    };

export type FeedFetchErrorKind =
  | 'invalid_url'
  | 'blocked_address'
  | 'network'
  | 'timeout'
  | 'http_status'
  | 'too_many_redirects'
  | 'too_large'
  | 'content_type';

/**
 * A failed fetch, with a message a super admin or administrator can act on (stored on the source
 * and shown to them), and optionally a detail for the server's log only (such as the internal
 * address a name resolved to, which the people who add sources must not learn).
 */
export class FeedFetchError extends Error {
  constructor(
    readonly kind: FeedFetchErrorKind,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** Every range a public feed cannot be on: private, loopback, link-local, shared, reserved. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291), the unspecified address and
  // loopback: nothing public lives here, and ::10.0.0.1 would reach a private host.
  ['::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** IPv4 written inside IPv6 (::ffff:10.0.0.1, 64:ff9b::a00:1) is checked as IPv4. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the internet. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return NON_PUBLIC.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return NON_PUBLIC.check(v4, 'ipv4');
    return NON_PUBLIC.check(address, 'ipv6');
  }
  return true;
}

const PUBLIC_ONLY = 'feeds must be on the public internet.';

/** A DNS lookup that refuses names resolving to non-public addresses. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const blocked = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (blocked || addresses.length === 0) {
      // The address itself goes to the log only (the poller logs `detail`).
      callback(
        new FeedFetchError(
          'blocked_address',
          `${hostname} resolves to a private or internal address; ${PUBLIC_ONLY}`,
          `${hostname} resolved to ${blocked?.address ?? 'no address'}`,
        ),
        '',
        0,
      );
      return;
    }
    if (options.all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    } else {
      callback(null, addresses[0]!.address, addresses[0]!.family);
    }
  });
};

/** Whether a host (name or literal address) is plainly local, before any lookup. */
export function isLocalHostName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return isNonPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
}

// ---------------------------------------------------------------------------------------------
// Content types

const XML_TYPES = /^(application|text)\/([\w.+-]+\+)?xml$/;
const JSON_TYPES = /^application\/([\w.+-]+\+)?json$/;

function contentTypeMatches(format: FeedFormat, type: string): boolean {
  return format === 'federal_register' ? JSON_TYPES.test(type) : XML_TYPES.test(type);
}

const EXPECTED_TYPES: Record<FeedFormat, string> = {
  rss: 'an XML type such as application/rss+xml or text/xml',
  atom: 'an XML type such as application/atom+xml or application/xml',
  federal_register: 'application/json',
};

const ACCEPT: Record<FeedFormat, string> = {
  rss: 'application/rss+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8',
  atom: 'application/atom+xml, application/xml;q=0.8, text/xml;q=0.8',
  federal_register: 'application/json',
};

function parseContentType(header: string | undefined): { type: string; charset: string | null } {
  if (!header) return { type: '', charset: null };
  const [type = '', ...parameters] = header.split(';');
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(parameter)?.[1])
    .find(Boolean);
  return { type: type.trim().toLowerCase(), charset: charset ?? null };
}

// ---------------------------------------------------------------------------------------------

const STATUS_TEXT: Record<number, string> = http.STATUS_CODES as Record<number, string>;

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved right now',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  HPE_INVALID_CONSTANT: 'it did not answer in HTTP',
};

/** A failed connection in words ("Could not reach host: the connection was refused"). */
export function describeNetworkError(error: unknown, host: string): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const code = (error as { code?: string }).code ?? '';
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof FeedFetchError) return cause;
  const reason =
    NETWORK_REASONS[code] ?? (error instanceof Error ? error.message : 'an unknown error');
  return new FeedFetchError(
    'network',
    `Could not reach ${host}: ${reason}${code ? ` (${code})` : ''}.`,
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/** Errors reach the reader through the last stream (pipeline destroys every stream on error). */
const ignore = () => {};

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  switch (encoding) {
    case 'identity':
    case '':
      return response;
    case 'gzip':
    case 'x-gzip':
      return pipeline(response, createGunzip(), ignore);
    case 'deflate':
      return pipeline(response, createInflate(), ignore);
    case 'br':
      return pipeline(response, createBrotliDecompress(), ignore);
    default:
      throw new FeedFetchError(
        'content_type',
        `The server sent the feed with an encoding this reader does not support (${encoding}).`,
      );
  }
}

/**
 * One request on a connection of its own, answered with the response's head; with
 * `blockPrivate`, the connection goes through `publicOnlyLookup` (outbound webhooks use it too).
 */
export function openRequest(
  url: URL,
  options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  signal: AbortSignal,
  blockPrivate: boolean,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: options.method,
      headers: options.headers,
      signal,
      agent: false,
      ...(blockPrivate ? { lookup: publicOnlyLookup } : {}),
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Fetches a feed document (see the module comment for every safeguard). */
export async function fetchFeed(request: FeedFetchRequest): Promise<FeedFetchResult> {
  const timeoutMs = request.timeoutMs ?? FEED_FETCH_TIMEOUT_MS;
  const maxBytes = request.maxBytes ?? FEED_MAX_BYTES;
  const maxRedirects = request.maxRedirects ?? FEED_MAX_REDIRECTS;
  const blockPrivate = request.blockPrivateAddresses ?? true;
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () =>
    new FeedFetchError(
      'timeout',
      `The server did not send the whole feed within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`} (timed out).`,
    );

  const headers: Record<string, string> = {
    accept: ACCEPT[request.format],
    'accept-encoding': 'gzip, deflate, br',
    // Some agency sites refuse requests without a language (seen on consumerfinance.gov).
    'accept-language': 'en-US,en;q=0.9',
    'user-agent': request.userAgent ?? 'Complivue-FeedReader/1.0',
  };
  if (request.etag) headers['if-none-match'] = request.etag;
  if (request.lastModified) headers['if-modified-since'] = request.lastModified;

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new FeedFetchError('invalid_url', 'The source address is not a valid URL.');
  }

  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FeedFetchError(
        'invalid_url',
        `Only http and https addresses can be polled (got ${url.protocol.replace(/:$/, '')}).`,
      );
    }
    if (url.username || url.password) {
      throw new FeedFetchError(
        'invalid_url',
        'The address may not contain a user name or password.',
      );
    }
    // Literal addresses never go through `lookup`, so they are checked here.
    if (blockPrivate && isLocalHostName(url.hostname)) {
      throw new FeedFetchError(
        'blocked_address',
        redirects === 0
          ? `${url.hostname} is a private or internal address; ${PUBLIC_ONLY}`
          : `The address redirected to a private or internal address; ${PUBLIC_ONLY}`,
        `${url.hostname} (after ${redirects} redirects)`,
      );
    }

    let response: IncomingMessage;
    try {
      response = await openRequest(url, { method: 'GET', headers }, signal, blockPrivate);
    } catch (error) {
      if (signal.aborted) throw timedOut();
      throw describeNetworkError(error, url.hostname);
    }

    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      if (redirects >= maxRedirects) {
        throw new FeedFetchError(
          'too_many_redirects',
          `The address redirected more than ${maxRedirects} times.`,
        );
      }
      try {
        url = new URL(response.headers.location, url);
      } catch {
        throw new FeedFetchError('invalid_url', 'The server redirected to an invalid address.');
      }
      continue;
    }
    if (status === 304) {
      response.resume();
      return { status: 'not_modified' };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FeedFetchError(
        'http_status',
        `The server answered HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}.`,
      );
    }

    const { type, charset } = parseContentType(response.headers['content-type']);
    if (!contentTypeMatches(request.format, type)) {
      response.destroy();
      throw new FeedFetchError(
        'content_type',
        `The server sent ${type ? `content of type ${type}` : 'no content type'}, not ${EXPECTED_TYPES[request.format]}.`,
      );
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes && !response.headers['content-encoding']) {
      response.destroy();
      throw new FeedFetchError(
        'too_large',
        `The feed is larger than ${formatBytes(maxBytes)} (${formatBytes(declared)}); it was not read.`,
      );
    }

    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of decoded(response)) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.destroy();
          throw new FeedFetchError(
            'too_large',
            `The feed is larger than ${formatBytes(maxBytes)}; reading stopped there.`,
          );
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      response.destroy();
      if (error instanceof FeedFetchError) throw error;
      if (signal.aborted) throw timedOut();
      throw describeNetworkError(error, url.hostname);
    }
    const header = (name: string) => {
      const value = response.headers[name];
      return typeof value === 'string' && value.length <= 500 ? value : null;
    };
    return {
      status: 'ok',
      body: Buffer.concat(chunks),
      contentType: type,
      charset,
      etag: header('etag'),
      lastModified: header('last-modified'),
      url: url.toString(),
    };
  }
}
