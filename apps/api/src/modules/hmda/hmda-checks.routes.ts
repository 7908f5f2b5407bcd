import multipart from '@fastify/multipart';
import {
  HMDA_FILE_MAX_BYTES,
  HMDA_MESSAGES,
  hmdaCheckListSchema,
  hmdaCheckSchema,
  hmdaFilingQuerySchema,
  hmdaVerifyRequestSchema,
} from '@complivue/shared/schemas/hmda';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsvAttachment } from '../../lib/csv.ts';
import { requireAll, requireFeature, requireRole } from '../../lib/route-access.ts';
import { parseFormFields, readMultipartUpload, sendAttachment } from '../../lib/uploads.ts';
import { requireDatedActor } from '../auth/actor.ts';
import { findingsCsv, summaryPdf } from './hmda-check-report.ts';
import { findHmdaChecks, getHmdaCheck, getHmdaCheckRow } from './hmda-checks.queries.ts';
import { createChangeFromHmdaEdit, runHmdaCheck, verifyHmdaEdit } from './hmda-checks.service.ts';

/**
 * HMDA LAR checks belong to the compliance library's plans (basic and up), like the loan tests:
 * HMDA reporters are banks, credit unions and mortgage companies alike. Any member checks a
 * file and reads the results; verifying a quality or macro edit is a manager's or an
 * administrator's judgement, as signing the filing is.
 */
const HMDA_CHECKS = requireFeature('compliance_library');
const HMDA_VERIFIER = requireAll(HMDA_CHECKS, requireRole('manager'));

const FILE_TYPES = [
  { extension: 'txt', contentType: 'text/plain' },
  { extension: 'csv', contentType: 'text/csv' },
] as const;

const checkParams = z.object({ checkId: z.uuid() });
const editParams = checkParams.extend({
  editId: z.string().regex(/^[SVQ]\d{3}(-\d)?$/, HMDA_MESSAGES.edit_not_found),
});

const fileNameOf = (check: { fileName: string }, suffix: string) =>
  `${check.fileName.replace(/\.[^.]*$/, '')}-${suffix}`.replace(/[^A-Za-z0-9._-]+/g, '_');

