import {
  cookieConsentSavedSchema,
  cookieConsentSchema,
  siteConfigSchema,
  storedCookieConsentSchema,
} from '@complivue/shared/schemas/cookie-consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, SIGNED_IN } from '../../lib/route-access.ts';
import { loadAuthContext, requireAuth } from '../auth/access.ts';
import { findCookieConsent, saveCookieConsent } from './cookie-consent.service.ts';

export const cookieConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/cookie-consent',
    {
      // Public: the banner saves the same way for everyone; only a signed-in choice is kept here.
      config: { access: PUBLIC },
      schema: {
        tags: ['site'],
        summary:
          "Record the visitor's cookie choice on their account; without a session nothing is stored",
        body: cookieConsentSchema,
        response: { 200: cookieConsentSavedSchema },
      },
    },
    async (request, reply) => {
      const auth = await loadAuthContext(app, request, reply);
      if (!auth) return { saved: false };
      await saveCookieConsent(app.database.db, auth.user.id, request.body);
      return { saved: true };
    },
  );

  app.get(
    '/api/cookie-consent',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['site'],
        summary: 'The cookie choice kept on your account, to restore it in a new browser',
        response: { 200: storedCookieConsentSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { consent: await findCookieConsent(app.database.db, auth.user.id) };
    },
  );

  app.get(
    '/api/site-config',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['site'],
        summary:
          'The analytics and advertising scripts configured by the operator (each loads only with consent)',
        response: { 200: siteConfigSchema },
      },
    },
    async () => ({
      analyticsScriptUrl: app.env.ANALYTICS_SCRIPT_URL ?? null,
      marketingPixelUrl: app.env.MARKETING_PIXEL_URL ?? null,
    }),
  );
};
