import { LIBRARY_ARTICLE_COUNT, LIBRARY_RULE_COUNT } from '@complivue/shared/library';
import { ENHANCER_MESSAGES } from '@complivue/shared/schemas/enhancer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PROCEDURE = {
  slug: 'wire-transfer-callback-procedure',
  area: 'bsa_aml',
  title: 'Wire transfer callback procedure',
  summary:
    'How tellers confirm outgoing wire instructions by calling the member back before release.',
  body: '## Overview\n\nTellers call back.\n\n## Requirements\n\nCall the number on file (31 CFR 1010.410).\n\n## Evidence examiners expect\n\nThe callback log.',
  citations: ['31 CFR 1010.410'],
  lastReviewed: '2026-11-01',
};

describe('the article enhancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', cookie: string, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const search = async (cookie: string, q: string) =>
    (await send('GET', cookie, `/api/search?q=${encodeURIComponent(q)}`)).json().total as number;

  it('lets an administrator write, version, diff and publish the institution’s own article', async () => {
    const admin = await signUpThroughApi(t.app);
    const stranger = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    expect((await send('GET', manager.cookie, '/api/enhancer/articles')).statusCode).toBe(403);

    const created = await send('POST', admin.cookie, '/api/enhancer/articles', PROCEDURE);
    expect(created.statusCode).toBe(201);
    const articleId = created.json().id;
    expect(created.json()).toMatchObject({ status: 'draft', latestVersion: 1, shared: false });
    expect(await search(admin.cookie, 'callback tellers')).toBe(0);
    expect(
      (await send('POST', admin.cookie, '/api/enhancer/articles', PROCEDURE)).json().error.message,
    ).toBe(ENHANCER_MESSAGES.slug_taken);

    const saved = await send('POST', admin.cookie, `/api/enhancer/articles/${articleId}/versions`, {
      ...PROCEDURE,
      body: PROCEDURE.body.replace('Tellers call back.', 'Tellers call back on a recorded line.'),
      note: 'Recorded line',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      latestVersion: 2,
      diff: { against: 1, added: 1, removed: 1 },
    });

    const published = await send(
      'POST',
      admin.cookie,
      `/api/enhancer/articles/${articleId}/versions/2/publish`,
    );
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', version: 2 });
    expect(await search(admin.cookie, 'recorded line callback')).toBe(1);
    expect(await search(stranger.cookie, 'recorded line callback')).toBe(0);
    const article = await send('GET', admin.cookie, `/api/library/articles/${PROCEDURE.slug}`);
    expect(article.json()).toMatchObject({ companyOwned: true, version: 2 });

    // Another institution can neither see nor edit it.
    expect(
      (await send('GET', stranger.cookie, `/api/enhancer/articles/${articleId}`)).statusCode,
    ).toBe(404);
    expect((await send('GET', stranger.cookie, '/api/enhancer/articles')).json().items).toEqual([]);
    expect(
      (await send('GET', stranger.cookie, `/api/library/articles/${PROCEDURE.slug}`)).statusCode,
    ).toBe(404);
  });

  it('keeps the institution’s own article from another institution’s administrator: no reading, no new version, no publishing', async () => {
    const admin = await signUpThroughApi(t.app);
    const stranger = await signUpThroughApi(t.app);
    const created = await send('POST', admin.cookie, '/api/enhancer/articles', PROCEDURE);
    expect(created.statusCode).toBe(201);
    const articleId: string = created.json().id;
    const url = `/api/enhancer/articles/${articleId}`;
    const before = (await send('GET', admin.cookie, url)).json();
    expect(before).toMatchObject({ status: 'draft', latestVersion: 1 });

    const unknown = await send(
      'GET',
      stranger.cookie,
      `/api/enhancer/articles/${crypto.randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
    const attempts = [
      await send('GET', stranger.cookie, url),
      await send('POST', stranger.cookie, `${url}/versions`, {
        ...PROCEDURE,
        body: PROCEDURE.body.replace('Tellers call back.', 'Tellers wire without calling.'),
      }),
      await send('POST', stranger.cookie, `${url}/versions/1/publish`),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404]);
    for (const response of attempts) expect(response.json()).toEqual(unknown.json());

    // Read back as the owner: still the one draft, unpublished and unseen in the library.
    expect((await send('GET', admin.cookie, url)).json()).toEqual(before);
    expect(
      (await send('GET', admin.cookie, `/api/library/articles/${PROCEDURE.slug}`)).statusCode,
    ).toBe(404);
  });

  it('refuses to publish a version the checks find errors in', async () => {
    const admin = await signUpThroughApi(t.app);
    const created = await send('POST', admin.cookie, '/api/enhancer/articles', {
      ...PROCEDURE,
      body: '## Overview\n\nOnly an overview, citing 12 C.F.R. 1026.19.',
    });
    const refused = await send(
      'POST',
      admin.cookie,
      `/api/enhancer/articles/${created.json().id}/versions/1/publish`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(ENHANCER_MESSAGES.has_errors);
    const malformed = await send('POST', admin.cookie, '/api/enhancer/articles', {
      ...PROCEDURE,
      slug: 'another',
      citations: ['Reg Z'],
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('gives super admins the shared library only; its counts never change', async () => {
    const operator = await signedInMember(t.app, { companyId: null, role: 'super_admin' });
    const admin = await signUpThroughApi(t.app);
    const shared = (await send('GET', operator.cookie, '/api/enhancer/articles')).json().items;
    expect(shared).toHaveLength(LIBRARY_ARTICLE_COUNT);
    expect(shared.every((item: { shared: boolean }) => item.shared)).toBe(true);
    expect((await send('GET', admin.cookie, '/api/enhancer/articles')).json().items).toEqual([]);
    const target = shared.find(
      (item: { slug: string }) => item.slug === 'trid-loan-estimate-timing',
    );
    expect(
      (await send('GET', admin.cookie, `/api/enhancer/articles/${target.id}`)).statusCode,
    ).toBe(404);

    const detail = (
      await send('GET', operator.cookie, `/api/enhancer/articles/${target.id}`)
    ).json();
    const latest = detail.latest;
    const next = await send(
      'POST',
      operator.cookie,
      `/api/enhancer/articles/${target.id}/versions`,
      {
        title: latest.title,
        summary: latest.summary,
        body: `${latest.body}\n\nReviewed by the library desk.`,
        citations: latest.citations,
        lastReviewed: '2026-11-22',
      },
    );
    const version = next.json().latestVersion;
    expect(
      (
        await send(
          'POST',
          operator.cookie,
          `/api/enhancer/articles/${target.id}/versions/${version}/publish`,
        )
      ).statusCode,
    ).toBe(200);
    const library = (await send('GET', admin.cookie, '/api/library')).json();
    expect(library.articles).toHaveLength(LIBRARY_ARTICLE_COUNT);
    expect(
      library.areas.reduce((total: number, area: { rules: number }) => total + area.rules, 0),
    ).toBe(LIBRARY_RULE_COUNT);
  });

  it('previews markdown as the library renders it', async () => {
    const admin = await signUpThroughApi(t.app);
    const preview = await send('POST', admin.cookie, '/api/enhancer/preview', {
      body: '## Overview\n\n<script>x</script>',
    });
    expect(preview.json().html).toContain('<h2 id="section-overview">Overview</h2>');
    expect(preview.json().html).not.toContain('<script>');
  });
});
