import {
  activityFiltersSchema,
  activityQuerySchema,
  activityResponseSchema,
} from '@complivue/shared/schemas/activity';
import {
  roleHoldersResponseSchema,
  TEAM_MESSAGES,
  teamDirectorySchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  teamMembersResponseSchema,
} from '@complivue/shared/schemas/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireCompanyId } from '../companies/institution.ts';
import { requireActor } from '../auth/actor.ts';
import { companyActivityCsv } from './activity-csv.ts';
import { findActivity } from './activity-queries.ts';
import { setMemberActive } from './member-status.ts';
import {
  findRoleHolders,
  findTeamDirectory,
  findTeamMember,
  findTeamMembers,
  seatUsage,
} from './team.queries.ts';

const ADMIN = requireRole('admin');
const memberParams = z.object({ userId: z.string().min(1).max(100) });

/**
 * `/users/...` (docs/product.md § Team management): the company's members, who holds which role,
 * and its activity.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/team/members',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: "Your institution's members: search, sort and page; with the plan's seat usage",
        querystring: teamMembersQuerySchema,
        response: { 200: teamMembersResponseSchema },
      },
    },
    async (request) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      const [members, seats] = await Promise.all([
        findTeamMembers(db, companyId, request.query),
        seatUsage(db, companyId),
      ]);
      return { ...members, seats };
    },
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/team/members/:userId/${verb}`,
      {
        config: { access: ADMIN },
        schema: {
          tags: ['team'],
          summary: active
            ? 'Reactivate a member (takes a seat of the plan)'
            : 'Deactivate a member: their sessions end at once, they cannot sign in, their records stay',
          params: memberParams,
          response: { 200: teamMemberSchema },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await setMemberActive(app.deps, {
          actor,
          targetUserId: request.params.userId,
          active,
        });
        const member = await findTeamMember(db, actor.companyId, request.params.userId);
        if (!member) throw new AppError('not_found', TEAM_MESSAGES.not_found);
        return member;
      },
    );
  }

  app.get(
    '/api/team/directory',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: 'Every member of your institution by name, deactivated ones included',
        response: { 200: teamDirectorySchema },
      },
    },
    async (request) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      return { members: await findTeamDirectory(db, companyId) };
    },
  );

  app.get(
    '/api/team/roles',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: 'Who holds each role in your institution (active members)',
        response: { 200: roleHoldersResponseSchema },
      },
    },
    async (request) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      return { roles: await findRoleHolders(db, companyId) };
    },
  );

  app.get(
    '/api/team/activity',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary:
          "Your institution's audit trail, newest first, filtered by member, action and dates",
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema },
      },
    },
    async (request) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      return findActivity(db, companyId, request.query);
    },
  );

  app.get(
    '/api/team/activity.csv',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: 'The filtered audit trail as CSV, streamed (any range, bounded memory)',
        querystring: activityFiltersSchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const companyId = requireCompanyId(auth.profile.companyId);
      // The export itself is on the record before a byte leaves.
      await recordAudit(db, requestOrigin(request), {
        action: 'activity.exported',
        actorUserId: auth.user.id,
        companyId,
        after: request.query,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="user-activity-${day}.csv"`)
        .send(await companyActivityCsv(db, companyId, request.query));
    },
  );
};
