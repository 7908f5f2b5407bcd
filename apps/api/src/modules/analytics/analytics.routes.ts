import { planHasFeature } from '@complivue/shared/features';
import { ROLE_RANK } from '@complivue/shared/roles';
import {
  analyticsChangesSchema,
  analyticsComplianceSchema,
  analyticsDeadlinesSchema,
  analyticsOverviewSchema,
  analyticsQuerySchema,
  analyticsTeamSchema,
} from '@complivue/shared/schemas/analytics';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../lib/actor.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requirePlan } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import { institutionFacts } from '../companies/institution.ts';
import { institutionDay } from './analytics-snapshots.ts';
import {
  getAnalyticsChanges,
  getAnalyticsCompliance,
  getAnalyticsDeadlines,
  getAnalyticsOverview,
  getAnalyticsTeam,
  type AnalyticsViewer,
} from './analytics.service.ts';
import { boardReportPdf, findBoardReport } from './board-report.ts';

/** `/analytics` needs the professional plan (analytics_reporting), so does every route of it. */
const ANALYTICS = requirePlan('professional');

/**
 * Analytics and board reporting: the period's figures, each drill-down's records and the board
 * report, all read-only and of the caller's institution.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const viewerOf = (request: FastifyRequest): AnalyticsViewer & { seesNames: boolean } => {
    const auth = requireAuth(request);
    const actor = requireActor(request);
    const plan = auth.subscription?.planName;
    return {
      companyId: actor.companyId,
      actorUserId: actor.actorUserId,
      role: actor.role,
      facts: institutionFacts(auth.company),
      today: institutionDay(app.deps.clock()),
      advanced:
        actor.role === 'super_admin' || (plan ? planHasFeature(plan, 'advanced_analytics') : false),
      // Managers and administrators compare colleagues' work; members see the team's (0023).
      seesNames: ROLE_RANK[actor.role] >= ROLE_RANK.manager,
    };
  };

  const read = { config: { access: ANALYTICS } } as const;

  app.get(
    '/api/analytics/overview',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary:
          'The period’s headline figures beside the period before (score with its coverage, changes, deadlines, updates, risks, team work) and the daily trend',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsOverviewSchema },
      },
    },
    (request) => getAnalyticsOverview(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/analytics/compliance',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary:
          'Each regulation area’s score and coverage at the period’s close and the one before',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsComplianceSchema },
      },
    },
    (request) => getAnalyticsCompliance(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/analytics/changes',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary: 'The changes identified or closed in the period, by month, with their cycle times',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsChangesSchema },
      },
    },
    (request) => getAnalyticsChanges(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/analytics/deadlines',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary:
          'The period’s due dates with what became of each (met on time, done late, missed, not yet due), and the next 90 days',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsDeadlinesSchema },
      },
    },
    (request) => getAnalyticsDeadlines(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/analytics/team',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary:
          'The team’s compliance work in the period by kind, and by member for managers and administrators',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsTeamSchema },
      },
    },
    (request) => getAnalyticsTeam(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/analytics/board-report.pdf',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary:
          'The board report of the period (PDF): an executive summary written from the figures, with each figure’s source',
        querystring: analyticsQuerySchema,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const now = app.deps.clock();
      const auth = requireAuth(request);
      const report = await findBoardReport(db, viewer, request.query);
      await recordAudit(db, requestOrigin(request), {
        action: 'analytics.board_report_exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'analytics',
        after: { format: 'pdf', period: report.overview.period.key },
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="board-report-${report.overview.period.key.replace('..', '-to-')}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(
          boardReportPdf(report, {
            preparedBy: auth.profile.fullName ?? auth.user.email,
            now,
          }),
        );
    },
  );
};
