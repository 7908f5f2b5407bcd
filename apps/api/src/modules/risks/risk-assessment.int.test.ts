import { auditLog } from '@complivue/db/schema/audit';
import { riskAssessmentVersions } from '@complivue/db/schema/risk-assessment';
import type {
  AssessmentOverview,
  AssessmentVersion,
} from '@complivue/shared/schemas/risk-assessment';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const RISK = {
  title: 'Loan Estimates delivered late',
  area: 'trid',
  productLine: 'mortgage_origination',
  inherentLikelihood: 4,
  inherentImpact: 5,
};

describe('risk scoring: approval of the assessment and its versions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution } = changeTestKit(() => t);

  type Method = 'GET' | 'POST' | 'PATCH';
  async function expectStatus(
    cookie: string,
    method: Method,
    url: string,
    status: number,
    body?: unknown,
  ) {
    const response = await call(cookie, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response;
  }
  const errorCode = (response: { json: <T>() => T }) =>
    response.json<{ error: { code: string } }>().error.code;
  const overview = async (cookie: string) =>
    (await expectStatus(cookie, 'GET', '/api/risks/assessment', 200)).json<AssessmentOverview>();
  const version = async (cookie: string, number: number) =>
    (
      await expectStatus(cookie, 'GET', `/api/risks/assessment/versions/${number}`, 200)
    ).json<AssessmentVersion>();

  it('goes from a manager’s submission to an administrator’s approval, which freezes the register as it stood', async () => {
    const { admin, manager, user, companyId } = await institution();
    const riskId = (await expectStatus(manager.cookie, 'POST', '/api/risks', 201, RISK)).json<{
      id: string;
    }>().id;
    await expectStatus(manager.cookie, 'POST', `/api/risks/${riskId}/controls`, 201, {
      title: 'Loan Estimate timing report',
      ruleIds: ['TRID-LE-001'],
    });
    expect(await overview(user.cookie)).toEqual({ state: 'draft', versions: [] });

    // Members read; managers submit, with a note; administrators decide.
    await expectStatus(user.cookie, 'POST', '/api/risks/assessment/submit', 403, { note: 'x' });
    const noNote = await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 400, {
      note: '  ',
    });
    expect(errorCode(noNote)).toBe('validation_failed');
    const submitted = (
      await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 200, {
        note: 'Annual assessment, all TRID risks rated.',
      })
    ).json<AssessmentOverview>();
    expect(submitted.state).toBe('submitted');
    expect(submitted.versions).toEqual([
      expect.objectContaining({
        version: 1,
        status: 'submitted',
        note: 'Annual assessment, all TRID risks rated.',
        decidedByName: null,
        riskCount: null,
      }),
    ]);
    const again = await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 409, {
      note: 'Twice',
    });
    expect(errorCode(again)).toBe('assessment_not_draft');
    await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/versions/1/approve', 403, {});

    const approved = (
      await expectStatus(admin.cookie, 'POST', '/api/risks/assessment/versions/1/approve', 200, {
        note: 'Approved by the board committee.',
      })
    ).json<AssessmentOverview>();
    expect(approved.state).toBe('approved');
    expect(approved.versions[0]).toMatchObject({
      status: 'approved',
      decisionNote: 'Approved by the board committee.',
      riskCount: 1,
    });
    expect(approved.versions[0]!.decidedAt).not.toBeNull();
    // The audit log says who approved and when.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'risk_assessment.approved')),
      );
    expect(entry).toMatchObject({
      actorUserId: admin.userId,
      targetType: 'risk_assessment',
      targetId: '1',
      after: { version: 1, note: 'Approved by the board committee.' },
    });
    expect(entry!.createdAt).toBeInstanceOf(Date);

    // Later edits of the register leave the approved version as it was.
    await expectStatus(manager.cookie, 'PATCH', `/api/risks/${riskId}`, 200, {
      title: 'Loan Estimates delivered late at branches',
      inherentLikelihood: 2,
      inherentImpact: 2,
    });
    await expectStatus(manager.cookie, 'POST', `/api/risks/${riskId}/controls`, 201, {
      title: 'Second control',
    });
    const frozen = await version(user.cookie, 1);
    expect(frozen.snapshot!.risks).toHaveLength(1);
    expect(frozen.snapshot!.risks[0]).toMatchObject({
      number: 1,
      title: RISK.title,
      inherent: { likelihood: 4, impact: 5, score: 20, band: 'critical' },
      residual: { likelihood: 4, impact: 5, source: 'suggested' },
      controlEffectiveness: 'not_assessed',
      controls: [
        {
          title: 'Loan Estimate timing report',
          effectiveness: 'not_assessed',
          rules: [expect.objectContaining({ id: 'TRID-LE-001', status: 'not_assessed' })],
        },
      ],
    });
    expect(frozen.snapshot!.methodology.length).toBeGreaterThan(2);

    // The next cycle: submitting waits for a re-opening, which only administrators do.
    const closed = await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 409, {
      note: 'Next',
    });
    expect(errorCode(closed)).toBe('assessment_not_draft');
    await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/reopen', 403);
    expect(
      (
        await expectStatus(admin.cookie, 'POST', '/api/risks/assessment/reopen', 200)
      ).json<AssessmentOverview>().state,
    ).toBe('draft');
    const twice = await expectStatus(admin.cookie, 'POST', '/api/risks/assessment/reopen', 409);
    expect(errorCode(twice)).toBe('assessment_not_reopenable');

    // Version 2 is returned (with what to change), then version 3 approved.
    await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 200, {
      note: 'Second cycle',
    });
    await expectStatus(admin.cookie, 'POST', '/api/risks/assessment/versions/2/return', 400, {});
    const returned = (
      await expectStatus(admin.cookie, 'POST', '/api/risks/assessment/versions/2/return', 200, {
        note: 'Rate the BSA risks first.',
      })
    ).json<AssessmentOverview>();
    expect(returned.state).toBe('draft');
    expect((await version(user.cookie, 2)).snapshot).toBeNull();
    const late = await expectStatus(
      admin.cookie,
      'POST',
      '/api/risks/assessment/versions/2/approve',
      409,
      {},
    );
    expect(errorCode(late)).toBe('assessment_not_submitted');
    await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 200, {
      note: 'BSA risks rated',
    });
    await expectStatus(admin.cookie, 'POST', '/api/risks/assessment/versions/3/approve', 200, {});
    const history = await overview(user.cookie);
    expect(history.versions.map((entry) => [entry.version, entry.status])).toEqual([
      [3, 'approved'],
      [2, 'returned'],
      [1, 'approved'],
    ]);
    // Both approved versions stay readable, each as it was approved.
    expect((await version(user.cookie, 3)).snapshot!.risks[0]).toMatchObject({
      title: 'Loan Estimates delivered late at branches',
      inherent: { score: 4, band: 'low' },
    });
    expect((await version(user.cookie, 1)).snapshot!.risks[0]!.title).toBe(RISK.title);
    expect(
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'risk_assessment.%')))
        .orderBy(auditLog.id),
    ).toEqual(
      ['submitted', 'approved', 'reopened', 'submitted', 'returned', 'submitted', 'approved'].map(
        (step) => ({ action: `risk_assessment.${step}` }),
      ),
    );
  });

  it('refuses to submit an empty register and bad input with a clear 4xx, writing nothing', async () => {
    const { admin, manager, companyId } = await institution();
    const empty = await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 409, {
      note: 'Nothing yet',
    });
    expect(errorCode(empty)).toBe('assessment_empty');
    await expectStatus(manager.cookie, 'POST', '/api/risks', 201, RISK);
    for (const body of [{}, { note: 'x'.repeat(2001) }, { note: 'ok', extra: true }, ['note']]) {
      await expectStatus(manager.cookie, 'POST', '/api/risks/assessment/submit', 400, body);
    }
    for (const path of ['0', 'abc', '1.5', '-1']) {
      await expectStatus(admin.cookie, 'GET', `/api/risks/assessment/versions/${path}`, 400);
    }
    const missing = await expectStatus(
      admin.cookie,
      'GET',
      '/api/risks/assessment/versions/7',
      404,
    );
    expect(errorCode(missing)).toBe('not_found');
    expect(
      await t.db
        .select()
        .from(riskAssessmentVersions)
        .where(eq(riskAssessmentVersions.companyId, companyId)),
    ).toEqual([]);
  });

  it('keeps each institution’s versions to itself: another institution’s version numbers name nothing', async () => {
    const a = await institution();
    const b = await institution();
    await expectStatus(a.manager.cookie, 'POST', '/api/risks', 201, RISK);
    await expectStatus(a.manager.cookie, 'POST', '/api/risks/assessment/submit', 200, {
      note: 'A’s assessment',
    });
    await expectStatus(b.admin.cookie, 'GET', '/api/risks/assessment/versions/1', 404);
    await expectStatus(b.admin.cookie, 'POST', '/api/risks/assessment/versions/1/approve', 404, {});
    await expectStatus(b.admin.cookie, 'POST', '/api/risks/assessment/versions/1/return', 404, {
      note: 'No',
    });
    expect(await overview(b.user.cookie)).toEqual({ state: 'draft', versions: [] });
    const [row] = await t.db
      .select()
      .from(riskAssessmentVersions)
      .where(eq(riskAssessmentVersions.companyId, a.companyId));
    expect(row).toMatchObject({ status: 'submitted', decidedBy: null, snapshot: null });
  });

  it('needs the professional plan', async () => {
    const { manager } = await institution('basic');
    await expectStatus(manager.cookie, 'GET', '/api/risks/assessment', 403);
  });
});
