import { userCookieConsent } from '@complivue/db/schema/activity';
import {
  cookieConsentSavedSchema,
  cookieConsentSchema,
  siteConfigSchema,
  storedCookieConsentSchema,
} from '@complivue/shared/schemas/cookie-consent';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, SIGNED_IN } from '../../lib/route-access.ts';
import { loadAuthContext, requireAuth } from '../auth/access.ts';

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
      await app.database.db
        .insert(userCookieConsent)
        .values({ userId: auth.user.id, consentData: request.body })
        .onConflictDoUpdate({
          target: userCookieConsent.userId,
          set: { consentData: request.body, updatedAt: sql`now()` },
        });
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
      const [row] = await app.database.db
        .select({ consentData: userCookieConsent.consentData })
        .from(userCookieConsent)
        .where(eq(userCookieConsent.userId, auth.user.id));
      const parsed = cookieConsentSchema.safeParse(row?.consentData);
      return { consent: parsed.success ? parsed.data : null };
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
