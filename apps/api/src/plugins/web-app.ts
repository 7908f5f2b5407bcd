import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, and every
 * unknown non-API path answered with the app (the spec: unknown paths show the landing page).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built: ${indexFile} is missing. Run "npm run build".`);
  }
  const indexHtml = readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(join(root, 'assets'));
      res.header('cache-control', isHashedAsset ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  app.decorate('webAppIndexHtml', indexHtml);
  // fastify-static answers a directory without an index with 403; `/` is the landing page.
  app.get('/', (_request, reply) => sendWebApp(reply, indexHtml));
}

/** The app's HTML: never cached, so a deploy is picked up on the next navigation. */
export function sendWebApp(reply: FastifyReply, indexHtml: Buffer): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
}

declare module 'fastify' {
  interface FastifyInstance {
    webAppIndexHtml?: Buffer;
  }
}
