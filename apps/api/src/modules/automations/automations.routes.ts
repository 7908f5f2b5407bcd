import { PAGE_ACCESS } from '@complivue/shared/access';
import {
  automationDashboardQuerySchema,
  automationDashboardSchema,
  automationMembersSchema,
  ruleCreatedSchema,
  ruleSavedSchema,
  createRuleRequestSchema,
  dryRunResultSchema,
  ruleDefinitionSchema,
  ruleDetailSchema,
  ruleListSchema,
  runDetailSchema,
  runFiltersSchema,
  runListSchema,
  setRuleEnabledRequestSchema,
  updateRuleRequestSchema,
} from '@complivue/shared/schemas/automations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import { automationDashboard } from './automation-dashboard.ts';
import { dryRunRule } from './automation-dry-run.ts';
import {
  findAutomationMembers,
  findRules,
  findRuns,
  getRuleDetail,
  getRunDetail,
} from './automations.queries.ts';
import {
  createRule,
  deleteRule,
  setRuleEnabled,
  updateRule,
  type AutomationActor,
} from './automations.service.ts';

/**
 * The automations hub (`/automations`: an administrator with a subscription) and the automation
 * dashboard (`/automation`: the enterprise plan), as docs/product.md § Automations says; every
 * route takes its page's requirement from the one access table.
 */
const HUB = { config: { access: PAGE_ACCESS['/automations']! } } as const;
const DASHBOARD = { config: { access: PAGE_ACCESS['/automation']! } } as const;

const ruleParams = z.object({ automationRuleId: z.uuid() });
const runParams = z.object({ runId: z.uuid() });
const tags = ['automations'];

const actorOf = (request: FastifyRequest): AutomationActor => {
  const auth = requireAuth(request);
  return { ...requireActor(request), name: auth.profile.fullName ?? auth.user.email };
};

export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const now = () => app.deps.clock();

  app.get(
    '/api/automations/rules',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'The institution’s automation rules',
        response: { 200: ruleListSchema },
      },
    },
    async (request) => ({ rules: await findRules(db, requireActor(request).companyId, now()) }),
  );

  app.post(
    '/api/automations/rules',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'Saves a new rule (refused with a message per field when it could not run)',
        body: createRuleRequestSchema,
        response: { 201: ruleCreatedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRule(app.deps, { actor: actorOf(request), body: request.body })),
  );

  app.get(
    '/api/automations/rules/:automationRuleId',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'A rule with its versions',
        params: ruleParams,
        response: { 200: ruleDetailSchema },
      },
    },
    (request) =>
      getRuleDetail(db, requireActor(request).companyId, request.params.automationRuleId, now()),
  );

  app.put(
    '/api/automations/rules/:automationRuleId',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'Saves an edit of a rule as its next version',
        params: ruleParams,
        body: updateRuleRequestSchema,
        response: { 200: ruleSavedSchema },
      },
    },
    (request) =>
      updateRule(app.deps, {
        actor: actorOf(request),
        ruleId: request.params.automationRuleId,
        body: request.body,
      }),
  );

  app.post(
    '/api/automations/rules/:automationRuleId/enabled',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'Pauses or resumes a rule',
        params: ruleParams,
        body: setRuleEnabledRequestSchema,
      },
    },
    async (request, reply) => {
      await setRuleEnabled(app.deps, {
        actor: actorOf(request),
        ruleId: request.params.automationRuleId,
        enabled: request.body.enabled,
      });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/automations/rules/:automationRuleId',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'Deletes a rule (its runs stay in the history)',
        params: ruleParams,
      },
    },
    async (request, reply) => {
      await deleteRule(app.deps, {
        actor: actorOf(request),
        ruleId: request.params.automationRuleId,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/automations/dry-run',
    {
      ...HUB,
      schema: {
        tags,
        summary:
          'What a rule, saved or not, would have done with the institution’s real events of the last 30 days; nothing is done',
        body: ruleDefinitionSchema,
        response: { 200: dryRunResultSchema },
      },
    },
    (request) =>
      dryRunRule(db, {
        companyId: requireActor(request).companyId,
        rule: request.body,
        now: now(),
      }),
  );

  app.get(
    '/api/automations/runs',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'The run history, newest first',
        querystring: runFiltersSchema,
        response: { 200: runListSchema },
      },
    },
    (request) => findRuns(db, requireActor(request).companyId, request.query),
  );

  app.get(
    '/api/automations/runs/:runId',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'A run: its event, each condition’s result and each action’s outcome',
        params: runParams,
        response: { 200: runDetailSchema },
      },
    },
    (request) => getRunDetail(db, requireActor(request).companyId, request.params.runId),
  );

  app.get(
    '/api/automations/members',
    {
      ...HUB,
      schema: {
        tags,
        summary: 'The active members, for the editor’s pickers',
        response: { 200: automationMembersSchema },
      },
    },
    (request) => findAutomationMembers(db, requireActor(request).companyId),
  );

  app.get(
    '/api/automation/dashboard',
    {
      ...DASHBOARD,
      schema: {
        tags,
        summary:
          'Runs over time, success rate, slowest and most failing rules, actions by type, time saved (an estimate)',
        querystring: automationDashboardQuerySchema,
        response: { 200: automationDashboardSchema },
      },
    },
    (request) =>
      automationDashboard(db, {
        companyId: requireActor(request).companyId,
        days: request.query.days,
        now: now(),
      }),
  );
};
