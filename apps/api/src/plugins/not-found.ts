import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { sendDocument } from './web-app.ts';

/** The session cookie's name: a request carrying it most likely comes from a member. */
const SESSION_COOKIE = /(?:^|;\s*)complivue\.session_token=/;

/**
 * Unknown `/api/*` paths are JSON 404s. Any other unknown page path shows the landing page
 * (docs/product.md § Routes) with status 200 and `noindex`; to a browser with a session it
 * answers the app with 404, whose router shows the member an in-app "page not found" with a way
 * back (a visitor whose session has ended is sent on to the landing page). Without a built app
 * it is a 404 too.
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
      if (SESSION_COOKIE.test(String(request.headers.cookie ?? ''))) {
        return sendDocument(request, reply.status(404), app.webDocuments.appShell);
      }
      return sendDocument(request, reply, app.webDocuments.notFound);
    }
    throw new AppError('not_found');
  });
}
