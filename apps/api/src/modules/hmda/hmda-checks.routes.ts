import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
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
import {
  cleanFileName,
  parseFormFields,
  sendAttachment,
  unreadableUpload,
} from '../../lib/uploads.ts';
import { requireDatedActor } from '../auth/actor.ts';
import { findingsCsv, summaryPdf } from './hmda-check-report.ts';
import { findHmdaChecks, getHmdaCheck, getHmdaCheckRow } from './hmda-checks.queries.ts';
import {
  createChangeFromHmdaEdit,
  receiveHmdaFile,
  runHmdaCheck,
  verifyHmdaEdit,
} from './hmda-checks.service.ts';
import type { StoredUpload } from './hmda-upload.ts';

/**
 * HMDA LAR checks belong to the compliance library's plans (basic and up), like the loan tests:
 * HMDA reporters are banks, credit unions and mortgage companies alike. Any member checks a
 * file and reads the results; verifying a quality or macro edit is a manager's or an
 * administrator's judgement, as signing the filing is.
 */
const HMDA_CHECKS = requireFeature('compliance_library');
const HMDA_VERIFIER = requireAll(HMDA_CHECKS, requireRole('manager'));

const checkParams = z.object({ checkId: z.uuid() });
const editParams = checkParams.extend({
  editId: z.string().regex(/^[SVQ]\d{3}(-\d)?$/, HMDA_MESSAGES.edit_not_found),
});

const fileNameOf = (check: { fileName: string }, suffix: string) =>
  `${check.fileName.replace(/\.[^.]*$/, '')}-${suffix}`.replace(/[^A-Za-z0-9._-]+/g, '_');

export const hmdaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);
  // A file sent as the raw body (`Content-Type: text/plain`) reaches the handler as the request
  // stream: it is checked and stored as it arrives, never held in memory.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', (_request, payload, done) => done(null, payload));

  app.post(
    '/api/hmda/checks',
    {
      config: { access: HMDA_CHECKS },
      schema: {
        tags: ['hmda'],
        summary:
          'Checks a HMDA file (multipart field `file`, or the raw text as text/plain; at most 600 MB, about a million rows) with the CFPB platform’s edits for its filing year and period, and keeps the file and the results',
        description:
          'The answer lists `formatErrors` (`row`, `field`, `value`, `validValues`, `message`; a file with any gets no edits, as on the platform) and the failed `edits` (`id` as the platform names it, `category`, `rows`: 1-based rows of the file, the Transmittal Sheet being row 1, empty for a macro edit). `year` (2024 to 2026) and `period` (`annual`, `Q1`, `Q2`, `Q3`) default to the Transmittal Sheet’s calendar year and quarter; they may be sent as query parameters or as multipart fields. The file streams: memory stays flat whatever its size.',
        querystring: hmdaFilingQuerySchema,
        response: { 201: hmdaCheckSchema },
      },
    },
    async (request, reply) => {
      const actor = requireDatedActor(request);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > HMDA_FILE_MAX_BYTES + 64 * 1024) {
        throw new AppError('file_too_large', HMDA_MESSAGES.file_too_large);
      }
      const checkId = randomUUID();
      const receive = (source: Readable) =>
        receiveHmdaFile(app.deps, { companyId: actor.companyId, checkId, source });
      let fileName = 'hmda-file.txt';
      let upload: StoredUpload | undefined;
      const fields: Record<string, string> = {};
      if (request.body instanceof Readable) {
        upload = await receive(request.body);
      } else if (request.isMultipart()) {
        try {
          for await (const part of request.parts({
            limits: { fileSize: HMDA_FILE_MAX_BYTES + 1, files: 1, fields: 5 },
          })) {
            if (part.type === 'field') {
              fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
            } else if (part.filename || upload === undefined) {
              fileName = cleanFileName(part.filename || fileName, 'txt');
              upload = await receive(part.file);
            } else {
              part.file.resume();
            }
          }
        } catch (error) {
          if (upload) await app.deps.storage.delete(upload.key);
          if (error instanceof AppError) throw error;
          request.log.info({ err: error }, 'malformed HMDA upload');
          throw unreadableUpload();
        }
      } else {
        throw new AppError('unsupported_media_type', HMDA_MESSAGES.file_missing);
      }
      if (!upload) throw new AppError('file_missing', HMDA_MESSAGES.file_missing);
      const filing = { ...request.query, ...parseFormFields(hmdaFilingQuerySchema, fields) };
      const check = await runHmdaCheck(app.deps, { actor, checkId, fileName, upload, ...filing });
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
