import { riskTemplatesFor } from '@complivue/shared/risk-templates';
import {
  adoptTemplatesRequestSchema,
  controlRequestSchema,
  createRiskRequestSchema,
  riskDetailSchema,
  riskFiltersSchema,
  riskListResponseSchema,
  riskMembersSchema,
  riskTemplateListSchema,
  updateRiskRequestSchema,
} from '@complivue/shared/schemas/risks';
import {
  riskSignalsQuerySchema,
  riskSignalsResponseSchema,
} from '@complivue/shared/schemas/risk-signals';
import {
  approveAssessmentRequestSchema,
  assessmentOverviewSchema,
  assessmentReportQuerySchema,
  assessmentVersionParamsSchema,
  assessmentVersionSchema,
  returnAssessmentRequestSchema,
  riskTrendQuerySchema,
  riskTrendResponseSchema,
  submitAssessmentRequestSchema,
} from '@complivue/shared/schemas/risk-assessment';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { recordAudit } from '../../lib/audit.ts';
import { sendCsvAttachment } from '../../lib/csv.ts';
import { requireAll, requirePlan, requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor, requireDatedActor } from '../auth/actor.ts';
import { institutionFacts } from '../companies/institution.ts';
import { findActiveMembers } from '../companies/members.ts';
import { risksCsv } from './risk-report.ts';
import { computeRiskSignals } from './risk-signals.ts';
import { findRiskTrend, institutionToday } from './risk-snapshots.ts';
import { assessmentReportPdf, findAssessmentReport } from './risk-assessment-report.ts';
import { getAssessmentOverview, getAssessmentVersion } from './risk-assessment.queries.ts';
import { decideAssessment, reopenAssessment, submitAssessment } from './risk-assessment.service.ts';
import { findAdoptedTemplateKeys, findRisks, getRiskDetail } from './risks.queries.ts';
import {
  addControl,
  adoptRiskTemplates,
  createRisk,
  deleteRisk,
  removeControl,
  updateControl,
  updateRisk,
  type RiskActor,
} from './risks.service.ts';

/**
 * `/risk-scoring` needs the professional plan, so does every route of it; members read, managers
 * edit (risks, controls, the starter set), administrators delete and accept a risk.
 */
const RISK_SCORING = requirePlan('professional');
const RISK_EDITOR = requireAll(RISK_SCORING, requireRole('manager'));
const RISK_ADMIN = requireAll(RISK_SCORING, requireRole('admin'));

const riskParams = z.object({ riskId: z.uuid() });
const controlParams = riskParams.extend({ controlId: z.uuid() });
const created = z.object({ id: z.uuid() });

/** The member as the risk and finding services take them, on their own day. */
export function actorOf(request: FastifyRequest): RiskActor {
  return requireDatedActor(request);
}

