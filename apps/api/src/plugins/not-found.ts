import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { sendDocument } from './web-app.ts';

/**
 * Unknown `/api/*` paths are JSON 404s. Any other unknown page path shows the landing page
 * (docs/product.md § Routes) with status 200 and `noindex`; without a built app it is a 404 too.
 */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (an old asset after a deploy, say) is a 404, never a page in its place.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (isPageRequest && app.webDocuments) {
      return sendDocument(request, reply, app.webDocuments.notFound);
    }
    throw new AppError('not_found');
  });
}
