// @vitest-environment happy-dom
import type {
  ArticleSummary,
  ComplianceSummary,
  LibraryResponse,
} from '@complivue/shared/schemas/library';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { anArticle } from './library-fixture.test-helper.ts';
import { LibraryPage } from './library-page.tsx';

const counts = (fields: Partial<ArticleSummary['ruleCounts']> = {}) => ({
  ...anArticle().ruleCounts,
  ...fields,
});

const ARTICLES = [
  anArticle({ slug: 'bsa-ctr', title: 'Currency transaction reports', area: 'bsa_aml' }),
  anArticle({
    slug: 'hmda-lar',
    title: 'HMDA loan/application register',
    area: 'hmda',
    ruleCounts: counts({ assessed: 3, compliant: 1, needs_review: 1, non_compliant: 1 }),
    lastAssessedAt: '2026-11-20T15:00:00.000Z',
  }),
  anArticle({
    slug: 'cra-areas',
    title: 'Delineating CRA assessment areas',
    area: 'cra',
    appliesToInstitution: false,
    ruleCounts: counts({ applicable: 0 }),
  }),
];

const NOTHING_ASSESSED: ComplianceSummary = {
  assessed: false,
  score: null,
  riskLevel: null,
  coverage: { assessed: 0, applicable: 6 },
  areas: [],
};

/** The library as the server filters it (`applies`), the session refused (a plain member). */
function answerLibrary(call: ApiCall, summary: ComplianceSummary = NOTHING_ASSESSED) {
  if (call.path.startsWith('/api/library?')) {
    const applies = new URLSearchParams(call.path.split('?')[1]).get('applies') === 'true';
    const body: LibraryResponse = {
      areas: [],
      articles: ARTICLES.filter((article) => !applies || article.appliesToInstitution),
      contentReviewed: '2026-11-22',
      profileComplete: true,
    };
    return { body };
  }
  if (call.path === '/api/library/compliance-summary') {
    return { body: summary };
  }
  return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in.' } } };
}

const table = () =>
  within(
    screen.getByRole('table', {
      name: 'Articles of the compliance library, with your institution’s assessment of their rules',
    }),
  );
const rowTitles = () =>
  table()
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

describe('Compliance library page', () => {
  it('lists what applies to the institution by default, failing first, each count a link to its rules', async () => {
    const calls = answerApi(answerLibrary);
    renderComponent(<LibraryPage />, { route: '/compliance' });
    expect(await screen.findByText('2 articles that apply to your institution')).toBeTruthy();
    // Not: the CRA article, which does not apply, is not even asked for.
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    expect(calls.some((call) => call.path.includes('applies=true'))).toBe(true);
    expect(rowTitles()).toEqual(['HMDA loan/application register', 'Currency transaction reports']);
    const hmda = within(table().getAllByRole('row')[1]!);
    expect(hmda.getByRole('link', { name: '1 non-compliant' }).getAttribute('href')).toBe(
      '/compliance/articles/hmda-lar?rules=non_compliant',
    );
    expect(hmda.getByRole('link', { name: '3 rules apply' }).getAttribute('href')).toBe(
      '/compliance/articles/hmda-lar?rules=applicable',
    );
    expect(hmda.getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(table().getAllByRole('row')[2]!).getByText('Not assessed')).toBeTruthy();
    expect(screen.getByText(/Text checked against the regulations on Nov 22, 2026/)).toBeTruthy();
  });

  it('shows everything once "Applies to us" is off, marking what does not apply', async () => {
    const calls = answerApi(answerLibrary);
    const { user } = renderComponent(<LibraryPage />, { route: '/compliance' });
    const applies = await screen.findByRole('checkbox', { name: 'Applies to us' });
    expect((applies as HTMLInputElement).checked).toBe(true);
    await user.click(applies);
    expect(await screen.findByText('3 articles')).toBeTruthy();
    expect(calls.some((call) => call.path.includes('applies=false'))).toBe(true);
    expect(table().getAllByText('Does not apply to you')).toHaveLength(1);
  });

  it('opens on everything from a link that says applies=false, and finds articles by their words', async () => {
    answerApi(answerLibrary);
    const { user } = renderComponent(<LibraryPage />, { route: '/compliance?applies=false' });
    await waitFor(() => expect(rowTitles()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Find an article' }), 'currency');
    expect(rowTitles()).toEqual(['Currency transaction reports']);
    expect(screen.getByRole('status').textContent).toBe('1 article');
  });

  it('sorts by a column header, its order in the header', async () => {
    answerApi(answerLibrary);
    const { user } = renderComponent(<LibraryPage />, { route: '/compliance?applies=false' });
    await waitFor(() => expect(rowTitles()).toHaveLength(3));
    await user.click(table().getByRole('button', { name: 'Article' }));
    expect(rowTitles()).toEqual([
      'Currency transaction reports',
      'Delineating CRA assessment areas',
      'HMDA loan/application register',
    ]);
    expect(table().getByRole('columnheader', { name: 'Article' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('gives the score beside its coverage, each count ordering the table by it', async () => {
    // HMDA: 3 rules assessed of the 6 that apply to the institution (3 in each article).
    const summary: ComplianceSummary = {
      assessed: true,
      score: 33,
      riskLevel: 'High',
      coverage: { assessed: 3, applicable: 6 },
      areas: [
        {
          area: 'hmda',
          status: 'Non-Compliant',
          label: 'HMDA Non-Compliant',
          score: 33,
          applicableRules: 3,
          assessedRules: 3,
        },
      ],
    };
    answerApi((call) => answerLibrary(call, summary));
    const { user } = renderComponent(<LibraryPage />, {
      route: '/compliance?sort=title&dir=asc',
    });
    const status = within(await screen.findByRole('region', { name: 'Your compliance status' }));
    const line = await status.findByText(/applicable rules assessed/);
    expect(line.textContent).toBe(
      '33% (compliant rules ÷ rules that apply and are assessed) — 3 of 6 applicable rules assessed (50%). Risk level: High, on 3 of 6 rules assessed',
    );
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    expect(rowTitles()).toEqual(['Currency transaction reports', 'HMDA loan/application register']);
    // The assessed count opens the articles with the most rules assessed first, and the table's
    // Assessed column adds up to it.
    await user.click(status.getByRole('link', { name: 'Rules assessed: 3, open the list' }));
    await waitFor(() =>
      expect(rowTitles()).toEqual([
        'HMDA loan/application register',
        'Currency transaction reports',
      ]),
    );
    expect(table().getByRole('columnheader', { name: 'Assessed' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });
});
