import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { sendWebApp } from './web-app.ts';

/**
 * Unknown `/api/*` paths are JSON 404s. Any other GET is a page of the single-page app, which
 * shows the landing page for paths it does not know; without a built app it is a 404 too.
 */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPageRequest && app.webAppIndexHtml) {
      return sendWebApp(reply, app.webAppIndexHtml);
    }
    throw AppError.notFound();
  });
}
