import { libraryArticles } from '@complivue/db/schema/library';
import { indexArticle } from '@complivue/db/library/load-library';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { PolicyDetail } from '@complivue/shared/schemas/policies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { signUpThroughApi } from '../../../test/http.ts';
import { ingestFeedItems } from '../feeds/feed-ingest.ts';
import { insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /api/search', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signUpThroughApi(t.app)).cookie;
  });
  afterAll(() => t.close());

  const find = async (q: string, extra = '', as = cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
      headers: { cookie: as },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('ranks a title match above body mentions, with highlighted snippets and facets', async () => {
    const results = await find('Closing Disclosure');
    expect(results.total).toBeGreaterThan(3);
    expect(results.items[0].title).toMatch(/Closing Disclosure/);
    expect(results.items[0].snippet.some((piece: { hit: boolean }) => piece.hit)).toBe(true);
    expect(results.facets.kind.map((facet: { value: string }) => facet.value).sort()).toEqual([
      'article',
      'rule',
    ]);
    const articles = await find('Closing Disclosure', '&type=article&area=trid');
    expect(
      articles.items.every(
        (item: { kind: string; area: string }) => item.kind === 'article' && item.area === 'trid',
      ),
    ).toBe(true);
  });

  it('finds articles by a citation or a regulation name', async () => {
    // Articles only: other tests' documents citing it may fill a page of rules.
    const byCitation = await find('1026.19(e)', '&type=article');
    const paths = byCitation.items.map((item: { path: string }) => item.path);
    expect(paths).toContain('/compliance/articles/trid-loan-estimate-timing');
    expect(
      byCitation.items.every((item: { area: string }) =>
        ['trid', 'tila', 'qm_atr'].includes(item.area),
      ),
    ).toBe(true);

    const regB = await find('Reg B adverse action');
    expect(regB.items[0].area).toBe('fair_lending');
    const sar = await find('31 CFR 1020.320');
    expect(
      sar.items.some((item: { path: string }) => item.path.includes('suspicious-activity')),
    ).toBe(true);
  });

  it('answers malformed and huge queries without error', async () => {
    for (const q of [
      '"unclosed',
      'OR OR -',
      '((',
      '!!! & | :*',
      "'; DROP TABLE users; --",
      'the',
    ]) {
      await find(q);
    }
    const huge = await find('escrow '.repeat(1500));
    expect(huge.total).toBeGreaterThan(0);
    expect((await find('')).total).toBe(0);
  });

  it('finds regulatory updates only for readers whose plan opens the feeds', async () => {
    const source = await insertFeedSource(t.db, { name: 'Shared test feed' });
    await ingestFeedItems(t.db, {
      source: { id: source, companyId: null, agency: 'CFPB' },
      now: new Date(),
      items: [
        {
          guid: null,
          link: `https://www.example.gov/updates/${crypto.randomUUID()}`,
          title: 'Quillwort escrow cushion guidance',
          summary: 'How servicers size the quillwort escrow cushion.',
          publishedAt: new Date(),
          documentType: null,
          citations: [],
          agencies: ['CFPB'],
          effectiveDate: null,
          commentsCloseOn: null,
          categories: [],
          extra: {},
        },
      ],
    });
    const paying = await signUpThroughApi(t.app);
    await setCompanyPlan(t.db, paying.body.session.company.id as string, 'basic');
    // A subscription that is usable but below the feeds' plan.
    const belowBasic = await signUpThroughApi(t.app);
    await setCompanyPlan(t.db, belowBasic.body.session.company.id as string, 'trial', 'active');

    const forPaying = await find('quillwort', '', paying.cookie);
    expect(forPaying.total).toBe(1);
    expect(forPaying.items[0]).toMatchObject({ kind: 'feed_item' });
    expect(forPaying.facets.kind).toEqual([{ value: 'feed_item', count: 1 }]);

    // Neither the results, the facets nor an explicit type filter reveal them.
    const forBelowBasic = await find('quillwort', '', belowBasic.cookie);
    expect(forBelowBasic).toMatchObject({ total: 0, items: [], facets: { kind: [], area: [] } });
    expect((await find('quillwort', '&type=feed_item', belowBasic.cookie)).total).toBe(0);
  });

  it('refuses a reader without a usable subscription: the library is paid content', async () => {
    const lapsed = await signUpThroughApi(t.app);
    await setCompanyPlan(t.db, lapsed.body.session.company.id as string, 'trial', 'expired');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=Closing%20Disclosure',
      headers: { cookie: lapsed.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('trial_expired');
  });

  it('shows an institution’s own articles only inside that institution', async () => {
    const owner = await signUpThroughApi(t.app);
    const stranger = await signUpThroughApi(t.app);
    const companyId = owner.body.session.company.id as string;
    const [article] = await t.db
      .insert(libraryArticles)
      .values({
        companyId,
        slug: 'wire-callback-procedure',
        title: 'Wire callback procedure for Zephyrine branch',
        area: 'bsa_aml',
        summary: 'How our tellers confirm wire instructions by callback before release.',
        body: '## Overview\n\nZephyrine branch tellers call back the member.',
        citations: [],
        lastReviewed: '2026-11-01',
        applicability: { institutionTypes: ['credit_union'], hmdaReportersOnly: false },
      })
      .returning();
    await indexArticle(t.db, { ...article!, companyId });
    expect((await find('Zephyrine', '', owner.cookie)).total).toBe(1);
    expect((await find('Zephyrine', '', stranger.cookie)).total).toBe(0);
  });

  it('pages by ten, with the snippet from the summary or, for a body-only match, from the body', async () => {
    const owner = await signUpThroughApi(t.app);
    const companyId = owner.body.session.company.id as string;
    for (let index = 0; index < 12; index += 1) {
      // Two in the title (the head tier), the rest in the body only.
      const inTitle = index < 2;
      const [article] = await t.db
        .insert(libraryArticles)
        .values({
          companyId,
          slug: `quillonite-${index}`,
          title: inTitle ? `Quillonite procedure ${index}` : `Branch procedure ${index}`,
          area: 'bsa_aml',
          summary: `How branch ${index} handles its cash drawer at the end of the day.`,
          body: `## Steps\n\nCount the drawer twice. Record any quillonite variance in the log.`,
          citations: [],
          lastReviewed: '2026-11-01',
          applicability: { institutionTypes: ['credit_union'], hmdaReportersOnly: false },
        })
        .returning();
      await indexArticle(t.db, { ...article!, companyId });
    }
    const first = await find('quillonite', '', owner.cookie);
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const text = (item: { snippet: { text: string }[] }) =>
      item.snippet.map((piece) => piece.text).join('');
    expect(
      first.items
        .slice(0, 2)
        .map((item: { title: string }) => item.title)
        .sort(),
    ).toEqual(['Quillonite procedure 0', 'Quillonite procedure 1']);
    expect(text(first.items[0])).toMatch(/cash drawer at the end of the day/);
    const bodyOnly = first.items[2];
    expect(bodyOnly.snippet).toContainEqual({ text: 'quillonite', hit: true });
    expect(text(bodyOnly)).toMatch(/Record any quillonite/);
    const second = await find('quillonite', '&page=2', owner.cookie);
    expect(second.items).toHaveLength(2);
  });

  it('makes the snippet of a head match without a summary from its body', async () => {
    const owner = await signUpThroughApi(t.app);
    const companyId = owner.body.session.company.id as string;
    const [article] = await t.db
      .insert(libraryArticles)
      .values({
        companyId,
        slug: 'vellichor-checklist',
        title: 'Vellichor checklist',
        area: 'bsa_aml',
        summary: '',
        body: '## Steps\n\nReview the vault log before the branch opens.',
        citations: [],
        lastReviewed: '2026-11-01',
        applicability: { institutionTypes: ['credit_union'], hmdaReportersOnly: false },
      })
      .returning();
    await indexArticle(t.db, { ...article!, companyId });
    const [result] = (await find('vellichor', '', owner.cookie)).items;
    expect(result.snippet.map((piece: { text: string }) => piece.text).join('')).toMatch(
      /Review the vault log/,
    );
  });
  describe('policies', () => {
    // The change kit's institution: professional plan, an administrator, a manager and a member.
    const { call, institution } = changeTestKit(() => t);
    const policyText = (word: string) =>
      [
        '# Loan Estimate Procedure',
        '',
        '## 3. Loan Estimate Delivery',
        '',
        `Disclosure staff at the ${word} desk deliver the Loan Estimate no later than the third`,
        'business day after the application, as 12 CFR 1026.19(e)(1)(iii) requires.',
        '',
        '## 4. Record Retention',
        '',
        'Evidence of delivery is kept for three years after consummation.',
      ].join('\n');
    async function createPolicy(cookie: string, text: string) {
      const response = await call(cookie, 'POST', '/api/policies', {
        title: 'Loan Estimate Procedure',
        text,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<PolicyDetail>();
    }
    async function approve(
      people: Awaited<ReturnType<typeof institution>>,
      policyId: string,
      version: number,
    ) {
      const base = `/api/policies/${policyId}/versions/${version}`;
      expect((await call(people.manager.cookie, 'POST', `${base}/submit`)).statusCode).toBe(200);
      const approved = await call(people.admin.cookie, 'POST', `${base}/approve`, {
        nextReviewDate: addDays(todayIn(null), 365),
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const policySections = (q: string, as: string) => find(q, '&type=policy_section', as);

    it('finds a policy’s sections by a word or a CFR citation, only inside the institution and only on a plan with policies', async () => {
      const people = await institution();
      const policy = await createPolicy(people.manager.cookie, policyText('Tamarisk'));

      // Any member reads the policies, so any member finds them.
      const byWord = await find('tamarisk', '', people.user.cookie);
      expect(byWord.total).toBe(1);
      expect(byWord.items[0]).toMatchObject({
        kind: 'policy_section',
        refId: expect.stringMatching(new RegExp(`^${policy.id}:`)),
        title: `POL-${policy.number} Loan Estimate Procedure — 3. Loan Estimate Delivery`,
        path: `/policy-cross-referencing?policy=${policy.id}&version=1#3-loan-estimate-delivery`,
        area: null,
      });
      expect(byWord.items[0].snippet).toContainEqual({ text: 'Tamarisk', hit: true });
      expect(byWord.facets.kind).toEqual([{ value: 'policy_section', count: 1 }]);
      // The citation as typed, and a paragraph above it, both find the section.
      for (const q of ['1026.19(e)(1)(iii)', '12 CFR 1026.19(e)']) {
        const byCitation = await policySections(q, people.user.cookie);
        expect(byCitation.items.map((item: { title: string }) => item.title)).toEqual([
          `POL-${policy.number} Loan Estimate Procedure — 3. Loan Estimate Delivery`,
        ]);
      }

      const stranger = await institution();
      expect((await find('tamarisk', '', stranger.user.cookie)).total).toBe(0);
      expect((await policySections('1026.19(e)', stranger.admin.cookie)).total).toBe(0);

      // Below the policies' plan, the institution's own policies are not found either.
      await setCompanyPlan(t.db, people.companyId, 'basic');
      const onBasic = await find('tamarisk', '', people.admin.cookie);
      expect(onBasic).toMatchObject({ total: 0, items: [], facets: { kind: [] } });
      expect((await policySections('1026.19(e)', people.admin.cookie)).total).toBe(0);
    });

    it('finds the version in force, else the latest, and forgets a deleted policy', async () => {
      const people = await institution();
      const policy = await createPolicy(people.manager.cookie, policyText('Oleander'));
      const titled = (q: string) =>
        policySections(q, people.user.cookie).then((found) =>
          found.items.map((item: { path: string }) => item.path),
        );
      await approve(people, policy.id, 1);
      expect(await titled('oleander')).toEqual([
        `/policy-cross-referencing?policy=${policy.id}&version=1#3-loan-estimate-delivery`,
      ]);

      // A draft of version 2: version 1 is still the policy in force, and what is found.
      const added = await call(
        people.manager.cookie,
        'POST',
        `/api/policies/${policy.id}/versions`,
        { text: policyText('Wisteria') },
      );
      expect(added.statusCode, added.body).toBe(201);
      expect(await titled('wisteria')).toEqual([]);
      expect(await titled('oleander')).toHaveLength(1);

      await approve(people, policy.id, 2);
      expect(await titled('oleander')).toEqual([]);
      expect(await titled('wisteria')).toEqual([
        `/policy-cross-referencing?policy=${policy.id}&version=2#3-loan-estimate-delivery`,
      ]);

      // A rename is in every section's title.
      const renamed = await call(people.manager.cookie, 'PATCH', `/api/policies/${policy.id}`, {
        title: 'Disclosure Timing Procedure',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await policySections('wisteria', people.user.cookie)).items[0].title).toBe(
        `POL-${policy.number} Disclosure Timing Procedure — 3. Loan Estimate Delivery`,
      );

      const deleted = await call(people.admin.cookie, 'DELETE', `/api/policies/${policy.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(await titled('wisteria')).toEqual([]);
      expect((await policySections('retention', people.user.cookie)).total).toBe(0);
    });
  });
});