export const hmdaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);
  // A file sent as the raw body (`Content-Type: text/plain`) up to the same limit as an upload.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'buffer', bodyLimit: HMDA_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/hmda/checks',
    {
      config: { access: HMDA_CHECKS },
      bodyLimit: HMDA_FILE_MAX_BYTES,
      schema: {
        tags: ['hmda'],
        summary:
          'Checks a HMDA file (multipart field `file`, or the raw text as text/plain; at most 50 MB) with the CFPB platform’s edits for its filing year and period, and keeps the file and the results',
        description:
          'The answer lists `formatErrors` (`row`, `field`, `value`, `validValues`, `message`; a file with any gets no edits, as on the platform) and the failed `edits` (`id` as the platform names it, `category`, `rows`: 1-based rows of the file, the Transmittal Sheet being row 1, empty for a macro edit). `year` (2024 to 2026) and `period` (`annual`, `Q1`, `Q2`, `Q3`) default to the Transmittal Sheet’s calendar year and quarter.',
        querystring: hmdaFilingQuerySchema,
        response: { 201: hmdaCheckSchema },
      },
    },
    async (request, reply) => {
      let fileName = 'hmda-file.txt';
      let data: Buffer;
      let filing = request.query;
      if (Buffer.isBuffer(request.body)) {
        data = request.body;
      } else {
        const upload = await readMultipartUpload(request, {
          maxFileBytes: HMDA_FILE_MAX_BYTES,
          maxFiles: 1,
          allowed: FILE_TYPES,
          messages: {
            tooLarge: HMDA_MESSAGES.file_too_large,
            tooMany: HMDA_MESSAGES.file_missing,
            type: HMDA_MESSAGES.file_type,
            notMultipart: HMDA_MESSAGES.file_missing,
          },
        });
        const file = upload.files[0];
        if (!file) throw new AppError('file_missing', HMDA_MESSAGES.file_missing);
        fileName = file.fileName;
        data = file.data;
        filing = { ...filing, ...parseFormFields(hmdaFilingQuerySchema, upload.fields) };
      }
      const check = await runHmdaCheck(app.deps, {
        actor: requireDatedActor(request),
        fileName,
        data,
        ...filing,
      });
      return reply.code(201).send(check);
    },
  );

  app.get(
    '/api/hmda/checks',
    {
      config: { access: HMDA_CHECKS },
      schema: {
        tags: ['hmda'],
        summary: 'The institution’s HMDA checks, newest first, with their counts',
        response: { 200: hmdaCheckListSchema },
      },
    },
    async (request) => ({ items: await findHmdaChecks(db, requireDatedActor(request).companyId) }),
  );

  app.get(
    '/api/hmda/checks/:checkId',
    {
      config: { access: HMDA_CHECKS },
      schema: {
        tags: ['hmda'],
        summary:
          'One check: format errors, failed edits with the platform’s descriptions, rows and examples, verifications, edits not checked, and progress from the previous check of the same filing',
        params: checkParams,
        response: { 200: hmdaCheckSchema },
      },
    },
    async (request) =>
      getHmdaCheck(db, requireDatedActor(request).companyId, request.params.checkId),
  );

  app.put(
    '/api/hmda/checks/:checkId/edits/:editId/verification',
    {
      config: { access: HMDA_VERIFIER },
      schema: {
        tags: ['hmda'],
        summary:
          'Verifies a quality or macro edit: the data is accurate as reported, for the reason given (managers and administrators)',
        params: editParams,
        body: hmdaVerifyRequestSchema,
        response: { 200: hmdaCheckSchema },
      },
    },
    async (request) =>
      verifyHmdaEdit(app.deps, {
        actor: requireDatedActor(request),
        ...request.params,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/hmda/checks/:checkId/edits/:editId/change',
    {
      config: { access: requireAll(HMDA_CHECKS, requireFeature('change_management')) },
      schema: {
        tags: ['hmda'],
        summary: 'Opens a regulatory change to fix or document a failed edit',
        params: editParams,
        response: { 201: z.object({ changeId: z.string() }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createChangeFromHmdaEdit(app.deps, {
          actor: requireDatedActor(request),
          ...request.params,
        }),
      ),
  );

  app.get(
    '/api/hmda/checks/:checkId/findings.csv',
    {
      config: { access: HMDA_CHECKS },
      schema: {
        tags: ['hmda'],
        summary: 'Every finding of a check as CSV: edit, row, ULI, the fields and their values',
        params: checkParams,
      },
    },
    async (request, reply) => {
      const { companyId } = requireDatedActor(request);
      const check = await getHmdaCheck(db, companyId, request.params.checkId);
      const stream = await findingsCsv(app.deps, { companyId, check });
      return sendCsvAttachment(reply, fileNameOf(check, 'findings.csv'), stream);
    },
  );

  app.get(
    '/api/hmda/checks/:checkId/summary.pdf',
    {
      config: { access: HMDA_CHECKS },
      schema: {
        tags: ['hmda'],
        summary: 'The check’s summary as PDF, for the HMDA file’s sign-off',
        params: checkParams,
      },
    },
    async (request, reply) => {
      const actor = requireDatedActor(request);
      const check = await getHmdaCheck(db, actor.companyId, request.params.checkId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileNameOf(check, 'summary.pdf')}"`)
        .header('cache-control', 'private, no-store')
        .send(summaryPdf(check, { preparedBy: actor.name, now: app.deps.clock() }));
    },
  );

  app.get(
    '/api/hmda/checks/:checkId/file',
    {
      config: { access: HMDA_CHECKS },
      schema: {
        tags: ['hmda'],
        summary: 'The file as it was uploaded for this check',
        params: checkParams,
      },
    },
    async (request, reply) => {
      const { companyId } = requireDatedActor(request);
      const check = await getHmdaCheckRow(db, companyId, request.params.checkId);
      const data = await app.deps.storage.get(check.storageKey);
      if (!data) throw new AppError('not_found', HMDA_MESSAGES.not_found);
      return sendAttachment(reply, { data, contentType: 'text/plain', fileName: check.fileName });
    },
  );
};
