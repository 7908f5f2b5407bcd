import multipart from '@fastify/multipart';
import {
  FINDING_EVIDENCE_MAX_BYTES,
  FINDING_EVIDENCE_TYPES,
  FINDING_MESSAGES,
  actionRequestSchema,
  closureRequestSchema,
  completionRequestSchema,
  createFindingRequestSchema,
  findingDetailSchema,
  findingFiltersSchema,
  findingListResponseSchema,
  updateActionRequestSchema,
  updateFindingRequestSchema,
  validationRequestSchema,
} from '@complivue/shared/schemas/risk-findings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { sendCsvAttachment } from '../../lib/csv.ts';
import { requireAll, requirePlan, requireRole } from '../../lib/route-access.ts';
import {
  parseFormFields,
  readMultipartUpload,
  sendAttachment,
  type UploadedFile,
} from '../../lib/uploads.ts';
import { findingsCsv } from './finding-report.ts';
import {
  findFindings,
  getFinding,
  getFindingAction,
  getFindingDetail,
} from './findings.queries.ts';
import {
  addFindingAction,
  closeFinding,
  completeFindingAction,
  createFinding,
  deleteFinding,
  reopenFinding,
  updateFinding,
  updateFindingAction,
  validateFindingAction,
} from './findings.service.ts';
import { actorOf } from './risks.routes.ts';

/**
 * Findings and corrective actions, part of `/risk-scoring` (plan professional): members read and
 * complete the actions they own, managers record and edit findings and actions and validate
 * others' work, administrators delete.
 */
const RISK_SCORING = requirePlan('professional');
const FINDING_EDITOR = requireAll(RISK_SCORING, requireRole('manager'));
const FINDING_ADMIN = requireAll(RISK_SCORING, requireRole('admin'));

const findingParams = z.object({ findingId: z.uuid() });
const actionParams = findingParams.extend({ actionId: z.uuid() });

