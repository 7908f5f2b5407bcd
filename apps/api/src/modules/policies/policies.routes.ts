import multipart from '@fastify/multipart';
import { POLICY_FILE_MAX_BYTES } from '@complivue/shared/policies';
import {
  POLICY_MESSAGES,
  approvePolicyRequestSchema,
  createPolicyRequestSchema,
  createPolicyVersionRequestSchema,
  manualMatchRequestSchema,
  matchDecisionRequestSchema,
  policyCompareQuerySchema,
  policyComparisonSchema,
  policyDetailSchema,
  policyListResponseSchema,
  policyGapQuerySchema,
  policyGapReportSchema,
  policyMembersSchema,
  policyVersionDetailSchema,
  requestAttestationRequestSchema,
  returnPolicyRequestSchema,
  updatePolicyRequestSchema,
} from '@complivue/shared/schemas/policies';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireAll, requirePlan, requireRole } from '../../lib/route-access.ts';
import {
  parseFormFields,
  readMultipartUpload,
  sendAttachment,
  type UploadedFile,
} from '../../lib/uploads.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { recordAudit } from '../../lib/audit.ts';
import { sendCsvAttachment } from '../../lib/csv.ts';
import { requireAuth } from '../auth/access.ts';
import { requireDatedActor } from '../auth/actor.ts';
import { libraryReader } from '../library/library.routes.ts';
import { findActiveMembers } from '../companies/members.ts';
import {
  acknowledgePolicyVersion,
  remindAttestation,
  requestAttestation,
} from './policy-attestations.service.ts';
import { policyGapCsv, policyGapPdf } from './policy-gap-report.ts';
import { findPolicyGaps } from './policy-gaps.queries.ts';
import {
  findPolicies,
  getPolicy,
  getPolicyComparison,
  getPolicyDetail,
  getPolicyVersionDetail,
} from './policies.queries.ts';
import {
  POLICY_UPLOAD_TYPES,
  addManualMatch,
  addPolicyVersion,
  approvePolicyVersion,
  createPolicy,
  decidePolicyMatch,
  deletePolicy,
  getPolicyFile,
  returnPolicyVersion,
  submitPolicyVersion,
  updatePolicy,
  type PolicySource,
} from './policies.service.ts';

/**
 * `/policy-cross-referencing` needs the professional plan, so does every route of it: members
 * read, managers upload, edit, submit and decide matches, administrators approve and delete.
 */
const POLICIES = requirePlan('professional');
const POLICY_EDITOR = requireAll(POLICIES, requireRole('manager'));
const POLICY_ADMIN = requireAll(POLICIES, requireRole('admin'));

const policyParams = z.object({ policyId: z.uuid() });
const versionParams = policyParams.extend({ version: z.coerce.number().int().min(1).max(100_000) });
const matchParams = policyParams.extend({ matchId: z.uuid() });
const sectionParams = versionParams.extend({ sectionId: z.uuid() });

/**
 * The form of an upload: its fields, and the policy as one file or as pasted `text` (JSON or a
 * multipart field), never both and never neither.
 */
async function readPolicyForm<Schema extends z.ZodType<{ text?: string }>>(
  request: FastifyRequest,
  schema: Schema,
): Promise<{ fields: z.output<Schema>; source: PolicySource }> {
  let raw: unknown = request.body ?? {};
  let file: UploadedFile | null = null;
  if (request.isMultipart()) {
    const upload = await readMultipartUpload(request, {
      maxFileBytes: POLICY_FILE_MAX_BYTES,
      maxFiles: 1,
      allowed: POLICY_UPLOAD_TYPES,
      messages: {
        tooLarge: POLICY_MESSAGES.file_too_large,
        tooMany: POLICY_MESSAGES.one_file,
        type: POLICY_MESSAGES.file_type,
        notMultipart: POLICY_MESSAGES.not_multipart,
      },
    });
    raw = upload.fields;
    file = upload.files[0] ?? null;
  }
  const fields = parseFormFields(schema, raw);
  const text = fields.text;
  if ((file === null) === (text === undefined)) {
    throw AppError.validationFailed(
      [{ path: '/file', message: POLICY_MESSAGES.file_or_text }],
      POLICY_MESSAGES.file_or_text,
    );
  }
  return { fields, source: file ? { file } : { text: text! } };
}

