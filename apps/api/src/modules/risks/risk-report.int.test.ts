import { auditLog } from '@complivue/db/schema/audit';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { RISK_CSV_COLUMNS, type RiskDetail } from '@complivue/shared/schemas/risks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('risk scoring: the CSV export of the register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution } = changeTestKit(() => t);
  const today = todayIn(null);

  async function ok(cookie: string, method: 'POST' | 'PATCH', url: string, body: unknown) {
    const response = await call(cookie, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  }

  it('writes each risk under the list’s filters, formula-safe, to members of the institution only', async () => {
    const { admin, manager, user } = await institution();
    const rated = (
      await ok(manager.cookie, 'POST', '/api/risks', {
        title: '=HYPERLINK("http://evil.example")',
        area: 'trid',
        productLine: 'mortgage_origination',
        ownerId: manager.userId,
        inherentLikelihood: 4,
        inherentImpact: 5,
        reviewDate: addDays(today, 30),
      })
    ).json<{ id: string }>().id;
    await ok(manager.cookie, 'POST', `/api/risks/${rated}/controls`, {
      title: 'Loan Estimate timing report',
      ruleIds: ['TRID-LE-001', 'TRID-LE-002'],
    });
    for (const ruleId of ['TRID-LE-001', 'TRID-LE-002']) {
      await ok(admin.cookie, 'PATCH', `/api/library/rules/${ruleId}/assessment`, {
        status: 'compliant',
      });
    }
    // Effective controls suggest 2 × 5; the manager sets 3 × 5, with the reason.
    await ok(manager.cookie, 'PATCH', `/api/risks/${rated}`, {
      residualLikelihood: 3,
      residualImpact: 5,
      residualReason: 'Branch applications still reach the disclosure desk late.',
    });
    const expires = addDays(today, 90);
    const accepted = (
      await ok(admin.cookie, 'PATCH', `/api/risks/${rated}`, {
        status: 'accepted',
        acceptanceExpiresOn: expires,
      })
    ).json<RiskDetail>();
    await ok(manager.cookie, 'POST', '/api/risks', {
      title: 'Cash transactions not aggregated',
      area: 'bsa_aml',
      productLine: 'deposits',
    });

    // A member reads the register, so a member exports it.
    const all = await call(user.cookie, 'GET', '/api/risks/export.csv');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toBe(
      `attachment; filename="risk-register-${today}.csv"`,
    );
    const lines = all.body.trim().split('\n');
    expect(lines[0]).toBe(RISK_CSV_COLUMNS.join(','));
    // Highest residual first, as the list; the formula is neutralised, the ratings are numbers.
    expect(lines.slice(1)).toEqual([
      [
        'RSK-1',
        `"'=HYPERLINK(""http://evil.example"")"`,
        'TRID',
        'Mortgage origination',
        'Casey Member',
        'Accepted',
        '4,5,20,Critical',
        'Effective',
        '3,5,15,High,Set',
        'Branch applications still reach the disclosure desk late.',
        addDays(today, 30),
        'No',
        accepted.acceptedByName,
        expires,
        '"Loan Estimate timing report (TRID-LE-001, TRID-LE-002)"',
      ].join(','),
      // Not rated: empty cells, not zeros.
      'RSK-2,Cash transactions not aggregated,BSA/AML,Deposits and payments,,Open,,,,,Not assessed,,,,,,,,No,,,',
    ]);

    // The same filters as the list.
    const notRated = await call(user.cookie, 'GET', '/api/risks/export.csv?notRated=true');
    expect(notRated.body.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^RSK-2,Cash transactions/),
    ]);
    const acceptedOnly = await call(user.cookie, 'GET', '/api/risks/export.csv?status=accepted');
    expect(acceptedOnly.body.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^RSK-1,/),
    ]);
    expect(
      (await call(user.cookie, 'GET', '/api/risks/export.csv?area=astrology')).statusCode,
    ).toBe(400);

    // Who exported what is in the audit log.
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user.userId), eq(auditLog.action, 'risk.exported')));
    expect(audited.map((entry) => entry.after)).toContainEqual({
      format: 'csv',
      filters: { notRated: true },
    });

    // Another institution's export holds its own register only: here, none.
    const other = await institution();
    const foreign = await call(other.user.cookie, 'GET', '/api/risks/export.csv');
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body.trim()).toBe(RISK_CSV_COLUMNS.join(','));
  });
});