/** Risk scoring: the institution's compliance risk register, its controls and the starter set. */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/risks',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'Your institution’s risk register under the filters, highest residual risk first, with each risk’s inherent and residual rating',
        querystring: riskFiltersSchema,
        response: { 200: riskListResponseSchema },
      },
    },
    async (request) => {
      const viewer = actorOf(request);
      return { items: await findRisks(db, viewer, request.query), today: viewer.today };
    },
  );

  app.get(
    '/api/risks/signals',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'Per regulation area, what your institution’s own records say needs action: non-compliant or overdue assessments, changes past due, missed deadlines, untriaged updates — each a count with its records',
        querystring: riskSignalsQuerySchema,
        response: { 200: riskSignalsResponseSchema },
      },
    },
    async (request) => {
      const viewer = actorOf(request);
      const areas = await computeRiskSignals(
        db,
        { ...viewer, facts: institutionFacts(requireAuth(request).company) },
        request.query.area,
      );
      return { today: viewer.today, areas };
    },
  );

  app.get(
    '/api/risks/export.csv',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'The risk register under the same filters as the list, as CSV: ratings, controls and their rules, acceptance',
        querystring: riskFiltersSchema,
      },
    },
    async (request, reply) => {
      const viewer = actorOf(request);
      await recordAudit(db, requestOrigin(request), {
        action: 'risk.exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'risk',
        after: { format: 'csv', filters: request.query },
      });
      return sendCsvAttachment(
        reply,
        `risk-register-${viewer.today}.csv`,
        await risksCsv(db, viewer, request.query),
      );
    },
  );

  app.get(
    '/api/risks/trend',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'Residual risk over time: the daily snapshots of the register (by band, score and area) of the last days, oldest first',
        querystring: riskTrendQuerySchema,
        response: { 200: riskTrendResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const today = institutionToday(app.deps.clock());
      return {
        today,
        points: await findRiskTrend(db, {
          companyId: actor.companyId,
          today,
          days: request.query.days,
        }),
      };
    },
  );

  // ── The assessment as a whole: submitted by a manager, approved (frozen) or returned by an
  //    administrator, re-opened for the next cycle; every version stays readable. ──
  app.get(
    '/api/risks/assessment',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'Where the risk assessment stands (draft, awaiting approval, approved) and its versions, newest first',
        response: { 200: assessmentOverviewSchema },
      },
    },
    async (request) => getAssessmentOverview(db, requireActor(request).companyId),
  );

  app.post(
    '/api/risks/assessment/submit',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Submits the risk assessment for an administrator’s approval, with a note',
        body: submitAssessmentRequestSchema,
        response: { 200: assessmentOverviewSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await submitAssessment(app.deps, { actor, note: request.body.note });
      return getAssessmentOverview(db, actor.companyId);
    },
  );

  app.post(
    '/api/risks/assessment/reopen',
    {
      config: { access: RISK_ADMIN },
      schema: {
        tags: ['risks'],
        summary: 'Re-opens the approved risk assessment for the next cycle (a new draft)',
        response: { 200: assessmentOverviewSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await reopenAssessment(app.deps, { actor });
      return getAssessmentOverview(db, actor.companyId);
    },
  );

  app.get(
    '/api/risks/assessment.pdf',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'The exam-ready compliance risk assessment (PDF): of an approved version (`version`), or of the register as it stands',
        querystring: assessmentReportQuerySchema,
      },
    },
    async (request, reply) => {
      const viewer = actorOf(request);
      const now = app.deps.clock();
      const report = await findAssessmentReport(db, viewer, {
        version: request.query.version,
        now,
      });
      await recordAudit(db, requestOrigin(request), {
        action: 'risk.exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'risk_assessment',
        ...(report.approved && { targetId: String(report.approved.version) }),
        after: { format: 'pdf', version: report.approved?.version ?? null },
      });
      const name = report.approved
        ? `compliance-risk-assessment-v${report.approved.version}.pdf`
        : `compliance-risk-assessment-${viewer.today}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(assessmentReportPdf(report, { preparedBy: viewer.name, now }));
    },
  );

  app.get(
    '/api/risks/assessment/versions/:version',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'One version of the risk assessment; an approved one with every risk, control and rating as it was approved',
        params: assessmentVersionParamsSchema,
        response: { 200: assessmentVersionSchema },
      },
    },
    async (request) =>
      getAssessmentVersion(db, requireActor(request).companyId, request.params.version),
  );

  for (const [path, decision, body, summary] of [
    [
      'approve',
      'approved',
      approveAssessmentRequestSchema,
      'Approves the submitted risk assessment: the register as it stands is frozen in this version',
    ],
    [
      'return',
      'returned',
      returnAssessmentRequestSchema,
      'Returns the submitted risk assessment to its preparers, saying what to change',
    ],
  ] as const) {
    app.post(
      `/api/risks/assessment/versions/:version/${path}`,
      {
        config: { access: RISK_ADMIN },
        schema: {
          tags: ['risks'],
          summary,
          params: assessmentVersionParamsSchema,
          body,
          response: { 200: assessmentOverviewSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        await decideAssessment(app.deps, {
          actor,
          version: request.params.version,
          decision,
          note: request.body.note ?? '',
        });
        return getAssessmentOverview(db, actor.companyId);
      },
    );
  }

  app.get(
    '/api/risks/members',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary: 'Active members, to choose a risk’s owner',
        response: { 200: riskMembersSchema },
      },
    },
    async (request) => {
      const members = await findActiveMembers(db, requireActor(request).companyId);
      return { members: members.map(({ userId, name }) => ({ userId, name })) };
    },
  );

  app.get(
    '/api/risks/templates',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary: 'The starter risks for your institution type, each with whether it is adopted',
        response: { 200: riskTemplateListSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const actor = requireActor(request);
      const adopted = await findAdoptedTemplateKeys(db, actor.companyId);
      const { institutionType } = institutionFacts(auth.company);
      return {
        templates: riskTemplatesFor(institutionType).map(
          ({ institutionTypes: _types, ...template }) => ({
            ...template,
            adopted: adopted.has(template.key),
          }),
        ),
      };
    },
  );

  app.post(
    '/api/risks/templates/adopt',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary:
          'Adopts starter risks into the register, not rated and without an owner; ones adopted before are left as they are',
        body: adoptTemplatesRequestSchema,
        response: { 200: z.object({ adopted: z.array(z.string()) }) },
      },
    },
    async (request) =>
      adoptRiskTemplates(app.deps, {
        actor: actorOf(request),
        institutionType: institutionFacts(requireAuth(request).company).institutionType,
        keys: request.body.keys,
      }),
  );

  app.post(
    '/api/risks',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Adds a risk to the register',
        body: createRiskRequestSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createRisk(app.deps, { actor: actorOf(request), body: request.body });
    },
  );

  app.get(
    '/api/risks/:riskId',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'A risk with its controls (their rules and assessment status), the suggested residual risk and the history',
        params: riskParams,
        response: { 200: riskDetailSchema },
      },
    },
    async (request) => getRiskDetail(db, actorOf(request), request.params.riskId),
  );

  app.patch(
    '/api/risks/:riskId',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary:
          'Changes a risk; accepting one (with the date the acceptance expires) needs an administrator',
        params: riskParams,
        body: updateRiskRequestSchema,
        response: { 200: riskDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateRisk(app.deps, {
        actor,
        riskId: request.params.riskId,
        changes: request.body,
      });
      return getRiskDetail(db, actor, request.params.riskId);
    },
  );

  app.delete(
    '/api/risks/:riskId',
    {
      config: { access: RISK_ADMIN },
      schema: {
        tags: ['risks'],
        summary: 'Deletes a risk and its controls (the audit log keeps what it was)',
        params: riskParams,
      },
    },
    async (request, reply) => {
      await deleteRisk(app.deps, { actor: actorOf(request), riskId: request.params.riskId });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/risks/:riskId/controls',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Adds a control to a risk, tied to library rules; answers with the risk',
        params: riskParams,
        body: controlRequestSchema,
        response: { 201: riskDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await addControl(app.deps, { actor, riskId: request.params.riskId, body: request.body });
      reply.code(201);
      return getRiskDetail(db, actor, request.params.riskId);
    },
  );

  app.put(
    '/api/risks/:riskId/controls/:controlId',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary:
          'Changes a control: its rules, or an effectiveness set by a person with a reason; answers with the risk',
        params: controlParams,
        body: controlRequestSchema,
        response: { 200: riskDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateControl(app.deps, { actor, ...request.params, body: request.body });
      return getRiskDetail(db, actor, request.params.riskId);
    },
  );

  app.delete(
    '/api/risks/:riskId/controls/:controlId',
    {
      config: { access: RISK_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Removes a control from a risk; answers with the risk',
        params: controlParams,
        response: { 200: riskDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await removeControl(app.deps, { actor, ...request.params });
      return getRiskDetail(db, actor, request.params.riskId);
    },
  );
};