/** The gap report for the member: the library as their institution sees it, on their day. */
function gapReader(request: FastifyRequest) {
  const actor = requireDatedActor(request);
  return {
    ...libraryReader(requireAuth(request)),
    companyId: actor.companyId,
    actorUserId: actor.actorUserId,
    today: actor.today,
  };
}

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  /** A download of the gap report, in the audit log like every export. */
  async function recordGapExport(request: FastifyRequest, format: 'csv' | 'pdf', area?: string) {
    const actor = requireDatedActor(request);
    await recordAudit(db, requestOrigin(request), {
      action: 'policy.gaps_exported',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'policy',
      after: { format, area: area ?? null },
    });
  }

  app.get(
    '/api/policies/gaps',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary:
          'What the approved policies leave open: per area the rules that apply to your institution and no confirmed section covers, rules retired or updated since approval, overdue reviews, policies never approved',
        querystring: policyGapQuerySchema,
        response: { 200: policyGapReportSchema },
      },
    },
    async (request) => findPolicyGaps(db, gapReader(request), request.query),
  );

  app.get(
    '/api/policies/gaps.csv',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary: 'The gap report as CSV, one row per gap',
        querystring: policyGapQuerySchema,
      },
    },
    async (request, reply) => {
      const reader = gapReader(request);
      const report = await findPolicyGaps(db, reader, request.query);
      await recordGapExport(request, 'csv', request.query.area);
      return sendCsvAttachment(reply, `policy-gaps-${reader.today}.csv`, policyGapCsv(report));
    },
  );

  app.get(
    '/api/policies/gaps.pdf',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary: 'The gap report as an exam-ready PDF',
        querystring: policyGapQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const reader = gapReader(request);
      const report = await findPolicyGaps(db, reader, request.query);
      await recordGapExport(request, 'pdf', request.query.area);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="policy-gaps-${request.query.area ?? 'all'}-${reader.today}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(
          policyGapPdf(report, {
            institution: auth.company?.name ?? '',
            preparedBy: auth.profile.fullName ?? auth.user.email,
          }),
        );
    },
  );

  app.get(
    '/api/policies',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary:
          'Your institution’s policies: overdue reviews first, then those awaiting approval or a decision on their suggested rules',
        response: { 200: policyListResponseSchema },
      },
    },
    async (request) => {
      const viewer = requireDatedActor(request);
      return { items: await findPolicies(db, viewer), today: viewer.today };
    },
  );

  app.get(
    '/api/policies/members',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary: 'Active members, to choose a policy’s owner',
        response: { 200: policyMembersSchema },
      },
    },
    async (request) => {
      const members = await findActiveMembers(db, requireDatedActor(request).companyId);
      return { members: members.map(({ userId, name }) => ({ userId, name })) };
    },
  );

  app.post(
    '/api/policies',
    {
      config: { access: POLICY_EDITOR },
      schema: {
        tags: ['policies'],
        summary:
          'Adds a policy from a file (multipart: "file" as PDF, DOCX, Markdown or text up to 25 MB, with "title", "note", "ownerId") or from pasted text (JSON: title, note, ownerId, text); its sections come back with the rules they are suggested to cover',
        response: { 201: policyDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireDatedActor(request);
      const { fields, source } = await readPolicyForm(request, createPolicyRequestSchema);
      const { policyId } = await createPolicy(app.deps, {
        actor,
        title: fields.title,
        ownerId: fields.ownerId ?? null,
        note: fields.note,
        source,
      });
      reply.code(201);
      return getPolicyDetail(db, actor, policyId);
    },
  );

  app.get(
    '/api/policies/:policyId',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary: 'A policy with its versions (status, approval, next review) and its history',
        params: policyParams,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => getPolicyDetail(db, requireDatedActor(request), request.params.policyId),
  );

  app.patch(
    '/api/policies/:policyId',
    {
      config: { access: POLICY_EDITOR },
      schema: {
        tags: ['policies'],
        summary: 'Renames a policy or names its owner',
        params: policyParams,
        body: updatePolicyRequestSchema,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await updatePolicy(app.deps, {
        actor,
        policyId: request.params.policyId,
        changes: request.body,
      });
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );

  app.delete(
    '/api/policies/:policyId',
    {
      config: { access: POLICY_ADMIN },
      schema: {
        tags: ['policies'],
        summary: 'Deletes a policy, its versions and their files (the audit log keeps what it was)',
        params: policyParams,
      },
    },
    async (request, reply) => {
      await deletePolicy(app.deps, {
        actor: requireDatedActor(request),
        policyId: request.params.policyId,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/policies/:policyId/versions',
    {
      config: { access: POLICY_EDITOR },
      schema: {
        tags: ['policies'],
        summary:
          'Adds a version from a file (multipart: "file", "note") or pasted text (JSON: note, text); decisions on sections whose text did not change carry over',
        params: policyParams,
        response: { 201: policyDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireDatedActor(request);
      // Before the (up to 25 MB) body is read: another institution's id gets nowhere.
      await getPolicy(db, actor.companyId, request.params.policyId);
      const { fields, source } = await readPolicyForm(request, createPolicyVersionRequestSchema);
      await addPolicyVersion(app.deps, {
        actor,
        policyId: request.params.policyId,
        note: fields.note,
        source,
      });
      reply.code(201);
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );

  app.get(
    '/api/policies/:policyId/versions/:version',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary:
          'A version with its sections, each with the CFR sections it cites and the rules it is suggested or confirmed to cover',
        params: versionParams,
        response: { 200: policyVersionDetailSchema },
      },
    },
    async (request) => getPolicyVersionDetail(db, requireDatedActor(request), request.params),
  );

  app.get(
    '/api/policies/:policyId/compare',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary:
          'Two versions compared section by section (`to` against `from`): each section added, removed, changed (word by word) or unchanged, with the rules confirmed on it in each version',
        params: policyParams,
        querystring: policyCompareQuerySchema,
        response: { 200: policyComparisonSchema },
      },
    },
    async (request) =>
      getPolicyComparison(db, requireDatedActor(request), {
        policyId: request.params.policyId,
        ...request.query,
      }),
  );

  app.get(
    '/api/policies/:policyId/versions/:version/file',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary: 'Downloads the file of a version as it was uploaded',
        params: versionParams,
      },
    },
    async (request, reply) => {
      const actor = requireDatedActor(request);
      return sendAttachment(
        reply,
        await getPolicyFile(app.deps, { companyId: actor.companyId, ...request.params }),
      );
    },
  );

  app.post(
    '/api/policies/:policyId/versions/:version/submit',
    {
      config: { access: POLICY_EDITOR },
      schema: {
        tags: ['policies'],
        summary: 'Sends a draft to an administrator for approval',
        params: versionParams,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await submitPolicyVersion(app.deps, { actor, ...request.params });
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );

  app.post(
    '/api/policies/:policyId/versions/:version/approve',
    {
      config: { access: POLICY_ADMIN },
      schema: {
        tags: ['policies'],
        summary:
          'Approves a version in review with its next review date; it becomes the policy in force and the earlier versions are superseded',
        params: versionParams,
        body: approvePolicyRequestSchema,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await approvePolicyVersion(app.deps, { actor, ...request.params, body: request.body });
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );

  app.post(
    '/api/policies/:policyId/versions/:version/return',
    {
      config: { access: POLICY_ADMIN },
      schema: {
        tags: ['policies'],
        summary: 'Sends a version in review back to draft with a note saying why',
        params: versionParams,
        body: returnPolicyRequestSchema,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await returnPolicyVersion(app.deps, { actor, ...request.params, note: request.body.note });
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );

  app.post(
    '/api/policies/:policyId/versions/:version/sections/:sectionId/matches',
    {
      config: { access: POLICY_EDITOR },
      schema: {
        tags: ['policies'],
        summary: 'Ties a library rule to a section by hand (a confirmed match)',
        params: sectionParams,
        body: manualMatchRequestSchema,
        response: { 200: policyVersionDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await addManualMatch(app.deps, { actor, ...request.params, ruleId: request.body.ruleId });
      return getPolicyVersionDetail(db, actor, request.params);
    },
  );

  app.put(
    '/api/policies/:policyId/matches/:matchId',
    {
      config: { access: POLICY_EDITOR },
      schema: {
        tags: ['policies'],
        summary: 'Confirms or rejects a suggested match of a section to a rule',
        params: matchParams,
        body: matchDecisionRequestSchema,
      },
    },
    async (request, reply) => {
      await decidePolicyMatch(app.deps, {
        actor: requireDatedActor(request),
        ...request.params,
        decision: request.body.decision,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/policies/:policyId/attestation',
    {
      config: { access: POLICY_ADMIN },
      schema: {
        tags: ['policies'],
        summary:
          'Asks every member to acknowledge the version in force (once per version), with an optional date and note; each is notified',
        params: policyParams,
        body: requestAttestationRequestSchema,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await requestAttestation(app.deps, {
        actor,
        policyId: request.params.policyId,
        body: request.body,
      });
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );

  app.post(
    '/api/policies/:policyId/attestation/remind',
    {
      config: { access: POLICY_ADMIN },
      schema: {
        tags: ['policies'],
        summary: 'Reminds the members who have not acknowledged the version in force',
        params: policyParams,
        response: { 200: z.object({ reminded: z.number().int() }) },
      },
    },
    async (request) =>
      remindAttestation(app.deps, {
        actor: requireDatedActor(request),
        policyId: request.params.policyId,
      }),
  );

  app.post(
    '/api/policies/:policyId/versions/:version/acknowledge',
    {
      config: { access: POLICIES },
      schema: {
        tags: ['policies'],
        summary: 'Acknowledges, as the member, the exact version they are asked to acknowledge',
        params: versionParams,
        response: { 200: policyDetailSchema },
      },
    },
    async (request) => {
      const actor = requireDatedActor(request);
      await acknowledgePolicyVersion(app.deps, { actor, ...request.params });
      return getPolicyDetail(db, actor, request.params.policyId);
    },
  );
};
