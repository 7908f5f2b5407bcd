import { libraryArticles } from '@complivue/db/schema/library';
import { indexArticle } from '@complivue/db/library/load-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
