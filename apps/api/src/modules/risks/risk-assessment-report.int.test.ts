import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { RISK_METHODOLOGY } from '@complivue/shared/risk-scoring';
import type { AssessmentOverview } from '@complivue/shared/schemas/risk-assessment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { embeddedFontNames, pdfText } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The PDF's text with each drawn line joined by a space, so wrapped sentences read whole. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe('risk scoring: the exam-ready compliance risk assessment (PDF)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution } = changeTestKit(() => t);

  async function ok(cookie: string, method: 'POST' | 'PATCH', url: string, body?: unknown) {
    const response = await call(cookie, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  }
  async function report(cookie: string, query = '') {
    const pdf = await call(cookie, 'GET', `/api/risks/assessment.pdf${query}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return pdf;
  }

  it('prints scope, methodology, heat maps, each risk with its controls and rules, and the sign-off of an approved version', async () => {
    const { admin, manager, user } = await institution();
    const riskId = (
      await ok(manager.cookie, 'POST', '/api/risks', {
        title: 'Loan Estimates delivered late',
        area: 'trid',
        productLine: 'mortgage_origination',
        ownerId: manager.userId,
        inherentLikelihood: 4,
        inherentImpact: 5,
      })
    ).json<{ id: string }>().id;
    await ok(manager.cookie, 'POST', `/api/risks/${riskId}/controls`, {
      title: 'Loan Estimate timing report',
      ruleIds: ['TRID-LE-001'],
    });
    await ok(admin.cookie, 'PATCH', '/api/library/rules/TRID-LE-001/assessment', {
      status: 'compliant',
    });
    await ok(manager.cookie, 'POST', '/api/risks', {
      title: 'Cash transactions not aggregated',
      area: 'bsa_aml',
      productLine: 'deposits',
    });

    // A finding on the first risk, with a corrective action its owner has completed.
    const finding = (
      await ok(manager.cookie, 'POST', '/api/risks/findings', {
        title: 'Loan Estimates issued after the third business day',
        source: 'internal_audit',
        severity: 'high',
        area: 'trid',
        riskId,
        ruleId: 'TRID-LE-001',
        rootCause: 'Applications taken at branches reached the disclosure desk late.',
      })
    ).json<{ id: string }>();
    await ok(manager.cookie, 'POST', `/api/risks/findings/${finding.id}/actions`, {
      plan: 'Route branch applications to the disclosure desk the same day.',
      ownerId: manager.userId,
      dueDate: addDays(todayIn(null), 30),
    });

    // Before any approval: the working register, plainly not approved.
    const draft = flat((await report(user.cookie)).rawPayload);
    expect(draft).toContain('Compliance risk assessment');
    expect(draft).toContain('Approval: Not yet approved');
    expect(draft).toContain('No version has been approved yet.');

    await ok(manager.cookie, 'POST', '/api/risks/assessment/submit', {
      note: 'Annual assessment for the board.',
    });
    const approved = (
      await ok(admin.cookie, 'POST', '/api/risks/assessment/versions/1/approve', {
        note: 'Approved at the March committee.',
      })
    ).json<AssessmentOverview>().versions[0]!;
    // A later edit does not reach the approved version's report.
    await ok(manager.cookie, 'PATCH', `/api/risks/${riskId}`, { title: 'Renamed after approval' });

    const pdf = await report(user.cookie, '?version=1');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="compliance-risk-assessment-v1.pdf"',
    );
    const text = flat(pdf.rawPayload);
    expect(text).toContain('version 1, approved');
    // Scope: the risks by area and by product.
    expect(text).toContain('Risks assessed: 2 (1 not rated yet)');
    expect(text).toContain('(TRID): 1');
    expect(text).toContain('(BSA/AML): 1');
    expect(text).toContain('Mortgage origination: 1; Deposits and payments: 1');
    // The methodology in the words of packages/shared, formula included.
    for (const line of RISK_METHODOLOGY) expect(text).toContain(line);
    // The heat maps as tables of counts.
    expect(text).toContain('Inherent risk: number of risks by likelihood and impact');
    expect(text).toContain('Residual risk: number of risks by likelihood and impact');
    expect(text).toContain('1 · Critical');
    expect(text).toContain('1 · High');
    expect(text).toContain('1 not rated, not in the table.');
    // Each risk as approved, its control, effectiveness and the rule it rests on.
    expect(text).toContain('RSK-1 — Loan Estimates delivered late');
    expect(text).not.toContain('Renamed after approval');
    expect(text).toContain('Inherent risk: likelihood 4 × impact 5 = 20 (Critical)');
    expect(text).toContain(
      'Residual risk: likelihood 2 × impact 5 = 10 (High), as the methodology suggests',
    );
    expect(text).toContain('Control: Loan Estimate timing report — Effective');
    expect(text).toMatch(/TRID-LE-001 .+: Compliant/);
    expect(text).toContain('RSK-2 — Cash transactions not aggregated');
    expect(text).toContain('Inherent risk: Not rated');
    // The findings as frozen with the version, each corrective action with its progress.
    expect(text).toContain('Findings and their status (1)');
    expect(text).toContain('FND-1 — Loan Estimates issued after the third business day');
    expect(text).toContain('Source, severity and area: Internal audit; High; TRID');
    expect(text).toContain('Risk: RSK-1');
    expect(text).toContain(
      'Root cause: Applications taken at branches reached the disclosure desk late.',
    );
    expect(text).toMatch(
      /Corrective action: Route branch applications to the disclosure desk the same day\. \(owner .+; due .+; not completed\)/,
    );
    // The sign-off: who approved, when.
    expect(text).toContain(`Approved: ${approved.decidedAt!.slice(0, 16).replace('T', ' ')} UTC`);
    expect(text).toContain(`by ${approved.decidedByName}`);
    expect(text).toContain('Approval note: Approved at the March committee.');
    expect(text).not.toContain('\uFFFD');
    expect(embeddedFontNames(pdf.rawPayload)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(pdf.rawPayload.includes('/Helvetica')).toBe(false);

    // The working register now: the new title, and the sign-off names the approved version.
    const now = flat((await report(user.cookie)).rawPayload);
    expect(now).toContain('RSK-1 — Renamed after approval');
    expect(now).toContain('Approval: Not yet approved');
    expect(now).toContain('The latest approved version is version 1');
  });

  it('answers a version that does not exist, is not approved or is another institution’s with a clear 4xx', async () => {
    const a = await institution();
    const b = await institution();
    await ok(a.manager.cookie, 'POST', '/api/risks', {
      title: 'Flood determinations missed',
      area: 'flood',
      productLine: 'mortgage_origination',
    });
    await ok(a.manager.cookie, 'POST', '/api/risks/assessment/submit', { note: 'First cycle' });
    const pending = await call(a.user.cookie, 'GET', '/api/risks/assessment.pdf?version=1');
    expect(pending.statusCode).toBe(409);
    expect(pending.json<{ error: { code: string } }>().error.code).toBe('assessment_not_approved');
    await ok(a.admin.cookie, 'POST', '/api/risks/assessment/versions/1/approve', {});
    await report(a.user.cookie, '?version=1');
    expect(
      (await call(a.user.cookie, 'GET', '/api/risks/assessment.pdf?version=2')).statusCode,
    ).toBe(404);
    expect(
      (await call(b.user.cookie, 'GET', '/api/risks/assessment.pdf?version=1')).statusCode,
    ).toBe(404);
    for (const query of ['?version=0', '?version=abc', '?version=1.5']) {
      const bad = await call(a.user.cookie, 'GET', `/api/risks/assessment.pdf${query}`);
      expect(bad.statusCode, query).toBe(400);
    }
    // B's own report has none of A's risks.
    const other = flat((await report(b.user.cookie)).rawPayload);
    expect(other).not.toContain('Flood determinations missed');
    expect(other).toContain('No risk in the register.');
    expect(other).toContain('No finding recorded.');
  });
});
