import multipart from '@fastify/multipart';
import { rateSpreadCsv } from '@complivue/shared/loan-tests/rate-spread';
import {
  APOR_FILE_MAX_BYTES,
  LOAN_TEST_MESSAGES,
  RATE_SPREAD_CSV_MAX_BYTES,
  aporTableListSchema,
  aporTableSummarySchema,
  loadAporTableFieldsSchema,
  loanTestRequestSchema,
  loanTestRecordsSchema,
  loanTestRunSchema,
  saveLoanTestRequestSchema,
  savedLoanTestListQuerySchema,
  savedLoanTestListSchema,
  savedLoanTestSchema,
} from '@complivue/shared/schemas/loan-tests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireFeature, requireRole } from '../../lib/route-access.ts';
import { parseFormFields, readMultipartUpload } from '../../lib/uploads.ts';
import { requireAuth } from '../auth/access.ts';
import { requireDatedActor } from '../auth/actor.ts';
import { currentAporTables, listAporTables, loadAporTable } from './apor-tables.service.ts';
import { findLoanTestRecords, getSavedLoanTest, listSavedLoanTests } from './loan-tests.queries.ts';
import { runLoanTest, saveLoanTest } from './loan-tests.service.ts';

/**
 * Loan tests are part of the compliance library's plans (basic and up): any member runs them
 * and saves them to a change or a finding their plan has. The APOR tables are the platform
 * operator's to load (the super-admin console).
 */
const LOAN_TESTS = requireFeature('compliance_library');
const PLATFORM_OPERATOR = requireRole('super_admin');

const CSV_TYPES = [{ extension: 'csv', contentType: 'text/csv' }] as const;
const APOR_TYPES = [{ extension: 'txt', contentType: 'text/plain' }] as const;

export const loanTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  app.post(
    '/api/loan-tests/run',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary:
          'Runs a loan test (TRID timeline, tolerance cure, rate spread with HPML and HOEPA, QM and HOEPA points and fees) and answers every intermediate figure with the provision it applies',
        body: loanTestRequestSchema,
        response: { 200: loanTestRunSchema },
      },
    },
    async (request) => runLoanTest(db, request.body),
  );

  app.post(
    '/api/loan-tests/rate-spread.csv',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary:
          'Rate spreads for a CSV of loans in the CFPB calculator’s batch layout, with the APOR, its week and the HPML flag added',
      },
    },
    async (request, reply) => {
      const upload = await readMultipartUpload(request, {
        maxFileBytes: RATE_SPREAD_CSV_MAX_BYTES,
        maxFiles: 1,
        allowed: CSV_TYPES,
        messages: {
          tooLarge: LOAN_TEST_MESSAGES.csv_too_large,
          tooMany: LOAN_TEST_MESSAGES.csv_missing,
          type: LOAN_TEST_MESSAGES.csv_type,
          notMultipart: LOAN_TEST_MESSAGES.csv_missing,
        },
      });
      const file = upload.files[0];
      if (!file) throw new AppError('file_missing', LOAN_TEST_MESSAGES.csv_missing);
      const tables = await currentAporTables(db);
      let batch: ReturnType<typeof rateSpreadCsv>;
      try {
        batch = rateSpreadCsv(file.data.toString('utf8'), tables);
      } catch (error) {
        throw AppError.validationFailed(
          [{ path: '/file', message: (error as Error).message }],
          (error as Error).message,
        );
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="rate-spreads.csv"')
        .header('x-loan-rows', String(batch.rows))
        .header('x-loan-row-errors', String(batch.errors))
        .send(batch.csv);
    },
  );

  app.get(
    '/api/loan-tests/apor-tables',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary: 'The APOR tables in use for rate spreads, with the weeks each covers',
        response: { 200: aporTableListSchema },
      },
    },
    async () => ({ items: (await listAporTables(db)).filter((table) => table.current) }),
  );

  app.get(
    '/api/loan-tests/records',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary: 'The open changes and findings a test can be saved to, as the plan allows',
        response: { 200: loanTestRecordsSchema },
      },
    },
    async (request) => findLoanTestRecords(db, requireDatedActor(request)),
  );

  app.get(
    '/api/loan-tests/results',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary: 'Saved loan tests, newest first: all of the institution’s, or one record’s',
        querystring: savedLoanTestListQuerySchema,
        response: { 200: savedLoanTestListSchema },
      },
    },
    async (request) => ({
      items: await listSavedLoanTests(db, requireDatedActor(request).companyId, request.query),
    }),
  );

  app.post(
    '/api/loan-tests/results',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary:
          'Runs the test again from its inputs and saves it to an open change or finding, with a history entry on that record',
        body: saveLoanTestRequestSchema,
        response: { 201: savedLoanTestSchema },
      },
    },
    async (request, reply) => {
      const saved = await saveLoanTest(app.deps, {
        actor: requireDatedActor(request),
        request: request.body,
      });
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/api/loan-tests/results/:loanTestResultId',
    {
      config: { access: LOAN_TESTS },
      schema: {
        tags: ['loan-tests'],
        summary: 'One saved loan test with its inputs and worked results',
        params: z.object({ loanTestResultId: z.uuid() }),
        response: { 200: savedLoanTestSchema },
      },
    },
    async (request) =>
      getSavedLoanTest(db, requireDatedActor(request).companyId, request.params.loanTestResultId),
  );

  app.get(
    '/api/admin/apor-tables',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Every APOR table version loaded, newest first; the newest of each kind is in use',
        response: { 200: aporTableListSchema },
      },
    },
    async () => ({ items: await listAporTables(db) }),
  );

  app.post(
    '/api/admin/apor-tables',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary:
          'Loads an FFIEC APOR table (pipe-delimited text) as the next version of its kind; a file with any bad line is refused with its line numbers',
        response: { 201: aporTableSummarySchema },
      },
    },
    async (request, reply) => {
      const upload = await readMultipartUpload(request, {
        maxFileBytes: APOR_FILE_MAX_BYTES,
        maxFiles: 1,
        allowed: APOR_TYPES,
        messages: {
          tooLarge: LOAN_TEST_MESSAGES.apor_file_too_large,
          tooMany: LOAN_TEST_MESSAGES.apor_file_missing,
          type: LOAN_TEST_MESSAGES.apor_file_type,
          notMultipart: LOAN_TEST_MESSAGES.apor_file_missing,
        },
      });
      const fields = parseFormFields(loadAporTableFieldsSchema, upload.fields);
      const file = upload.files[0];
      if (!file) throw new AppError('file_missing', LOAN_TEST_MESSAGES.apor_file_missing);
      const auth = requireAuth(request);
      const table = await loadAporTable(
        db,
        {
          ...requestOrigin(request),
          companyId: auth.profile.companyId,
          actorUserId: auth.user.id,
          role: auth.profile.role,
          name: auth.profile.fullName ?? auth.user.email,
        },
        { ...fields, fileName: file.fileName, text: file.data.toString('utf8') },
      );
      return reply.code(201).send(table);
    },
  );
};
