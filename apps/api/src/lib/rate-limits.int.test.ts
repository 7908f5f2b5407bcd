import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/** Which routes count attempts against which limit (lib/rate-limits.ts), reviewed here. */
const EXPECTED_RATE_LIMITED_ROUTES = {
  'POST /api/auth/sign-up': 'sign-up',
  'POST /api/auth/sign-in': 'sign-in',
  'POST /api/auth/two-factor/verify': 'two-factor',
  'POST /api/auth/two-factor/disable': 'two-factor-disable',
  'POST /api/auth/password/forgot': 'reset',
  'POST /api/auth/password/reset': 'reset-submit',
  'POST /api/auth/password/change': 'password-change',
  'POST /api/setup': 'setup',
  'POST /api/team/invitations': 'invite',
  'POST /api/invitations/preview': 'invitation',
  'POST /api/invitations/accept': 'invitation',
  'POST /api/chat/messages': 'chat',
  'POST /api/contact': 'contact',
  'POST /api/support/tickets': 'support',
  'POST /api/support/tickets/:ticketId/messages': 'support-reply',
  'POST /api/automations/webhooks/:endpointId/test': 'webhook-send',
  'POST /api/automations/webhook-deliveries/:deliveryId/redeliver': 'webhook-send',
};

describe('rate-limited routes', () => {
  it('are the reviewed ones, and every declared limit is used', async () => {
    const t = await createTestApp();
    try {
      const declared = Object.fromEntries(
        t.app.apiRoutes
          .filter((route) => route.rateLimit)
          .map((route) => [`${route.method} ${route.url}`, route.rateLimit]),
      );
      expect(declared).toEqual(EXPECTED_RATE_LIMITED_ROUTES);
      expect(new Set(Object.values(declared))).toEqual(new Set(Object.keys(RATE_LIMITS)));
    } finally {
      await t.close();
    }
  });
});
