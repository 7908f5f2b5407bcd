import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Written by the web build (apps/web/scripts/prerender.ts). */
interface SiteManifest {
  pages: Record<string, string>;
  notFound: string;
  appShell: string;
  appRoutes: string[];
  originPlaceholder: string;
}

export interface WebDocuments {
  /** The landing page marked noindex: the answer to any unknown page path (SPEC.md §2). */
  notFound: Buffer;
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
    Buffer.from(
      readFileSync(join(root, file), 'utf8').replaceAll(manifest.originPlaceholder, origin),
    );

  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    // Documents are answered by the routes below, never as files.
    allowedPath: (pathname) => !pathname.endsWith('.html') && !pathname.endsWith('.json'),
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(join(root, 'assets'));
      res.header('cache-control', isHashedAsset ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  for (const [pathname, file] of Object.entries(manifest.pages)) {
    const html = load(file);
    app.get(pathname, (_request, reply) => sendDocument(reply, html));
  }
  const appShell = load(manifest.appShell);
  for (const pattern of manifest.appRoutes) {
    app.get(pattern, (_request, reply) => sendDocument(reply, appShell));
  }
  for (const [file, type] of [
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    const body = load(file);
    app.get(`/${file}`, (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=3600').send(body),
    );
  }
  app.decorate('webDocuments', { notFound: load(manifest.notFound) });
}

/** A document: never cached, so a deploy is picked up on the next navigation. */
export function sendDocument(reply: FastifyReply, html: Buffer): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

declare module 'fastify' {
  interface FastifyInstance {
    webDocuments?: WebDocuments;
  }
}