export const findingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  app.get(
    '/api/risks/findings',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'Your institution’s findings under the filters: overdue first, then open ones by severity, each with its status and actions',
        querystring: findingFiltersSchema,
        response: { 200: findingListResponseSchema },
      },
    },
    async (request) => {
      const viewer = actorOf(request);
      return { items: await findFindings(db, viewer, request.query), today: viewer.today };
    },
  );

  app.get(
    '/api/risks/findings/export.csv',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'The findings under the same filters as the list, as CSV: one row per corrective action, with evidence and validation',
        querystring: findingFiltersSchema,
      },
    },
    async (request, reply) => {
      const viewer = actorOf(request);
      await recordAudit(db, requestOrigin(request), {
        action: 'finding.exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'finding',
        after: { format: 'csv', filters: request.query },
      });
      return sendCsvAttachment(
        reply,
        `findings-${viewer.today}.csv`,
        await findingsCsv(db, viewer, request.query),
      );
    },
  );

  app.post(
    '/api/risks/findings',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Records a finding, optionally linked to a library rule, a risk and a change',
        body: createFindingRequestSchema,
        response: { 201: findingDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id } = await createFinding(app.deps, { actor, body: request.body });
      reply.code(201);
      return getFindingDetail(db, actor, id);
    },
  );

  app.get(
    '/api/risks/findings/:findingId',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary: 'A finding with its links, corrective actions (evidence, validation) and history',
        params: findingParams,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => getFindingDetail(db, actorOf(request), request.params.findingId),
  );

  app.patch(
    '/api/risks/findings/:findingId',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Changes a finding that is not closed',
        params: findingParams,
        body: updateFindingRequestSchema,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateFinding(app.deps, {
        actor,
        findingId: request.params.findingId,
        changes: request.body,
      });
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );

  app.delete(
    '/api/risks/findings/:findingId',
    {
      config: { access: FINDING_ADMIN },
      schema: {
        tags: ['risks'],
        summary:
          'Deletes a finding, its actions and their evidence (the audit log keeps what it was)',
        params: findingParams,
      },
    },
    async (request, reply) => {
      await deleteFinding(app.deps, {
        actor: actorOf(request),
        findingId: request.params.findingId,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/risks/findings/:findingId/close',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Closes a finding whose corrective actions are all validated, with a note',
        params: findingParams,
        body: closureRequestSchema,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await closeFinding(app.deps, { actor, ...request.params, note: request.body.note });
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );

  app.post(
    '/api/risks/findings/:findingId/reopen',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Reopens a closed finding, with a note',
        params: findingParams,
        body: closureRequestSchema,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await reopenFinding(app.deps, { actor, ...request.params, note: request.body.note });
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );

  app.post(
    '/api/risks/findings/:findingId/actions',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary:
          'Adds a corrective action with its owner and due date (today or later); answers with the finding',
        params: findingParams,
        body: actionRequestSchema,
        response: { 201: findingDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await addFindingAction(app.deps, { actor, ...request.params, body: request.body });
      reply.code(201);
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );

  app.patch(
    '/api/risks/findings/:findingId/actions/:actionId',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary: 'Changes a corrective action not completed yet: plan, owner, due date',
        params: actionParams,
        body: updateActionRequestSchema,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateFindingAction(app.deps, { actor, ...request.params, changes: request.body });
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );

  app.post(
    '/api/risks/findings/:findingId/actions/:actionId/completion',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary:
          'Completes a corrective action with evidence (its owner, a manager or an administrator): JSON { evidence }, or multipart with that field and one "file" (up to 25 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        params: actionParams,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // Before reading a 25 MB body: the action must exist in this institution.
      await getFinding(db, actor.companyId, request.params.findingId);
      await getFindingAction(db, { ...request.params, companyId: actor.companyId });
      let raw: unknown = request.body ?? {};
      let file: UploadedFile | null = null;
      if (request.isMultipart()) {
        const upload = await readMultipartUpload(request, {
          maxFileBytes: FINDING_EVIDENCE_MAX_BYTES,
          maxFiles: 1,
          allowed: FINDING_EVIDENCE_TYPES,
          messages: {
            tooLarge: FINDING_MESSAGES.evidence_too_large,
            tooMany: FINDING_MESSAGES.evidence_one_file,
            type: FINDING_MESSAGES.evidence_type,
            notMultipart: FINDING_MESSAGES.evidence_not_multipart,
          },
        });
        raw = upload.fields;
        file = upload.files[0] ?? null;
      }
      const { evidence } = parseFormFields(completionRequestSchema, raw);
      await completeFindingAction(app.deps, { actor, ...request.params, evidence, file });
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );

  app.get(
    '/api/risks/findings/:findingId/actions/:actionId/evidence',
    {
      config: { access: RISK_SCORING },
      schema: {
        tags: ['risks'],
        summary: 'Downloads the evidence file of a completed corrective action',
        params: actionParams,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const action = await getFindingAction(db, { ...request.params, companyId: actor.companyId });
      const data = action.evidenceStorageKey
        ? await app.storage.get(action.evidenceStorageKey)
        : null;
      if (!data) throw new AppError('not_found', FINDING_MESSAGES.evidence_not_found);
      return sendAttachment(reply, {
        data,
        contentType: action.evidenceContentType ?? 'application/octet-stream',
        fileName: action.evidenceFileName ?? 'evidence',
      });
    },
  );

  app.post(
    '/api/risks/findings/:findingId/actions/:actionId/validation',
    {
      config: { access: FINDING_EDITOR },
      schema: {
        tags: ['risks'],
        summary:
          'Validates a completed corrective action: a manager or an administrator who neither owns it nor completed it',
        params: actionParams,
        body: validationRequestSchema,
        response: { 200: findingDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await validateFindingAction(app.deps, { actor, ...request.params, note: request.body.note });
      return getFindingDetail(db, actor, request.params.findingId);
    },
  );
};
