import { readFileSync } from 'node:fs';
import { auditLog } from '@complivue/db/schema/audit';
import { changeHistory } from '@complivue/db/schema/changes';
import { riskFindingHistory } from '@complivue/db/schema/findings';
import type {
  AporTableSummary,
  LoanTestRecords,
  LoanTestRun,
  SavedLoanTest,
  SavedLoanTestSummary,
} from '@complivue/shared/schemas/loan-tests';
import { LOAN_TEST_MESSAGES } from '@complivue/shared/schemas/loan-tests';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { multipartForm, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The CFPB rate spread calculator's own unit-test sample (cfpb/hmda-platform,
 * ratespread-calculator/src/test/resources/yieldTableFixed.txt): two weeks of January 2017. For
 * tests only; the product loads the FFIEC's published tables.
 */
const APOR_SAMPLE = readFileSync(
  new URL('../../../test/fixtures/apor-yield-table-fixed-sample-2017.txt', import.meta.url),
  'utf8',
);

/** An application the day before Thanksgiving 2026 (Thursday, November 26). */
const TRID_INPUT = {
  applicationDate: '2026-11-25',
  daysOpen: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  closedOnFederalHolidays: true,
  loanEstimateDelivery: { date: '2026-11-30', method: 'in_person' },
};

/** A 30-year fixed first-lien loan locked in the sample's first week. */
const RATE_SPREAD_INPUT = {
  actionTaken: 1,
  loanTerm: 30,
  amortizationType: 'fixed',
  apr: 6.0,
  lockDate: '2017-01-04',
  reverseMortgage: false,
  lien: 'first',
  jumbo: false,
};

