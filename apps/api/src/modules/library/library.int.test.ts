import { LIBRARY_ARTICLE_COUNT } from '@complivue/shared/library';
import { LIBRARY_MESSAGES } from '@complivue/shared/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { embeddedFontNames, pdfText } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('compliance library and assessments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    cookie: string,
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  /** A credit union whose profile selects TRID, QM and HMDA only. */
  async function creditUnion() {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    await send('PATCH', admin.cookie, '/api/company', {
      primaryRegulator: 'ncua',
      regulationAreas: ['trid', 'qm_atr', 'hmda', 'cra'],
    });
    return { admin, companyId };
  }

  it('browses by area, filters what applies, and never applies CRA to a credit union', async () => {
    const { admin } = await creditUnion();
    const all = (await send('GET', admin.cookie, '/api/library')).json();
    expect(all.articles).toHaveLength(LIBRARY_ARTICLE_COUNT);
    expect(all.profileComplete).toBe(true);
    const cra = all.areas.find((area: { area: string }) => area.area === 'cra');
    expect(cra).toMatchObject({ articles: 3, appliesToInstitution: false });

    const applies = (await send('GET', admin.cookie, '/api/library?applies=true')).json();
    const areas = new Set(applies.articles.map((article: { area: string }) => article.area));
    expect([...areas].sort()).toEqual(['hmda', 'qm_atr', 'trid']);

    const trid = (await send('GET', admin.cookie, '/api/library?area=trid')).json();
    expect(trid.articles.length).toBeGreaterThan(0);
    expect(trid.articles.every((article: { area: string }) => article.area === 'trid')).toBe(true);
  });

  it('shows an article with its rules and citations, rendered safely, and bookmarks it', async () => {
    const { admin } = await creditUnion();
    const article = await send(
      'GET',
      admin.cookie,
      '/api/library/articles/trid-loan-estimate-timing',
    );
    expect(article.statusCode).toBe(200);
    const body = article.json();
    expect(body.html).toContain('<h2>Overview</h2>');
    expect(body.citations).toContain('12 CFR 1026.19(e)(1)(iii)');
    expect(body.rules[0]).toMatchObject({
      id: 'TRID-LE-001',
      appliesToInstitution: true,
      assessment: { status: 'not_assessed' },
    });
    expect(
      (await send('GET', admin.cookie, '/api/library/articles/no-such-article')).statusCode,
    ).toBe(404);

    expect((await send('PUT', admin.cookie, `/api/library/bookmarks/${body.id}`)).statusCode).toBe(
      200,
    );
    const bookmarked = (await send('GET', admin.cookie, '/api/library?bookmarked=true')).json();
    expect(bookmarked.articles.map((entry: { slug: string }) => entry.slug)).toEqual([
      'trid-loan-estimate-timing',
    ]);
    await send('DELETE', admin.cookie, `/api/library/bookmarks/${body.id}`);
    expect(
      (await send('GET', admin.cookie, '/api/library?bookmarked=true')).json().articles,
    ).toEqual([]);
  });

  it('assesses a rule with owner, notes, evidence and history; the score follows', async () => {
    const { admin, companyId } = await creditUnion();
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const other = await creditUnion();

    expect(
      (
        await send('PATCH', user.cookie, '/api/library/rules/TRID-LE-001/assessment', {
          status: 'compliant',
        })
      ).statusCode,
    ).toBe(403);

    const marked = await send('PATCH', admin.cookie, '/api/library/rules/TRID-LE-001/assessment', {
      status: 'compliant',
      ownerId: admin.body.session.user.id,
      notes: 'Sampled 25 files from Q3; all Loan Estimates timely.',
      nextReviewDate: '2027-03-31',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().assessment).toMatchObject({
      status: 'compliant',
      ownerName: 'Dana Reyes',
      nextReviewDate: '2027-03-31',
    });

    const noReason = await send(
      'PATCH',
      admin.cookie,
      '/api/library/rules/TRID-LE-002/assessment',
      {
        status: 'not_applicable',
      },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(LIBRARY_MESSAGES.reason_required);
    const notMember = await send(
      'PATCH',
      admin.cookie,
      '/api/library/rules/TRID-LE-002/assessment',
      {
        ownerId: other.admin.body.session.user.id,
      },
    );
    expect(notMember.json().error.message).toBe(LIBRARY_MESSAGES.owner_not_member);
    await send('PATCH', admin.cookie, '/api/library/rules/TRID-LE-002/assessment', {
      status: 'needs_review',
    });

    const link = await send('POST', admin.cookie, '/api/library/rules/TRID-LE-001/evidence/links', {
      label: 'Q3 file review workpapers',
      url: 'https://sharepoint.firstcu.org/compliance/q3-trid',
    });
    expect(link.statusCode).toBe(201);
    const form = multipartForm({}, [
      {
        fileName: 'le-timing-sample.csv',
        contentType: 'text/csv',
        data: Buffer.from('loan,app date,le date\n1,2026-07-01,2026-07-02\n'),
      },
    ]);
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/library/rules/TRID-LE-001/evidence/files',
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(file.statusCode).toBe(201);
    const detail = file.json();
    expect(detail.assessment.evidence.map((item: { label: string }) => item.label)).toEqual([
      'Q3 file review workpapers',
      'le-timing-sample.csv',
    ]);
    expect(detail.assessment.history.length).toBe(3);
    expect(detail.assessment.history.at(-1).changes.status).toEqual({
      from: 'not_assessed',
      to: 'compliant',
    });
    const fileId = detail.assessment.evidence[1].id;
    expect((await send('GET', user.cookie, `/api/library/evidence/${fileId}`)).statusCode).toBe(
      200,
    );
    expect(
      (await send('GET', other.admin.cookie, `/api/library/evidence/${fileId}`)).statusCode,
    ).toBe(404);

    const summary = (await send('GET', admin.cookie, '/api/library/compliance-summary')).json();
    expect(summary).toMatchObject({ assessed: true, score: 50, riskLevel: 'High' });
    expect(summary.areas).toEqual([
      expect.objectContaining({
        area: 'trid',
        status: 'Review Needed',
        label: 'TRID Rules Review Needed',
      }),
    ]);
    expect(
      (await send('GET', other.admin.cookie, '/api/library/compliance-summary')).json().assessed,
    ).toBe(false);
    const dashboard = (await send('GET', admin.cookie, '/api/dashboard')).json();
    expect(dashboard.compliance).toMatchObject({ assessed: true, score: 50, riskLevel: 'High' });
  });

  it('exports the assessment as CSV and as a PDF report', async () => {
    const { admin } = await creditUnion();
    await send('PATCH', admin.cookie, '/api/library/rules/HMDA-SUB-001/assessment', {
      status: 'compliant',
    });
    const csv = await send('GET', admin.cookie, '/api/library/assessments.csv?area=hmda');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Area,Rule,Citation,Requirement,Frequency,Status,Owner,Next review,Evidence expected',
    );
    expect(
      lines.some((line) => line.startsWith('HMDA,HMDA-SUB-001,') && line.includes(',Compliant,')),
    ).toBe(true);
    const pdf = await send('GET', admin.cookie, '/api/library/assessments.pdf?area=hmda');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Drawn in the embedded Unicode font the change record uses, never a WinAnsi-only one.
    expect(embeddedFontNames(pdf.rawPayload)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Compliance assessment report');
    expect(text).toMatch(/HMDA-SUB-001 — 12 CFR/);
  });
});
