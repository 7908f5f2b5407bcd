import { planHasFeature } from '@complivue/shared/features';
import { ROLE_RANK } from '@complivue/shared/roles';
import {
  createReportScheduleRequestSchema,
  createSavedViewRequestSchema,
  reportScheduleListSchema,
  reportSendOutcomeSchema,
  savedViewListSchema,
  analyticsChangesSchema,
  analyticsMembersSchema,
  analyticsComplianceSchema,
  analyticsDeadlinesSchema,
  analyticsOverviewSchema,
  analyticsQuerySchema,
  analyticsTeamSchema,
} from '@complivue/shared/schemas/analytics';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requireAll, requireFeature, requirePlan, requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import { institutionFacts } from '../companies/institution.ts';
import { findActiveMembers } from '../companies/members.ts';
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
import {
  createReportSchedule,
  deleteReportSchedule,
  findReportSchedules,
  sendReportNow,
  unsubscribeFromReport,
} from './report-schedules.service.ts';
import { createSavedView, deleteSavedView, findSavedViews } from './saved-views.service.ts';

/** `/analytics` needs the professional plan (analytics_reporting), so does every route of it. */
const ANALYTICS = requirePlan('professional');
/** Saved views and scheduled reports are advanced analytics (the enterprise plan). */
const ADVANCED = requireAll(ANALYTICS, requireFeature('advanced_analytics'));
/** Administrators decide what is emailed, to whom, and how often. */
const ADVANCED_ADMIN = requireAll(ADVANCED, requireRole('admin'));

const scheduleParams = z.object({ scheduleId: z.uuid() });
const viewParams = z.object({ viewId: z.uuid() });
const created = z.object({ id: z.uuid() });

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

  app.get(
    '/api/analytics/members',
    {
      ...read,
      schema: {
        tags: ['analytics'],
        summary: 'The institution’s active members, for the owner filter',
        response: { 200: analyticsMembersSchema },
      },
    },
    async (request) => {
      const members = await findActiveMembers(db, requireActor(request).companyId);
      return { members: members.map(({ userId, name }) => ({ userId, name })) };
    },
  );

  app.get(
    '/api/analytics/report-schedules',
    {
      config: { access: ADVANCED },
      schema: {
        tags: ['analytics'],
        summary:
          'Scheduled reports: every one for an administrator, the ones you receive for anyone else, with recipients and the latest delivery',
        response: { 200: reportScheduleListSchema },
      },
    },
    async (request) => ({ schedules: await findReportSchedules(app.deps, requireActor(request)) }),
  );

  app.post(
    '/api/analytics/report-schedules',
    {
      config: { access: ADVANCED_ADMIN },
      schema: {
        tags: ['analytics'],
        summary:
          'Schedule the board report by email (weekly, monthly or quarterly, on the period just ended) to chosen members',
        body: createReportScheduleRequestSchema,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createReportSchedule(app.deps, {
          actor: requireActor(request),
          input: request.body,
        }),
      ),
  );

  app.delete(
    '/api/analytics/report-schedules/:scheduleId',
    {
      config: { access: ADVANCED_ADMIN },
      schema: { tags: ['analytics'], summary: 'Stop a scheduled report', params: scheduleParams },
    },
    async (request, reply) => {
      await deleteReportSchedule(app.deps, {
        actor: requireActor(request),
        scheduleId: request.params.scheduleId,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/analytics/report-schedules/:scheduleId/send',
    {
      config: { access: ADVANCED_ADMIN },
      schema: {
        tags: ['analytics'],
        summary:
          'Send the report of the last whole period now to each recipient who has not had it (never twice)',
        params: scheduleParams,
        response: { 200: reportSendOutcomeSchema },
      },
    },
    (request) =>
      sendReportNow(app.deps, {
        actor: requireActor(request),
        scheduleId: request.params.scheduleId,
      }),
  );

  app.post(
    '/api/analytics/report-schedules/:scheduleId/unsubscribe',
    {
      config: { access: ADVANCED },
      schema: {
        tags: ['analytics'],
        summary: 'Stop receiving a scheduled report yourself',
        params: scheduleParams,
      },
    },
    async (request, reply) => {
      await unsubscribeFromReport(app.deps, {
        actor: requireActor(request),
        scheduleId: request.params.scheduleId,
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/analytics/saved-views',
    {
      config: { access: ADVANCED },
      schema: {
        tags: ['analytics'],
        summary: 'Your institution’s saved views of analytics (a tab, a period and filters)',
        response: { 200: savedViewListSchema },
      },
    },
    async (request) => ({ views: await findSavedViews(app.deps, requireActor(request)) }),
  );

  app.post(
    '/api/analytics/saved-views',
    {
      config: { access: ADVANCED },
      schema: {
        tags: ['analytics'],
        summary: 'Save the view you are reading under a name, for the whole institution',
        body: createSavedViewRequestSchema,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createSavedView(app.deps, { actor: requireActor(request), input: request.body }),
        ),
  );

  app.delete(
    '/api/analytics/saved-views/:viewId',
    {
      config: { access: ADVANCED },
      schema: {
        tags: ['analytics'],
        summary: 'Delete a saved view (its author or an administrator)',
        params: viewParams,
      },
    },
    async (request, reply) => {
      await deleteSavedView(app.deps, {
        actor: requireActor(request),
        viewId: request.params.viewId,
      });
      return reply.status(204).send();
    },
  );
};