describe('loan tests API', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await signedInMember(t.app, { companyId: null, role: 'super_admin' })).cookie;
  });
  afterAll(() => t.close());

  const { call, institution, create } = changeTestKit(() => t);

  function loadTable(cookie: string, text: string, fields: Record<string, string> = {}) {
    const form = multipartForm(
      { amortization: 'fixed', sourceNote: 'CFPB test sample', ...fields },
      [{ fileName: 'YieldTableFixed.txt', contentType: 'text/plain', data: Buffer.from(text) }],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/apor-tables',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  }

  async function run(cookie: string, kind: string, input: unknown) {
    const response = await call(cookie, 'POST', '/api/loan-tests/run', { kind, input });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LoanTestRun>();
  }

  async function createFinding(cookie: string) {
    const response = await call(cookie, 'POST', '/api/risks/findings', {
      title: 'Tolerance cures refunded late on three files',
      source: 'self_identified',
      severity: 'moderate',
      area: 'trid',
      description: 'QC found three loans where the 10% bucket was exceeded and not cured.',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>();
  }

  it('loads APOR tables as versions, refuses a bad file by its lines, and is the operator’s alone', async () => {
    const { admin } = await institution();
    const refused = await loadTable(admin.cookie, APOR_SAMPLE);
    expect(refused.statusCode).toBe(403);

    const bad = await loadTable(operator, `${APOR_SAMPLE}\n1/16/2017|3.5|abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(LOAN_TEST_MESSAGES.apor_file_invalid);
    expect(bad.json().error.details[0].path).toBe('/file/line/3');

    const first = await loadTable(operator, APOR_SAMPLE);
    expect(first.statusCode, first.body).toBe(201);
    const table = first.json<AporTableSummary>();
    expect(table).toMatchObject({
      amortization: 'fixed',
      weekCount: 2,
      firstWeek: '2017-01-02',
      lastWeek: '2017-01-09',
      current: true,
    });
    const second = (await loadTable(operator, `${APOR_SAMPLE}\n`)).json<AporTableSummary>();
    expect(second.version).toBe(table.version + 1);

    const listed = await call(operator, 'GET', '/api/admin/apor-tables');
    const versions = listed
      .json<{ items: AporTableSummary[] }>()
      .items.filter((row) => row.amortization === 'fixed');
    expect(versions.filter((row) => row.current).map((row) => row.version)).toEqual([
      second.version,
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apor_table.loaded'), eq(auditLog.targetId, second.id)));
    expect(audit).toHaveLength(1);
  });

  it('computes a rate spread from the table in use and names the table and week it read', async () => {
    await loadTable(operator, APOR_SAMPLE);
    const { user } = await institution('basic');
    const result = await run(user.cookie, 'rate_spread', RATE_SPREAD_INPUT);
    const spread = result.results[0]!;
    // Term 30 of the week of January 2, 2017 is 4.36; 6.000 − 4.360 = 1.640.
    expect(spread.figures).toMatchObject({
      rateSpread: 1.64,
      apor: 4.36,
      aporWeekStart: '2017-01-02',
    });
    expect(result.aporTable?.label).toMatch(/^Fixed-rate APOR table, version \d+, loaded /);
    // 1.640 is 1.5 or more over the APOR on a first lien that is not jumbo: higher-priced.
    expect(result.results[1]!.figures).toMatchObject({ isHigherPriced: true });

    const outside = await run(user.cookie, 'rate_spread', {
      ...RATE_SPREAD_INPUT,
      lockDate: '2026-11-02',
    });
    expect(outside.results[0]!.outcome).toBe('not_determined');

    const bad = await call(user.cookie, 'POST', '/api/loan-tests/run', {
      kind: 'rate_spread',
      input: { ...RATE_SPREAD_INPUT, loanTerm: 51 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Some fields are missing or invalid.');
  });

  it('tests points and fees against the QM limit and HOEPA with the year’s figures and the table’s APOR', async () => {
    await loadTable(operator, APOR_SAMPLE);
    const { user } = await institution('basic');
    const input = {
      consummationDate: '2026-06-15',
      totalLoanAmount: 200_000,
      items: [
        { kind: 'creditor_origination', amount: 3000, description: 'Origination fee' },
        { kind: 'loan_originator_compensation', amount: 2000 },
        { kind: 'bona_fide_third_party_charge', amount: 1500, description: 'Appraisal' },
      ],
      apr: 6.0,
      lockDate: '2017-01-04',
      loanTerm: 30,
      amortizationType: 'fixed',
      lien: 'first',
    };
    const result = await run(user.cookie, 'points_and_fees', input);
    const [qm, hoepa] = result.results;
    // 2026: a loan of $137,958 or more may have points and fees up to 3% of the total loan
    // amount (90 FR 57890): $6,000. Counted: $3,000 + $2,000; the appraisal is excluded.
    expect(qm!.outcome).toBe('pass');
    expect(qm!.figures).toMatchObject({ limit: 6000, margin: 1000 });
    // 1.640 over the APOR is not more than 6.5; $5,000 is not more than 5% ($10,000).
    expect(hoepa!.outcome).toBe('pass');
    expect(result.aporTable?.label).toMatch(/^Fixed-rate APOR table/);

    const later = await run(user.cookie, 'points_and_fees', {
      ...input,
      consummationDate: '2031-03-02',
    });
    expect(later.results[0]!.outcome).toBe('not_determined');
    expect(later.results[0]!.headline).toContain('2031');
  });

  it('runs a batch CSV in the CFPB calculator’s layout, one answer per row', async () => {
    await loadTable(operator, APOR_SAMPLE);
    const { user } = await institution('basic');
    const csv = [
      'action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage',
      '1,30,FixedRate,6.0,2017-01-04,2',
      '3,30,FixedRate,6.0,2017-01-04,2',
      '1,30,FixedRate,abc,2017-01-04,2',
    ].join('\n');
    const form = multipartForm({}, [
      { fileName: 'loans.csv', contentType: 'text/csv', data: Buffer.from(csv) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/loan-tests/rate-spread.csv',
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(
      /^action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage,rate_spread/,
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',1.640,');
    expect(lines[2]).toContain(',NA,');
    expect(response.headers['x-loan-row-errors']).toBe('1');
  });

  it('saves a TRID timeline to a change: recomputed, in the change’s history and the audit log', async () => {
    const { manager, user } = await institution();
    const change = await create(manager.cookie);
    const timeline = await run(user.cookie, 'trid_timing', TRID_INPUT);
    // Thanksgiving (Thu 26) is skipped: Fri 27, Mon 30, Tue Dec 1 (12 CFR 1026.19(e)(1)(iii)(A)).
    expect(timeline.results[0]!.figures).toMatchObject({ loanEstimateDueBy: '2026-12-01' });

    const records = (
      await call(user.cookie, 'GET', '/api/loan-tests/records')
    ).json<LoanTestRecords>();
    expect(records.canSaveToChanges).toBe(true);
    expect(records.changes.map((row) => row.id)).toContain(change.id);

    const saved = await call(user.cookie, 'POST', '/api/loan-tests/results', {
      kind: 'trid_timing',
      input: TRID_INPUT,
      loanReference: 'LN-2026-0415',
      changeId: change.id,
      note: 'Pre-exam QC sample',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const test = saved.json<SavedLoanTest>();
    expect(test).toMatchObject({
      kind: 'trid_timing',
      loanReference: 'LN-2026-0415',
      record: { type: 'change', id: change.id },
      note: 'Pre-exam QC sample',
    });
    expect(test.results[0]!.figures).toMatchObject({ loanEstimateDueBy: '2026-12-01' });

    const history = await t.db
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.changeId, change.id));
    expect(history.map((row) => row.event)).toContain('loan_test_saved');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'change.loan_test_saved'), eq(auditLog.targetId, change.id)));
    expect(audit).toHaveLength(1);

    const listed = await call(user.cookie, 'GET', `/api/loan-tests/results?changeId=${change.id}`);
    expect(listed.json<{ items: SavedLoanTestSummary[] }>().items.map((row) => row.id)).toEqual([
      test.id,
    ]);
  });

  it('saves a tolerance cure to a finding, and refuses a closed finding or a missing record', async () => {
    const { manager, user } = await institution();
    const finding = await createFinding(manager.cookie);
    const input = {
      consummationDate: '2026-11-20',
      fees: [
        {
          name: 'Origination fee',
          kind: 'paid_to_creditor_broker_or_affiliate',
          loanEstimate: 1000,
          closingDisclosure: 1100,
        },
        {
          name: 'Title insurance',
          kind: 'third_party_shopped_from_list',
          loanEstimate: 1000,
          closingDisclosure: 1200,
        },
      ],
    };
    const result = await run(user.cookie, 'tolerance', input);
    // Zero tolerance: $100 over. 10% bucket: $1,200 against $1,100 allowed: $100. Cure $200.
    expect(result.results[0]!.figures).toMatchObject({ cureOwed: 200, refundDueBy: '2027-01-19' });

    const noRecord = await call(user.cookie, 'POST', '/api/loan-tests/results', {
      kind: 'tolerance',
      input,
      loanReference: 'LN-7',
    });
    expect(noRecord.statusCode).toBe(400);
    expect(noRecord.json().error.details[0].message).toBe(LOAN_TEST_MESSAGES.record_required);

    const saved = await call(user.cookie, 'POST', '/api/loan-tests/results', {
      kind: 'tolerance',
      input,
      loanReference: 'LN-7',
      findingId: finding.id,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<SavedLoanTest>().outcome).toBe('fail');
    const history = await t.db
      .select()
      .from(riskFindingHistory)
      .where(eq(riskFindingHistory.findingId, finding.id));
    expect(history.map((row) => row.event)).toContain('loan_test_saved');

    const closed = await call(manager.cookie, 'POST', `/api/risks/findings/${finding.id}/close`, {
      note: 'Cured and retrained.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await call(user.cookie, 'POST', '/api/loan-tests/results', {
      kind: 'tolerance',
      input,
      loanReference: 'LN-8',
      findingId: finding.id,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('lets the basic plan run and print tests but not save them to a change', async () => {
    const { manager, user } = await institution('basic');
    const records = (
      await call(user.cookie, 'GET', '/api/loan-tests/records')
    ).json<LoanTestRecords>();
    expect(records).toMatchObject({ canSaveToChanges: false, canSaveToFindings: false });
    const other = await institution();
    const change = await create(other.manager.cookie);
    const refused = await call(manager.cookie, 'POST', '/api/loan-tests/results', {
      kind: 'trid_timing',
      input: TRID_INPUT,
      loanReference: 'LN-1',
      changeId: change.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('feature_unavailable');
  });

  it('keeps saved loan tests inside the institution, and never saves to another one’s change or finding', async () => {
    const a = await institution();
    const b = await institution();
    const change = await create(a.manager.cookie);
    const finding = await createFinding(a.manager.cookie);
    const saved = (
      await call(a.user.cookie, 'POST', '/api/loan-tests/results', {
        kind: 'trid_timing',
        input: TRID_INPUT,
        loanReference: 'LN-A',
        changeId: change.id,
      })
    ).json<SavedLoanTest>();

    const read = await call(b.user.cookie, 'GET', `/api/loan-tests/results/${saved.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().error.message).toBe(LOAN_TEST_MESSAGES.not_found);
    const listed = await call(
      b.user.cookie,
      'GET',
      `/api/loan-tests/results?changeId=${change.id}`,
    );
    expect(listed.json<{ items: unknown[] }>().items).toEqual([]);

    for (const target of [{ changeId: change.id }, { findingId: finding.id }]) {
      const refused = await call(b.manager.cookie, 'POST', '/api/loan-tests/results', {
        kind: 'trid_timing',
        input: TRID_INPUT,
        loanReference: 'LN-B',
        ...target,
      });
      expect(refused.statusCode, refused.body).toBe(404);
    }
    const again = await call(a.user.cookie, 'GET', `/api/loan-tests/results/${saved.id}`);
    expect(again.json<SavedLoanTest>().loanReference).toBe('LN-A');
    const bRecords = (
      await call(b.user.cookie, 'GET', '/api/loan-tests/records')
    ).json<LoanTestRecords>();
    expect(bRecords.changes.map((row) => row.id)).not.toContain(change.id);
    expect(bRecords.findings.map((row) => row.id)).not.toContain(finding.id);
  });
});
