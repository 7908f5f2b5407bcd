import multipart from '@fastify/multipart';
import { DOCUMENT_FILE_TYPES } from '@complivue/shared/file-types';
import { REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  addEvidenceLinkSchema,
  EVIDENCE_MAX_BYTES,
  LIBRARY_MESSAGES,
  ruleDetailSchema,
  updateAssessmentRequestSchema,
} from '@complivue/shared/schemas/library';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin, type RequestOrigin } from '../../lib/actor.ts';
import { requireAll, requireRole, SUBSCRIBED } from '../../lib/route-access.ts';
import { readMultipartUpload, sendAttachment } from '../../lib/uploads.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import type { AuthContext } from '../auth/session.ts';
import { requireCompanyId } from '../companies/institution.ts';
import { assessmentCsv, assessmentPdf } from './assessment-report.ts';
import {
  addEvidence,
  getEvidence,
  removeEvidence,
  ruleDetail,
  updateAssessment,
  type Assessor,
} from './assessments.ts';
import { libraryReader, ruleIdParams } from './library.routes.ts';

/** Assessing is a manager's or an administrator's work; every member can read the results. */
const ASSESSOR = requireAll(SUBSCRIBED, requireRole('manager'));
const areaQuery = z.object({ area: z.enum(REGULATION_AREAS).optional() });

function assessorOf(request: FastifyRequest): Assessor {
  const auth = requireAuth(request);
  return { ...requireActor(request), name: auth.profile.fullName ?? auth.user.email };
}

/** Rule assessments: status, owner, notes, next review, evidence, history and reports. */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  const detail = async (auth: AuthContext, ruleId: string) =>
    ruleDetail(db, libraryReader(auth), ruleId);

  app.patch(
    '/api/library/rules/:ruleId/assessment',
    {
      config: { access: ASSESSOR },
      schema: {
        tags: ['library'],
        summary:
          'Change your institution’s assessment of a rule (status, not-applicable reason, owner, notes, next review); recorded in its history',
        params: ruleIdParams,
        body: updateAssessmentRequestSchema,
        response: { 200: ruleDetailSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await updateAssessment(app.deps, {
        assessor: assessorOf(request),
        ruleId: request.params.ruleId,
        changes: request.body,
      });
      return detail(auth, request.params.ruleId);
    },
  );

  app.post(
    '/api/library/rules/:ruleId/evidence/links',
    {
      config: { access: ASSESSOR },
      schema: {
        tags: ['library'],
        summary: 'Add a link as evidence (a document in your own system)',
        params: ruleIdParams,
        body: addEvidenceLinkSchema,
        response: { 201: ruleDetailSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await addEvidence(app.deps, {
        assessor: assessorOf(request),
        ruleId: request.params.ruleId,
        evidence: { kind: 'link', ...request.body },
      });
      return reply.status(201).send(await detail(auth, request.params.ruleId));
    },
  );

  app.post(
    '/api/library/rules/:ruleId/evidence/files',
    {
      config: { access: ASSESSOR },
      schema: {
        tags: ['library'],
        summary: 'Upload a file as evidence (multipart field "file", up to 25 MB)',
        consumes: ['multipart/form-data'],
        params: ruleIdParams,
        response: { 201: ruleDetailSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const assessor = assessorOf(request);
      const upload = await readMultipartUpload(request, {
        maxFileBytes: EVIDENCE_MAX_BYTES,
        maxFiles: 1,
        allowed: DOCUMENT_FILE_TYPES,
        messages: {
          tooLarge: LIBRARY_MESSAGES.evidence_too_large,
          tooMany: LIBRARY_MESSAGES.evidence_one_file,
          type: LIBRARY_MESSAGES.evidence_type,
          notMultipart: LIBRARY_MESSAGES.evidence_not_multipart,
        },
      });
      const [file] = upload.files;
      if (!file) throw new AppError('file_missing', LIBRARY_MESSAGES.evidence_type);
      await addEvidence(app.deps, {
        assessor,
        ruleId: request.params.ruleId,
        evidence: { kind: 'file', file },
      });
      return reply.status(201).send(await detail(auth, request.params.ruleId));
    },
  );

  app.get(
    '/api/library/evidence/:evidenceId',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary: 'Download an evidence file of your institution',
        params: z.object({ evidenceId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      const { evidence } = await getEvidence(db, companyId, request.params.evidenceId);
      if (!evidence.storageKey) throw new AppError('not_found');
      const data = await app.storage.get(evidence.storageKey);
      if (!data) throw new AppError('not_found');
      return sendAttachment(reply, {
        data,
        contentType: evidence.contentType ?? 'application/octet-stream',
        fileName: evidence.label,
      });
    },
  );

  app.delete(
    '/api/library/evidence/:evidenceId',
    {
      config: { access: ASSESSOR },
      schema: {
        tags: ['library'],
        summary: 'Remove an evidence item (recorded in the rule’s history)',
        params: z.object({ evidenceId: z.uuid() }),
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await removeEvidence(app.deps, {
        assessor: assessorOf(request),
        evidenceId: request.params.evidenceId,
      });
      return { ok: true as const };
    },
  );

  const recordExport = async (
    auth: AuthContext,
    origin: RequestOrigin,
    format: string,
    area?: string,
  ) =>
    recordAudit(db, origin, {
      action: 'library.assessments_exported',
      actorUserId: auth.user.id,
      companyId: auth.profile.companyId,
      targetType: 'library',
      after: { format, area: area ?? 'all' },
    });

  app.get(
    '/api/library/assessments.csv',
    {
      config: { access: ASSESSOR },
      schema: {
        tags: ['library'],
        summary: 'Your assessment of every rule that applies to you, as CSV (optionally one area)',
        querystring: areaQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      requireCompanyId(auth.profile.companyId);
      await recordExport(auth, requestOrigin(request), 'csv', request.query.area);
      const stream = await assessmentCsv(db, libraryReader(auth), request.query.area);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="assessments-${request.query.area ?? 'all'}-${day}.csv"`,
        )
        .send(stream);
    },
  );

  app.get(
    '/api/library/assessments.pdf',
    {
      config: { access: ASSESSOR },
      schema: {
        tags: ['library'],
        summary: 'The exam-ready assessment report as PDF (optionally one area)',
        querystring: areaQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      requireCompanyId(auth.profile.companyId);
      await recordExport(auth, requestOrigin(request), 'pdf', request.query.area);
      const stream = await assessmentPdf(db, libraryReader(auth), {
        area: request.query.area,
        preparedBy: auth.profile.fullName ?? auth.user.email,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="assessment-report-${request.query.area ?? 'all'}-${day}.pdf"`,
        )
        .send(stream);
    },
  );
};
