import { dashboardSchema } from '@complivue/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { institutionFacts } from '../companies/institution.ts';
import { computeDashboard } from './dashboard-figures.ts';
import { todayIn } from '@complivue/shared/calendar-days';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      // docs/product.md § Route requirements: the dashboard needs a sign-in only.
      config: { access: SIGNED_IN },
      schema: {
        tags: ['dashboard'],
        summary:
          "The dashboard's figures: your active alerts, the next 30 days' deadlines, your team's actions this week, the compliance score",
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return computeDashboard(app.database.db, {
        userId: auth.user.id,
        role: auth.profile.role,
        companyId: auth.profile.companyId,
        facts: institutionFacts(auth.company),
        today: todayIn(auth.profile.timezone),
      });
    },
  );
};
