import { LIBRARY_ARTICLE_COUNT } from '@complivue/shared/library';
import { LIBRARY_MESSAGES } from '@complivue/shared/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartForm,
  signedInMember,
  signUpThroughApi,
  type FormFile,
} from '../../../test/http.ts';
import { embeddedFontNames, pdfText } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const EVIDENCE_FILE: FormFile = {
  fileName: 'le-timing-sample.csv',
  contentType: 'text/csv',
  data: Buffer.from('loan,app date,le date\n1,2026-07-01,2026-07-02\n'),
};

/** An institution's own article, as the enhancer writes it. */
const OWN_ARTICLE = {
  slug: 'teller-wire-callback-procedure',
  area: 'bsa_aml',
  title: 'Teller wire callback procedure',
  summary: 'How tellers confirm outgoing wire instructions by calling the member back.',
  body: '## Overview\n\nTellers call back.\n\n## Requirements\n\nCall the number on file (31 CFR 1010.410).\n\n## Evidence examiners expect\n\nThe callback log.',
  citations: ['31 CFR 1010.410'],
  lastReviewed: '2026-11-01',
};

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
    expect(body.html).toContain('<h2 id="section-overview">Overview</h2>');
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

  it('counts each article’s assessed, compliant and failing rules that apply, from the institution’s own assessments only', async () => {
    const { admin } = await creditUnion();
    // BSA selected too: BSA-PGM-003 is the mortgage companies' rule, so two of three apply.
    await send('PATCH', admin.cookie, '/api/company', {
      regulationAreas: ['trid', 'qm_atr', 'hmda', 'cra', 'bsa_aml'],
    });
    const other = await creditUnion();
    const assess = (cookie: string, ruleId: string, changes: object) =>
      send('PATCH', cookie, `/api/library/rules/${ruleId}/assessment`, changes);
    const started = Date.now();
    await assess(admin.cookie, 'TRID-LE-001', { status: 'compliant' });
    await assess(admin.cookie, 'TRID-LE-002', { status: 'non_compliant' });
    await assess(admin.cookie, 'TRID-LE-003', { ownerId: admin.body.session.user.id });
    await assess(admin.cookie, 'BSA-PGM-001', { status: 'needs_review' });
    await assess(admin.cookie, 'BSA-PGM-003', { status: 'compliant' });
    // Another institution's judgements of the same rules never count for this one.
    for (const ruleId of ['TRID-LE-001', 'TRID-LE-003', 'TRID-CD-001', 'BSA-PGM-002']) {
      expect(
        (await assess(other.admin.cookie, ruleId, { status: 'non_compliant' })).statusCode,
      ).toBe(200);
    }

    const library = (await send('GET', admin.cookie, '/api/library')).json();
    expect(library.contentReviewed).toBe('2026-11-22');
    const row = (slug: string) =>
      library.articles.find((article: { slug: string }) => article.slug === slug);
    const loanEstimate = row('trid-loan-estimate-timing');
    expect(loanEstimate).toMatchObject({
      ruleCount: 3,
      ruleCounts: { applicable: 3, assessed: 2, compliant: 1, needs_review: 0, non_compliant: 1 },
    });
    // An owner set without a status is not an assessment; the last status set is.
    const assessedAt = Date.parse(loanEstimate.lastAssessedAt);
    expect(assessedAt).toBeGreaterThanOrEqual(started - 1000);
    expect(assessedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row('bsa-aml-compliance-program')).toMatchObject({
      ruleCount: 3,
      ruleCounts: { applicable: 2, assessed: 1, compliant: 0, needs_review: 1, non_compliant: 0 },
    });
    expect(row('trid-closing-disclosure-timing')).toMatchObject({
      ruleCounts: { applicable: 3, assessed: 0, compliant: 0, needs_review: 0, non_compliant: 0 },
      lastAssessedAt: null,
    });
    // An article that does not apply counts nothing as applicable.
    expect(row('cra-assessment-area-delineation')).toMatchObject({
      appliesToInstitution: false,
      ruleCounts: { applicable: 0, assessed: 0 },
    });

    // The other institution sees its own counts, none of the first one's.
    const theirs = (await send('GET', other.admin.cookie, '/api/library?area=trid')).json();
    const theirRow = theirs.articles.find(
      (article: { slug: string }) => article.slug === 'trid-loan-estimate-timing',
    );
    expect(theirRow.ruleCounts).toEqual({
      applicable: 3,
      assessed: 2,
      compliant: 0,
      needs_review: 0,
      non_compliant: 2,
    });

    // The article agrees with its row, and lists each rule's title and status.
    const article = (
      await send('GET', admin.cookie, '/api/library/articles/trid-loan-estimate-timing')
    ).json();
    expect(article.ruleCounts).toEqual(loanEstimate.ruleCounts);
    expect(article.lastAssessedAt).toBe(loanEstimate.lastAssessedAt);
    expect(
      article.rules.map((rule: { id: string; title: string; assessment: { status: string } }) => [
        rule.id,
        rule.title,
        rule.assessment.status,
      ]),
    ).toEqual([
      [
        'TRID-LE-001',
        'Deliver the Loan Estimate within three business days of application',
        'compliant',
      ],
      [
        'TRID-LE-002',
        'Deliver Loan Estimate at least seven business days before consummation',
        'non_compliant',
      ],
      ['TRID-LE-003', 'No fees before intent to proceed, except credit report', 'not_assessed'],
    ]);
    expect(article.headings.slice(0, 2)).toEqual([
      { id: 'section-overview', text: 'Overview', level: 2 },
      expect.objectContaining({ level: expect.any(Number) }),
    ]);
    expect(article.html).toContain('<h2 id="section-requirements">Requirements</h2>');
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
    // Beside the score, what it rests on: two of the rules that apply, the same counts the
    // library's articles add up to (each of them a link to its rules).
    expect(summary.coverage).toEqual({ assessed: 2, applicable: await applicableRules(admin) });
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
    expect(dashboard.compliance).toMatchObject({
      assessed: true,
      score: 50,
      riskLevel: 'High',
      coverage: summary.coverage,
    });
  });

  /**
   * The rules that apply to the institution as the library's articles count them (the table
   * the coverage's numbers open), checking on the way that their assessed counts add up to the
   * summary's.
   */
  async function applicableRules(admin: { cookie: string }) {
    const { articles } = (await send('GET', admin.cookie, '/api/library?applies=true')).json();
    const sum = (count: 'applicable' | 'assessed') =>
      articles.reduce(
        (total: number, article: { ruleCounts: Record<string, number> }) =>
          total + article.ruleCounts[count]!,
        0,
      );
    const summary = (await send('GET', admin.cookie, '/api/library/compliance-summary')).json();
    expect(summary.coverage.assessed).toBe(sum('assessed'));
    return sum('applicable') as number;
  }

  /** A link and a file as evidence of TRID-LE-001, added by the institution's admin. */
  async function addEvidence(cookie: string, label: string) {
    const link = await send('POST', cookie, '/api/library/rules/TRID-LE-001/evidence/links', {
      label,
      url: 'https://sharepoint.firstcu.org/compliance/q3-trid',
    });
    expect(link.statusCode, link.body).toBe(201);
    const form = multipartForm({}, [EVIDENCE_FILE]);
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/library/rules/TRID-LE-001/evidence/files',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(file.statusCode, file.body).toBe(201);
    const evidence: { id: string; label: string }[] = file.json().assessment.evidence;
    return { linkId: evidence[0]!.id, fileId: evidence[1]!.id };
  }

  it('never lets another institution download or remove its evidence; the evidence stays on the rule', async () => {
    const a = await creditUnion();
    const b = await creditUnion();
    const { linkId, fileId } = await addEvidence(a.admin.cookie, 'Q3 file review workpapers');
    const before = (await send('GET', a.admin.cookie, '/api/library/rules/TRID-LE-001')).json();
    expect(before.assessment.evidence).toHaveLength(2);

    const unknown = await send(
      'DELETE',
      b.admin.cookie,
      `/api/library/evidence/${crypto.randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
    for (const id of [fileId, linkId]) {
      const download = await send('GET', b.admin.cookie, `/api/library/evidence/${id}`);
      expect(download.statusCode).toBe(404);
      const removal = await send('DELETE', b.admin.cookie, `/api/library/evidence/${id}`);
      expect(removal.statusCode).toBe(404);
      // The same answer as for an id that exists nowhere: nothing tells that it exists.
      expect(removal.json()).toEqual(unknown.json());
    }

    // Read back as the owner: both items, no removal in the history, the file intact.
    const after = (await send('GET', a.admin.cookie, '/api/library/rules/TRID-LE-001')).json();
    expect(after.assessment).toEqual(before.assessment);
    const download = await send('GET', a.admin.cookie, `/api/library/evidence/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(EVIDENCE_FILE.data)).toBe(true);

    // The owner's own removal works, and is recorded.
    expect(
      (await send('DELETE', a.admin.cookie, `/api/library/evidence/${fileId}`)).json(),
    ).toEqual({ ok: true });
    const removed = (await send('GET', a.admin.cookie, '/api/library/rules/TRID-LE-001')).json();
    expect(removed.assessment.evidence.map((item: { id: string }) => item.id)).toEqual([linkId]);
    expect(removed.assessment.history[0].changes).toEqual({
      evidence: { from: EVIDENCE_FILE.fileName, to: null },
    });
    expect((await send('GET', a.admin.cookie, `/api/library/evidence/${fileId}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps each institution’s assessment of a shared rule to itself: another institution reads and writes only its own', async () => {
    const a = await creditUnion();
    const b = await creditUnion();
    const url = '/api/library/rules/TRID-LE-001';
    await send('PATCH', a.admin.cookie, `${url}/assessment`, {
      status: 'compliant',
      ownerId: a.admin.body.session.user.id,
      notes: 'Alpha sampled 25 files.',
      nextReviewDate: '2027-03-31',
    });
    const { linkId, fileId } = await addEvidence(a.admin.cookie, 'Alpha workpapers');
    const ofA = (await send('GET', a.admin.cookie, url)).json();

    // The same rule id read by another institution shows none of it.
    const read = await send('GET', b.admin.cookie, url);
    expect(read.statusCode).toBe(200);
    expect(read.json().assessment).toMatchObject({
      status: 'not_assessed',
      ownerId: null,
      ownerName: null,
      notes: '',
      evidence: [],
      history: [],
    });
    expect(read.body).not.toContain('Alpha');
    expect(read.body).not.toContain(linkId);

    // Its writes through the same rule id land on its own assessment.
    const changed = await send('PATCH', b.admin.cookie, `${url}/assessment`, {
      status: 'needs_review',
      notes: 'Beta has not sampled yet.',
    });
    expect(changed.statusCode).toBe(200);
    const own = await addEvidence(b.admin.cookie, 'Beta workpapers');
    const ofB = (await send('GET', b.admin.cookie, url)).json();
    expect(ofB.assessment).toMatchObject({
      status: 'needs_review',
      notes: 'Beta has not sampled yet.',
    });
    expect(ofB.assessment.evidence.map((item: { id: string }) => item.id)).toEqual([
      own.linkId,
      own.fileId,
    ]);

    // Read back as the first institution: unchanged.
    expect((await send('GET', a.admin.cookie, url)).json()).toEqual(ofA);
    expect(ofA.assessment.evidence.map((item: { id: string }) => item.id)).toEqual([
      linkId,
      fileId,
    ]);
  });

  it('never bookmarks another institution’s own article nor shows it, and leaves others’ bookmarks alone', async () => {
    const a = await creditUnion();
    const b = await creditUnion();
    const created = await send('POST', a.admin.cookie, '/api/enhancer/articles', OWN_ARTICLE);
    expect(created.statusCode, created.body).toBe(201);
    const articleId: string = created.json().id;
    expect(
      (await send('POST', a.admin.cookie, `/api/enhancer/articles/${articleId}/versions/1/publish`))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', a.admin.cookie, `/api/library/bookmarks/${articleId}`)).statusCode,
    ).toBe(200);
    const slugUrl = `/api/library/articles/${OWN_ARTICLE.slug}`;
    const bookmarks = async (cookie: string) =>
      (await send('GET', cookie, '/api/library?bookmarked=true'))
        .json()
        .articles.map((entry: { slug: string }) => entry.slug);

    const unknown = await send(
      'PUT',
      b.admin.cookie,
      `/api/library/bookmarks/${crypto.randomUUID()}`,
    );
    const bookmark = await send('PUT', b.admin.cookie, `/api/library/bookmarks/${articleId}`);
    expect(bookmark.statusCode).toBe(404);
    expect(bookmark.json()).toEqual(unknown.json());
    expect((await send('GET', b.admin.cookie, slugUrl)).statusCode).toBe(404);
    // Removing a bookmark only ever touches the caller's own: the same answer for any id.
    const unbookmark = await send('DELETE', b.admin.cookie, `/api/library/bookmarks/${articleId}`);
    expect(unbookmark.json()).toEqual({ ok: true });
    expect(await bookmarks(b.admin.cookie)).toEqual([]);

    // Read back as the owner: the article and the bookmark are as they were.
    expect(await bookmarks(a.admin.cookie)).toEqual([OWN_ARTICLE.slug]);
    expect((await send('GET', a.admin.cookie, slugUrl)).json()).toMatchObject({
      id: articleId,
      companyOwned: true,
      bookmarked: true,
    });
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
      'Area,Rule,Title,Citation,Requirement,Frequency,Status,Owner,Next review,Evidence expected',
    );
    expect(
      lines.some(
        (line) =>
          line.startsWith('HMDA,HMDA-SUB-001,Submit the certified loan/application register') &&
          line.includes(',Compliant,'),
      ),
    ).toBe(true);
    const pdf = await send('GET', admin.cookie, '/api/library/assessments.pdf?area=hmda');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Drawn in the embedded Unicode font the change record uses, never a WinAnsi-only one.
    expect(embeddedFontNames(pdf.rawPayload)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Compliance assessment report');
    expect(text).toMatch(
      /HMDA-SUB-001 — Submit the certified loan\/application register by March 1 — 12 CFR/,
    );
  });

  it('never lets the exam report’s score look better than the evidence: its coverage beside it', async () => {
    // No profile yet: the whole library applies, and one rule of it is assessed.
    const admin = await signUpThroughApi(t.app);
    await send('PATCH', admin.cookie, '/api/library/rules/HMDA-SUB-001/assessment', {
      status: 'compliant',
    });
    const applicable = await applicableRules(admin);
    const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
    const report = async (query = '') => {
      const pdf = await send('GET', admin.cookie, `/api/library/assessments.pdf${query}`);
      expect(pdf.statusCode).toBe(200);
      return flat(pdf.rawPayload);
    };

    // One compliant rule is a score of 100% and a low risk, on 1 of the rules that apply.
    const all = await report();
    expect(all).toContain(
      `Score: 100% (compliant ÷ applicable and assessed rules) — 1 of ${applicable} applicable rules assessed (under 1%).`,
    );
    expect(all).toContain(`Risk level: Low, on 1 of ${applicable} rules assessed.`);
    expect(all).toContain(
      `Not assessed yet: ${applicable - 1} of the ${applicable} rules that apply; the score does not count them.`,
    );
    expect(all).not.toMatch(/risk Low\b/);

    // An area's report: its own rules, its status (an area with rules not assessed is not
    // compliant), and not the institution's risk level.
    const hmda = (await send('GET', admin.cookie, '/api/library?applies=true&area=hmda')).json();
    const hmdaRules: number = hmda.articles.reduce(
      (total: number, article: { ruleCounts: { applicable: number } }) =>
        total + article.ruleCounts.applicable,
      0,
    );
    expect(hmdaRules).toBeGreaterThan(1);
    const area = await report('?area=hmda');
    expect(area).toMatch(
      new RegExp(
        `Score: 100% \\(compliant ÷ applicable and assessed rules\\) — 1 of ${hmdaRules} applicable rules assessed \\(\\d+%\\)\\.`,
      ),
    );
    expect(area).toContain('Status: HMDA Rules Review Needed.');
    expect(area).not.toContain('Risk level');

    // Nothing assessed in an area: no score, and its coverage says why.
    const trid = await report('?area=trid');
    expect(trid).toMatch(/Score: none yet — 0 of \d+ applicable rules assessed \(0%\)\./);
    expect(trid).not.toContain('Risk level');
  });
});
