import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditLog } from '@complivue/db/schema/audit';
import { libraryArticleVersions, libraryRules } from '@complivue/db/schema/library';
import { policies, policyVersions } from '@complivue/db/schema/policies';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import {
  POLICY_MESSAGES,
  type PolicyComparison,
  type PolicyDetail,
  type PolicyGapReport,
  type PolicyListResponse,
  type PolicySection,
  type PolicyVersionDetail,
} from '@complivue/shared/schemas/policies';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { multipartForm, type FormFile } from '../../../test/http.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  DOCX_TYPE,
  EXECUTABLE_BYTES,
  demoPolicyText,
  docxFromMarkdown,
  printedLines,
  scannedPdf,
  textPdf,
  zipBombDocx,
} from '../../../test/policy-documents.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('policies API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The change kit's institution: professional plan, an administrator, a manager and a member.
  const { call, institution, notificationsOf } = changeTestKit(() => t);
  const today = todayIn(null);

  function upload(cookie: string, url: string, fields: Record<string, string>, files: FormFile[]) {
    const form = multipartForm(fields, files);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  }
  async function createFromText(cookie: string, title: string, text: string) {
    const response = await call(cookie, 'POST', '/api/policies', { title, text });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PolicyDetail>();
  }
  async function versionDetail(cookie: string, policyId: string, version: number) {
    const response = await call(cookie, 'GET', `/api/policies/${policyId}/versions/${version}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PolicyVersionDetail>();
  }
  const sectionNamed = (detail: PolicyVersionDetail, heading: string) => {
    const section = detail.sections.find((candidate) => candidate.heading === heading);
    expect(section, `section "${heading}"`).toBeDefined();
    return section!;
  };
  const matchOf = (section: PolicySection, ruleId: string) => {
    const match = section.matches.find((candidate) => candidate.rule.id === ruleId);
    expect(match, `${ruleId} on "${section.heading}"`).toBeDefined();
    return match!;
  };
  const storedFiles = (companyId: string) =>
    existsSync(join(t.app.env.DATA_DIR, 'files', 'policies', companyId));

  it('reads a Word policy into sections with the rules each cites or resembles, and keeps the original', async () => {
    const { manager, companyId } = await institution();
    const docx = await docxFromMarkdown(demoPolicyText('trid'));
    const response = await upload(
      manager.cookie,
      '/api/policies',
      { title: 'TRID Disclosure Procedure', note: 'First upload' },
      [{ fileName: 'trid.docx', contentType: DOCX_TYPE, data: docx }],
    );
    expect(response.statusCode, response.body).toBe(201);
    const policy = response.json<PolicyDetail>();
    expect(policy).toMatchObject({
      number: 1,
      title: 'TRID Disclosure Procedure',
      ownerId: null,
      latest: { version: 1, status: 'draft' },
      approved: null,
      coveredRules: 0,
    });
    expect(policy.undecidedMatches).toBeGreaterThan(3);
    expect(policy.history[0]).toMatchObject({ event: 'created' });

    const version = await versionDetail(manager.cookie, policy.id, 1);
    expect(version.sections.map((section) => section.heading)).toEqual([
      'TRID Disclosure Procedure',
      '1. Purpose and Scope',
      '2. Application Intake',
      '3. Loan Estimate Delivery',
      '4. Revised Loan Estimates',
      '5. Closing Disclosure',
      '6. Tolerance Testing and Cures',
      '7. Record Retention',
    ]);
    // By citation: the section cites 12 CFR 1026.19(e)(1)(iii)(A), the rule's own paragraph.
    const delivery = sectionNamed(version, '3. Loan Estimate Delivery');
    expect(delivery.citations).toEqual(['12 CFR 1026.19(e)(1)(iii)(A)']);
    expect(matchOf(delivery, 'TRID-LE-001')).toMatchObject({
      method: 'citation',
      citedAs: '12 CFR 1026.19(e)(1)(iii)(A)',
      decision: 'suggested',
      decidedByName: null,
    });
    // By words: the section cites nothing below § 1026.19(e)(3)(iv) for the timing rule, yet
    // says what it requires.
    const revised = sectionNamed(version, '4. Revised Loan Estimates');
    const timing = matchOf(revised, 'TRID-CC-003');
    expect(timing.method).toBe('text');
    expect(timing.textScore).toBeGreaterThanOrEqual(0.3);
    expect(timing.matchedWords).toEqual(expect.arrayContaining(['revised']));
    // The section on tolerances names no citation and is matched to the tolerance rules.
    const tolerances = sectionNamed(version, '6. Tolerance Testing and Cures');
    expect(tolerances.matches.map((match) => match.rule.id)).toEqual(
      expect.arrayContaining(['TRID-TOL-003']),
    );

    const file = await call(manager.cookie, 'GET', `/api/policies/${policy.id}/versions/1/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(DOCX_TYPE);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(docx)).toBe(true);
    expect(storedFiles(companyId)).toBe(true);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'policy.created')));
    expect(audit).toHaveLength(1);
  });

  it('splits a text PDF at its numbered headings, as its printed lines run', async () => {
    const { manager } = await institution();
    const pdf = await textPdf(printedLines(demoPolicyText('trid')));
    const response = await upload(manager.cookie, '/api/policies', { title: 'TRID (PDF)' }, [
      { fileName: 'trid.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const version = await versionDetail(manager.cookie, response.json<PolicyDetail>().id, 1);
    expect(version.sections.map((section) => section.heading)).toEqual(
      expect.arrayContaining(['3. Loan Estimate Delivery', '7. Record Retention']),
    );
    expect(matchOf(sectionNamed(version, '7. Record Retention'), 'TRID-REC-001').method).toBe(
      'citation',
    );
  });

  it('refuses files it cannot read with the reason, and stores nothing', async () => {
    const { manager, companyId } = await institution();
    const cases: [FormFile, number, string][] = [
      [
        { fileName: 'policy.pdf', contentType: 'application/pdf', data: EXECUTABLE_BYTES },
        415,
        POLICY_MESSAGES.file_type,
      ],
      [
        { fileName: 'policy.docx', contentType: DOCX_TYPE, data: await zipBombDocx() },
        422,
        POLICY_MESSAGES.expands_too_much,
      ],
      [
        {
          fileName: 'locked.pdf',
          contentType: 'application/pdf',
          data: await textPdf(['Secret policy text'], { password: 'secret' }),
        },
        422,
        POLICY_MESSAGES.encrypted,
      ],
      [
        { fileName: 'scan.pdf', contentType: 'application/pdf', data: await scannedPdf() },
        422,
        POLICY_MESSAGES.no_text_layer,
      ],
      [
        { fileName: 'empty.txt', contentType: 'text/plain', data: Buffer.from('  \n\n ') },
        422,
        POLICY_MESSAGES.empty,
      ],
      [
        { fileName: 'empty.pdf', contentType: 'application/pdf', data: Buffer.alloc(0) },
        415,
        POLICY_MESSAGES.file_type,
      ],
      [
        {
          fileName: 'big.txt',
          contentType: 'text/plain',
          data: Buffer.alloc(26 * 1024 * 1024, 'a'),
        },
        413,
        POLICY_MESSAGES.file_too_large,
      ],
    ];
    for (const [file, status, message] of cases) {
      const response = await upload(manager.cookie, '/api/policies', { title: 'Refused' }, [file]);
      expect(response.statusCode, `${file.fileName}: ${response.body}`).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const neither = await call(manager.cookie, 'POST', '/api/policies', { title: 'No text' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.message).toBe(POLICY_MESSAGES.file_or_text);
    const both = await upload(manager.cookie, '/api/policies', { title: 'Both', text: '# A' }, [
      { fileName: 'a.md', contentType: 'text/markdown', data: Buffer.from('# B\ntext') },
    ]);
    expect(both.statusCode).toBe(400);

    expect(await t.db.select().from(policies).where(eq(policies.companyId, companyId))).toEqual([]);
    expect(storedFiles(companyId)).toBe(false);
  });

  it('keeps confirmed and rejected matches for sections whose text did not change in the next version', async () => {
    const { manager } = await institution();
    const text = demoPolicyText('hmda');
    const policy = await createFromText(manager.cookie, 'HMDA Data Integrity Procedure', text);
    const v1 = await versionDetail(manager.cookie, policy.id, 1);
    const recording = matchOf(sectionNamed(v1, 'Quarterly Recording'), 'HMDA-LAR-002');
    expect(recording.method).toBe('citation');
    const submission = sectionNamed(v1, 'Annual Submission');
    const rejected = submission.matches.find((match) => match.rule.id !== 'HMDA-SUB-001')!;
    expect(rejected).toBeDefined();

    for (const [matchId, decision] of [
      [recording.id, 'confirmed'],
      [matchOf(submission, 'HMDA-SUB-001').id, 'confirmed'],
      [rejected.id, 'rejected'],
    ] as const) {
      const decided = await call(
        manager.cookie,
        'PUT',
        `/api/policies/${policy.id}/matches/${matchId}`,
        { decision },
      );
      expect(decided.statusCode, decided.body).toBe(204);
    }
    const afterDecisions = await versionDetail(manager.cookie, policy.id, 1);
    expect(
      matchOf(sectionNamed(afterDecisions, 'Quarterly Recording'), 'HMDA-LAR-002'),
    ).toMatchObject({
      decision: 'confirmed',
      decidedByName: expect.any(String),
      carriedOver: false,
    });

    // Version 2 rewrites the annual submission and leaves the quarterly recording as it was.
    const edited = text.replace(
      'with the certification of accuracy and completeness signed by the Chief Compliance Officer',
      'with the certification signed by the Chief Executive Officer',
    );
    const second = await call(manager.cookie, 'POST', `/api/policies/${policy.id}/versions`, {
      note: 'The CEO certifies',
      text: edited,
    });
    expect(second.statusCode, second.body).toBe(201);
    const detail = second.json<PolicyDetail>();
    expect(detail.latest.version).toBe(2);
    expect(detail.history[0]).toMatchObject({
      event: 'version_added',
      changes: { decisionsCarriedOver: { to: 1 } },
    });
    const v2 = await versionDetail(manager.cookie, policy.id, 2);
    expect(matchOf(sectionNamed(v2, 'Quarterly Recording'), 'HMDA-LAR-002')).toMatchObject({
      decision: 'confirmed',
      carriedOver: true,
    });
    const rewritten = sectionNamed(v2, 'Annual Submission');
    expect(rewritten.matches.every((match) => match.decision === 'suggested')).toBe(true);
  });

  it('compares two versions section by section: added, removed, changed word by word, unchanged', async () => {
    const { manager, user } = await institution();
    const other = await institution();
    const first = [
      '# Data Integrity',
      '## Coverage Review',
      'Each December the HMDA Coordinator documents whether the institution is covered.',
      '## Quarterly Recording',
      'The coordinator records each covered loan on the register within 30 calendar days after the quarter ends.',
      '## Annual Submission',
      'The register is submitted by March 1 with the certification signed by the Chief Compliance Officer.',
    ].join('\n\n');
    const policy = await createFromText(manager.cookie, 'HMDA Data Integrity', first);
    const link = async (version: number, heading: string, ruleId: string) => {
      const section = sectionNamed(
        await versionDetail(manager.cookie, policy.id, version),
        heading,
      );
      const path = `/api/policies/${policy.id}/versions/${version}/sections/${section.id}/matches`;
      const linked = await call(manager.cookie, 'POST', path, { ruleId });
      expect(linked.statusCode, linked.body).toBe(200);
    };
    await link(1, 'Coverage Review', 'HMDA-COV-001');
    await link(1, 'Quarterly Recording', 'HMDA-LAR-002');
    await link(1, 'Annual Submission', 'HMDA-SUB-001');

    // Version 2: coverage review dropped, the certifying officer changed, demographics added, the
    // quarterly recording re-wrapped (the same words).
    const second = [
      '# Data Integrity',
      '## Quarterly Recording',
      'The coordinator records each covered loan on the register\nwithin 30 calendar days after the quarter ends.',
      '## Annual Submission',
      'The register is submitted by March 1 with the certification signed by the Chief Executive Officer.',
      '## Applicant Demographics',
      'Every applicant is asked for ethnicity, race and sex.',
    ].join('\n\n');
    const added = await call(manager.cookie, 'POST', `/api/policies/${policy.id}/versions`, {
      note: 'The CEO certifies',
      text: second,
    });
    expect(added.statusCode, added.body).toBe(201);
    await link(2, 'Applicant Demographics', 'HMDA-GMI-001');

    const url = `/api/policies/${policy.id}/compare?from=1&to=2`;
    const response = await call(user.cookie, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const comparison = response.json<PolicyComparison>();
    expect(comparison).toMatchObject({
      policyId: policy.id,
      from: { version: 1, sectionCount: 4 },
      to: { version: 2, sectionCount: 4, note: 'The CEO certifies' },
      counts: { changed: 1, added: 1, removed: 1, unchanged: 2 },
    });
    const ids = (rules: { id: string }[]) => rules.map((rule) => rule.id);
    expect(
      comparison.sections.map((section) => [
        section.status,
        section.heading,
        ids(section.rulesFrom),
        ids(section.rulesTo),
      ]),
    ).toEqual([
      ['unchanged', 'Data Integrity', [], []],
      ['removed', 'Coverage Review', ['HMDA-COV-001'], []],
      // The decision carried over: the section's words did not change.
      ['unchanged', 'Quarterly Recording', ['HMDA-LAR-002'], ['HMDA-LAR-002']],
      ['changed', 'Annual Submission', ['HMDA-SUB-001'], []],
      ['added', 'Applicant Demographics', [], ['HMDA-GMI-001']],
    ]);
    const changed = comparison.sections[3]!;
    expect(changed.textParts.filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'Compliance' },
      { kind: 'added', text: 'Executive' },
    ]);
    expect(changed.headingParts).toBeNull();
    expect(comparison.sections[1]!.textParts).toEqual([
      {
        kind: 'removed',
        text: 'Each December the HMDA Coordinator documents whether the institution is covered.',
      },
    ]);
    expect(ids(comparison.rulesNoLongerConfirmed)).toEqual(['HMDA-COV-001', 'HMDA-SUB-001']);
    expect(ids(comparison.rulesNewlyConfirmed)).toEqual(['HMDA-GMI-001']);

    // The other way round: what version 2 added, version 1 lacks.
    const back = await call(user.cookie, 'GET', `/api/policies/${policy.id}/compare?from=2&to=1`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<PolicyComparison>().counts).toEqual({
      changed: 1,
      added: 1,
      removed: 1,
      unchanged: 2,
    });

    for (const query of [
      'from=1&to=1',
      'from=1',
      'from=one&to=2',
      'from=1.5&to=2',
      'from=0&to=2',
    ]) {
      const bad = await call(user.cookie, 'GET', `/api/policies/${policy.id}/compare?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    }
    const same = await call(user.cookie, 'GET', `/api/policies/${policy.id}/compare?from=2&to=2`);
    expect(same.json().error.details).toEqual([
      expect.objectContaining({ message: POLICY_MESSAGES.compare_same }),
    ]);
    const missing = await call(
      user.cookie,
      'GET',
      `/api/policies/${policy.id}/compare?from=1&to=3`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(POLICY_MESSAGES.version_not_found);

    // Another institution's member gets nowhere with the real ids, and A's comparison stands.
    for (const cookie of [other.user.cookie, other.admin.cookie]) {
      const crossed = await call(cookie, 'GET', url);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().error.message).toBe(POLICY_MESSAGES.not_found);
    }
    expect((await call(user.cookie, 'GET', url)).json()).toEqual(comparison);
  });

  it('goes from draft to review to approved by an administrator, who sets the next review; earlier versions are superseded', async () => {
    const { admin, manager, user, companyId } = await institution();
    const policy = await createFromText(manager.cookie, 'BSA/AML Program', demoPolicyText('bsa'));
    const v1 = await versionDetail(manager.cookie, policy.id, 1);
    const sar = matchOf(sectionNamed(v1, 'Record Keeping'), 'BSA-SAR-003');
    await call(manager.cookie, 'PUT', `/api/policies/${policy.id}/matches/${sar.id}`, {
      decision: 'confirmed',
    });
    const base = `/api/policies/${policy.id}/versions/1`;

    expect((await call(user.cookie, 'POST', `${base}/submit`)).statusCode).toBe(403);
    const early = await call(admin.cookie, 'POST', `${base}/approve`, {
      nextReviewDate: addDays(today, 365),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(POLICY_MESSAGES.approve_status);
    expect((await call(manager.cookie, 'POST', `${base}/submit`)).statusCode).toBe(200);
    expect((await call(manager.cookie, 'POST', `${base}/submit`)).statusCode).toBe(409);
    expect(
      (
        await call(manager.cookie, 'POST', `${base}/approve`, {
          nextReviewDate: addDays(today, 365),
        })
      ).statusCode,
    ).toBe(403);
    const past = await call(admin.cookie, 'POST', `${base}/approve`, { nextReviewDate: today });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(POLICY_MESSAGES.review_date_past);

    const returned = await call(admin.cookie, 'POST', `${base}/return`, {
      note: 'Name the BSA Officer',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json<PolicyDetail>().versions[0]).toMatchObject({
      status: 'draft',
      returnNote: 'Name the BSA Officer',
    });
    await call(manager.cookie, 'POST', `${base}/submit`);
    const approved = await call(admin.cookie, 'POST', `${base}/approve`, {
      nextReviewDate: addDays(today, 365),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<PolicyDetail>()).toMatchObject({
      approved: { version: 1, nextReviewDate: addDays(today, 365) },
      reviewOverdue: false,
      coveredRules: 1,
    });

    // Version 2 is approved in turn: version 1 is superseded and its matches are frozen.
    await call(manager.cookie, 'POST', `/api/policies/${policy.id}/versions`, {
      text: `${demoPolicyText('bsa')}\n\n## Training\n\nEvery teller is trained each year.`,
    });
    await call(manager.cookie, 'POST', `/api/policies/${policy.id}/versions/2/submit`);
    const second = await call(
      admin.cookie,
      'POST',
      `/api/policies/${policy.id}/versions/2/approve`,
      {
        nextReviewDate: addDays(today, 200),
      },
    );
    expect(second.json<PolicyDetail>().versions.map((version) => version.status)).toEqual([
      'approved',
      'superseded',
    ]);
    const frozen = await call(
      manager.cookie,
      'PUT',
      `/api/policies/${policy.id}/matches/${sar.id}`,
      {
        decision: 'rejected',
      },
    );
    expect(frozen.statusCode).toBe(409);

    // An approval whose review date has passed puts the policy first in the list.
    const other = await createFromText(manager.cookie, 'Another policy', '# Scope\n\nText.');
    await t.db
      .update(policyVersions)
      .set({ nextReviewDate: addDays(today, -1) })
      .where(and(eq(policyVersions.policyId, policy.id), eq(policyVersions.version, 2)));
    const list = await call(user.cookie, 'GET', '/api/policies');
    const items = list.json<PolicyListResponse>().items;
    expect(items.map((item) => item.id)).toEqual([policy.id, other.id]);
    expect(items[0]).toMatchObject({ reviewOverdue: true });

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'policy.%')));
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set([
        'policy.created',
        'policy.match_confirmed',
        'policy.submitted',
        'policy.returned',
        'policy.approved',
        'policy.version_added',
      ]),
    );
  });

  it('lets a manager tie a rule by hand and name an owner; members read, only administrators delete', async () => {
    const { admin, manager, user, companyId } = await institution();
    const policy = await createFromText(manager.cookie, 'Flood procedure', '# Scope\n\nText.');
    const version = await versionDetail(user.cookie, policy.id, 1);
    const section = version.sections[0]!;
    const path = `/api/policies/${policy.id}/versions/1/sections/${section.id}/matches`;
    const unknown = await call(manager.cookie, 'POST', path, { ruleId: 'NOPE-001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(POLICY_MESSAGES.rule_not_found);
    const linked = await call(manager.cookie, 'POST', path, { ruleId: 'hmda-lar-002' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(matchOf(linked.json<PolicyVersionDetail>().sections[0]!, 'HMDA-LAR-002')).toMatchObject({
      method: 'manual',
      decision: 'confirmed',
    });

    const owner = await call(manager.cookie, 'PATCH', `/api/policies/${policy.id}`, {
      ownerId: user.userId,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json<PolicyDetail>().ownerId).toBe(user.userId);
    expect(owner.json<PolicyDetail>().history[0]).toMatchObject({
      event: 'updated',
      changes: { owner: { from: null, to: expect.not.stringMatching(user.userId) } },
    });
    const stranger = await call(manager.cookie, 'PATCH', `/api/policies/${policy.id}`, {
      ownerId: 'not-a-member',
    });
    expect(stranger.statusCode).toBe(400);

    expect(
      (await call(user.cookie, 'POST', '/api/policies', { title: 'Mine', text: '# A\n\nb' }))
        .statusCode,
    ).toBe(403);
    expect((await call(manager.cookie, 'DELETE', `/api/policies/${policy.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(admin.cookie, 'DELETE', `/api/policies/${policy.id}`)).statusCode).toBe(204);
    expect((await call(user.cookie, 'GET', `/api/policies/${policy.id}`)).statusCode).toBe(404);
    const policyFiles = join(t.app.env.DATA_DIR, 'files', 'policies', companyId, policy.id);
    expect(existsSync(policyFiles) ? readdirSync(policyFiles) : []).toEqual([]);
  });

  it('reports the rules no approved policy covers, rules retired or updated since approval, overdue reviews and drafts, as JSON, CSV and PDF', async () => {
    const { admin, manager, companyId } = await institution();
    const policy = await createFromText(manager.cookie, 'HMDA procedure', demoPolicyText('hmda'));
    const v1 = await versionDetail(manager.cookie, policy.id, 1);
    const recording = sectionNamed(v1, 'Quarterly Recording');
    await call(
      manager.cookie,
      'PUT',
      `/api/policies/${policy.id}/matches/${matchOf(recording, 'HMDA-LAR-002').id}`,
      { decision: 'confirmed' },
    );
    const notices = sectionNamed(v1, 'Public Notices');
    await call(
      manager.cookie,
      'POST',
      `/api/policies/${policy.id}/versions/1/sections/${notices.id}/matches`,
      { ruleId: 'HMDA-DIS-004' },
    );
    await call(manager.cookie, 'POST', `/api/policies/${policy.id}/versions/1/submit`);
    await call(admin.cookie, 'POST', `/api/policies/${policy.id}/versions/1/approve`, {
      nextReviewDate: addDays(today, 30),
    });
    const draft = await createFromText(manager.cookie, 'Fair lending draft', '# Scope\n\nText.');

    const empty = await call(manager.cookie, 'GET', '/api/policies/gaps?area=hmda');
    expect(empty.statusCode, empty.body).toBe(200);
    const before = empty.json<PolicyGapReport>();
    const hmda = before.areas.find((area) => area.area === 'hmda')!;
    expect(before.areas.map((area) => area.area)).toEqual(['hmda']);
    expect(hmda.coveredRules).toBe(2);
    expect(hmda.applicableRules).toBe(hmda.coveredRules + hmda.uncovered.length);
    expect(hmda.uncovered.map((rule) => rule.id)).toContain('HMDA-SUB-001');
    expect(hmda.uncovered.map((rule) => rule.id)).not.toContain('HMDA-LAR-002');
    expect(before.notInForce).toEqual([
      {
        policy: { id: draft.id, number: draft.number, title: draft.title, version: 1 },
        status: 'draft',
      },
    ]);
    expect(before.overdueReviews).toEqual([]);

    // The library retires one covered rule and updates the article of the other; the review
    // date passes.
    const [lar] = await t.db
      .select({ articleId: libraryRules.articleId })
      .from(libraryRules)
      .where(eq(libraryRules.id, 'HMDA-LAR-002'));
    const [latest] = await t.db
      .select()
      .from(libraryArticleVersions)
      .where(eq(libraryArticleVersions.articleId, lar!.articleId))
      .orderBy(desc(libraryArticleVersions.version))
      .limit(1);
    await t.db.insert(libraryArticleVersions).values({
      ...latest!,
      id: undefined,
      version: latest!.version + 1,
      publishedAt: new Date(Date.now() + 1000),
    });
    await t.db
      .update(libraryRules)
      .set({ retiredAt: new Date() })
      .where(eq(libraryRules.id, 'HMDA-DIS-004'));
    await t.db
      .update(policyVersions)
      .set({ nextReviewDate: addDays(today, -2) })
      .where(eq(policyVersions.policyId, policy.id));
    try {
      const after = (
        await call(manager.cookie, 'GET', '/api/policies/gaps')
      ).json<PolicyGapReport>();
      expect(after.retiredRules).toMatchObject([
        {
          policy: { id: policy.id, version: 1 },
          sectionHeading: 'Public Notices',
          rule: { id: 'HMDA-DIS-004' },
        },
      ]);
      expect(after.updatedRules.map((gap) => gap.rule.id)).toEqual(['HMDA-LAR-002']);
      expect(after.overdueReviews).toEqual([
        {
          policy: { id: policy.id, number: policy.number, title: policy.title, version: 1 },
          nextReviewDate: addDays(today, -2),
        },
      ]);

      const csv = await call(manager.cookie, 'GET', '/api/policies/gaps.csv?area=hmda');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Rule not covered by an approved policy,HMDA,HMDA-SUB-001');
      expect(csv.body).toContain('Covers a rule retired from the library');
      expect(csv.body).toContain('Review overdue');
      const pdf = await call(manager.cookie, 'GET', '/api/policies/gaps.pdf?area=hmda');
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Policy gap report');
      expect(text).toContain('Not covered: HMDA-SUB-001');
      expect(text).toContain('Reviews overdue');
      const exports = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'policy.gaps_exported')));
      expect(exports).toHaveLength(2);
    } finally {
      await t.db
        .update(libraryRules)
        .set({ retiredAt: null })
        .where(eq(libraryRules.id, 'HMDA-DIS-004'));
    }
  });

  it('asks every member to acknowledge the version in force; each acknowledges that version, the rest are reminded, a new approved version asks again', async () => {
    const { admin, manager, user } = await institution();
    const policy = await createFromText(
      manager.cookie,
      'Privacy notice procedure',
      '# Scope\n\nText.',
    );
    const base = `/api/policies/${policy.id}`;
    const approve = async (version: number) => {
      await call(manager.cookie, 'POST', `${base}/versions/${version}/submit`);
      const approved = await call(admin.cookie, 'POST', `${base}/versions/${version}/approve`, {
        nextReviewDate: addDays(today, 365),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      return approved.json<PolicyDetail>();
    };
    await approve(1);
    const early = await call(user.cookie, 'POST', `${base}/versions/1/acknowledge`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(POLICY_MESSAGES.acknowledge_version);

    expect((await call(manager.cookie, 'POST', `${base}/attestation`, {})).statusCode).toBe(403);
    const past = await call(admin.cookie, 'POST', `${base}/attestation`, {
      dueDate: addDays(today, -1),
    });
    expect(past.statusCode).toBe(400);
    const requested = await call(admin.cookie, 'POST', `${base}/attestation`, {
      dueDate: addDays(today, 14),
      note: 'Read before the exam',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json<PolicyDetail>().attestation).toMatchObject({
      version: 1,
      dueDate: addDays(today, 14),
      acknowledged: 0,
      members: expect.arrayContaining([
        expect.objectContaining({ userId: user.userId, acknowledgedAt: null }),
      ]),
    });
    expect(requested.json<PolicyDetail>().attestation!.members).toHaveLength(3);
    for (const userId of [admin.userId, manager.userId, user.userId]) {
      expect(await notificationsOf(userId, 'policy.acknowledgement_requested')).toHaveLength(1);
    }
    const again = await call(admin.cookie, 'POST', `${base}/attestation`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(POLICY_MESSAGES.attestation_exists);

    const listed = (await call(user.cookie, 'GET', '/api/policies')).json<PolicyListResponse>();
    expect(listed.items.find((item) => item.id === policy.id)!.acknowledgementDue).toBe(true);
    const acknowledged = await call(user.cookie, 'POST', `${base}/versions/1/acknowledge`);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json<PolicyDetail>()).toMatchObject({
      acknowledgementDue: false,
      attestation: { acknowledged: 1, mine: expect.any(String) },
    });
    await call(user.cookie, 'POST', `${base}/versions/1/acknowledge`);
    const remind = await call(admin.cookie, 'POST', `${base}/attestation/remind`);
    expect(remind.json()).toEqual({ reminded: 2 });
    expect(await notificationsOf(user.userId, 'policy.acknowledgement_reminder')).toHaveLength(0);
    expect(await notificationsOf(manager.userId, 'policy.acknowledgement_reminder')).toHaveLength(
      1,
    );

    // Version 2 is approved: everyone is asked again, about version 2 only.
    await call(manager.cookie, 'POST', `${base}/versions`, { text: '# Scope\n\nNew text.' });
    const second = await approve(2);
    expect(second.attestation).toMatchObject({ version: 2, acknowledged: 0 });
    expect(await notificationsOf(user.userId, 'policy.acknowledgement_requested')).toHaveLength(2);
    expect((await call(user.cookie, 'POST', `${base}/versions/1/acknowledge`)).statusCode).toBe(
      409,
    );
    expect((await call(user.cookie, 'POST', `${base}/versions/2/acknowledge`)).statusCode).toBe(
      200,
    );
  });

  it('keeps policies, their versions, files and matches inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const policy = await createFromText(a.manager.cookie, 'TRID', demoPolicyText('trid'));
    const version = await versionDetail(a.manager.cookie, policy.id, 1);
    const section = version.sections.find((candidate) => candidate.matches.length > 0)!;
    const match = section.matches[0]!;
    const before = await call(a.admin.cookie, 'GET', `/api/policies/${policy.id}`);
    const base = `/api/policies/${policy.id}`;

    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?][] = [
      [b.user.cookie, 'GET', base],
      [b.manager.cookie, 'PATCH', base, { title: 'Taken over' }],
      [b.admin.cookie, 'DELETE', base],
      [b.manager.cookie, 'POST', `${base}/versions`, { text: '# Theirs\n\ntext' }],
      [b.user.cookie, 'GET', `${base}/versions/1`],
      [b.user.cookie, 'GET', `${base}/versions/1/file`],
      [b.manager.cookie, 'POST', `${base}/versions/1/submit`],
      [b.admin.cookie, 'POST', `${base}/versions/1/approve`, { nextReviewDate: addDays(today, 9) }],
      [b.admin.cookie, 'POST', `${base}/versions/1/return`, { note: 'No' }],
      [
        b.manager.cookie,
        'POST',
        `${base}/versions/1/sections/${section.id}/matches`,
        { ruleId: 'TRID-LE-001' },
      ],
      [b.manager.cookie, 'PUT', `${base}/matches/${match.id}`, { decision: 'rejected' }],
      [b.admin.cookie, 'POST', `${base}/attestation`, {}],
      [b.admin.cookie, 'POST', `${base}/attestation/remind`],
      [b.user.cookie, 'POST', `${base}/versions/1/acknowledge`],
    ];
    for (const [cookie, method, url, body] of attempts) {
      const response = await call(cookie, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // B's own policy cannot reach A's match either.
    const theirs = await createFromText(b.manager.cookie, 'Theirs', '# Scope\n\nText.');
    const crossed = await call(
      b.manager.cookie,
      'PUT',
      `/api/policies/${theirs.id}/matches/${match.id}`,
      {
        decision: 'rejected',
      },
    );
    expect(crossed.statusCode).toBe(404);
    const list = await call(b.admin.cookie, 'GET', '/api/policies');
    expect(list.json<PolicyListResponse>().items.map((item) => item.id)).toEqual([theirs.id]);
    expect((await call(a.admin.cookie, 'GET', base)).json()).toEqual(before.json());
    expect(await versionDetail(a.manager.cookie, policy.id, 1)).toEqual(version);
  });
});
