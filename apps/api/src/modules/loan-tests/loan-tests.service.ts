import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { loanTestResults } from '@complivue/db/schema/loan-tests';
import type { LoanTestOutcome } from '@complivue/shared/loan-tests/explanation';
import { LOAN_TEST_LABELS } from '@complivue/shared/loan-tests/loan-test-kinds';
import {
  NO_APOR_TABLES,
  readsAporTables,
  runLoanTestOn,
} from '@complivue/shared/loan-tests/run-loan-test';
import {
  type LoanTestRun,
  type SavedLoanTest,
  type LoanTestRequest,
  type saveLoanTestRequestSchema,
} from '@complivue/shared/schemas/loan-tests';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { DatedActor } from '../auth/actor.ts';
import { recordLoanTestOnChange } from '../changes/changes.service.ts';
import { recordLoanTestOnFinding } from '../risks/findings.service.ts';
import { checkFeatureAccess } from '../subscriptions/company-subscription.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { currentAporTables } from './apor-tables.service.ts';
import { getSavedLoanTest } from './loan-tests.queries.ts';

/**
 * Runs one test on inputs the route has validated (packages/shared/src/loan-tests): the
 * rate-spread and points-and-fees tests read the APOR tables in use, the others the inputs alone.
 */
export async function runLoanTest(db: Db, request: LoanTestRequest): Promise<LoanTestRun> {
  const tables = readsAporTables(request.kind) ? await currentAporTables(db) : NO_APOR_TABLES;
  return runLoanTestOn(request, tables);
}

type SaveRequest = z.output<typeof saveLoanTestRequestSchema>;

/** "QM and HOEPA points and fees, loan 1234: fail" — how a record's history names the test. */
const OUTCOME_WORDS: Record<LoanTestOutcome, string> = {
  pass: 'pass',
  fail: 'fail',
  info: 'computed',
  not_determined: 'not determined',
};

/**
 * Saves a test to the institution's quality-control record. The test is run again here from the
 * inputs, so what is kept is what the product computed; the result, the record's history entry
 * and the audit row are written in one transaction, and a change or finding of another
 * institution, a finished change or a closed finding is refused.
 */
export async function saveLoanTest(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  options: { actor: DatedActor; request: SaveRequest },
): Promise<SavedLoanTest> {
  const { db } = deps;
  const { actor, request } = options;
  const feature = request.changeId ? 'change_management' : 'risk_scoring';
  if (!(await checkFeatureAccess(db, actor.actorUserId, feature))) {
    throw new AppError('feature_unavailable');
  }
  const run = await runLoanTest(db, request);
  const id = randomUUID();
  const label = `${LOAN_TEST_LABELS[request.kind]}, loan ${request.loanReference}: ${OUTCOME_WORDS[run.outcome]}`;
  await db.transaction(async (tx) => {
    if (request.changeId) {
      await recordLoanTestOnChange(tx, actor, {
        changeId: request.changeId,
        loanTestId: id,
        label,
      });
    } else {
      await recordLoanTestOnFinding(tx, deps, actor, {
        findingId: request.findingId!,
        loanTestId: id,
        label,
      });
    }
    await tx.insert(loanTestResults).values({
      id,
      companyId: actor.companyId,
      kind: request.kind,
      loanReference: request.loanReference,
      outcome: run.outcome,
      headline: run.headline,
      input: request.input as Record<string, unknown>,
      results: run.results,
      aporTableId: run.aporTable?.id ?? null,
      changeId: request.changeId ?? null,
      findingId: request.changeId ? null : request.findingId!,
      note: request.note,
      createdBy: actor.actorUserId,
      createdByName: actor.name,
    });
  });
  return getSavedLoanTest(db, actor.companyId, id);
}
