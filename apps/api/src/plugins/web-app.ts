import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Written by the web build (apps/web/scripts/prerender.ts). */
interface SiteManifest {
  pages: Record<string, string>;
  notFound: string;
  appShell: string;
  appRoutes: string[];
  originPlaceholder: string;
}

/**
 * A document kept in memory. Its compressed forms are made on the first request that wants
 * them and kept: start-up does not pay for the dozens of pages nobody may ask for.
 */
export interface WebDocument {
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

export interface WebDocuments {
  /**
   * The landing page marked noindex: the answer to any unknown page path
   * (docs/product.md § Routes).
   */
  notFound: WebDocument;
  /** The app, whose router shows a signed-in member its own "page not found". */
  appShell: WebDocument;
}

function toDocument(raw: Buffer): WebDocument {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    raw,
    get br() {
      return (br ??= brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }));
    },
    get gzip() {
      return (gzip ??= gzipSync(raw, { level: 9 }));
    },
  };
}

/**
 * Serves the built web app: the prerendered website pages, the single-page app on its routes,
 * hashed assets cached for a year, HTML never cached. The public origin (APP_URL) is written
 * into canonical links, the sitemap and robots.txt here, so one build serves any deployment.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; appUrl: string },
): Promise<void> {
  const root = resolve(options.distDir);
  const manifestFile = join(root, 'site-manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`The web app is not built: ${manifestFile} is missing. Run "npm run build".`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SiteManifest;
  const origin = new URL(options.appUrl).origin;
  const load = (file: string) =>
    toDocument(
      Buffer.from(
        readFileSync(join(root, file), 'utf8').replaceAll(manifest.originPlaceholder, origin),
      ),
    );

  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    // The build wrote .br and .gz beside every text asset.
    preCompressed: true,
    // Documents are answered by the routes below, never as files.
    allowedPath: (pathname) => !/\.(html|json|xml|txt)$/.test(pathname),
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(join(root, 'assets'));
      res.header('cache-control', isHashedAsset ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  for (const [pathname, file] of Object.entries(manifest.pages)) {
    const html = load(file);
    app.get(pathname, (request, reply) => sendDocument(request, reply, html));
  }
  const appShell = load(manifest.appShell);
  for (const pattern of manifest.appRoutes) {
    app.get(pattern, (request, reply) => sendDocument(request, reply, appShell));
  }
  for (const [file, type] of [
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    const body = load(file);
    app.get(`/${file}`, (request, reply) =>
      sendCompressed(
        request,
        reply.type(type).header('cache-control', 'public, max-age=3600'),
        body,
      ),
    );
  }
  app.decorate('webDocuments', { notFound: load(manifest.notFound), appShell });
}

function sendCompressed(request: FastifyRequest, reply: FastifyReply, document: WebDocument) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(document.br);
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(document.gzip);
  return reply.send(document.raw);
}

/** A document: never cached, so a deploy is picked up on the next navigation. */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: WebDocument,
): FastifyReply {
  return sendCompressed(
    request,
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'),
    document,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    webDocuments?: WebDocuments;
  }
}
