// @vitest-environment happy-dom
import type { AssessmentStatus } from '@complivue/shared/compliance-score';
import type { ArticleDetail, LibraryRule } from '@complivue/shared/schemas/library';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { anArticle } from './library-fixture.test-helper.ts';
import { ArticlePage } from './article-page.tsx';

const applicability = { institutionTypes: ['credit_union' as const], hmdaReportersOnly: false };

const aRule = (id: string, title: string, status: AssessmentStatus): LibraryRule => ({
  id,
  title,
  area: 'trid',
  citation: '12 CFR 1026.19(e)(1)(iii)',
  requirement: `The requirement of ${id}, in one sentence.`,
  frequency: 'per_loan',
  evidence: 'Loan files with the delivery date recorded.',
  applicability,
  appliesToInstitution: true,
  assessment: { status, ownerName: null, nextReviewDate: null },
});

const ARTICLE: ArticleDetail = {
  ...anArticle({
    ruleCounts: { applicable: 3, assessed: 2, compliant: 1, needs_review: 0, non_compliant: 1 },
    lastAssessedAt: '2026-11-20T15:00:00.000Z',
  }),
  html: '<h2 id="section-overview">Overview</h2><p>Text.</p><h3 id="section-timing">Timing</h3>',
  headings: [
    { id: 'section-overview', text: 'Overview', level: 2 },
    { id: 'section-timing', text: 'Timing', level: 3 },
  ],
  citations: ['12 CFR 1026.19(e)(1)(iii)'],
  effectiveDate: '2015-10-03',
  applicability,
  version: 2,
  rules: [
    aRule('TRID-LE-001', 'Deliver the Loan Estimate within three business days', 'compliant'),
    aRule('TRID-LE-002', 'Deliver the Loan Estimate seven business days ahead', 'non_compliant'),
    aRule('TRID-LE-003', 'No fees before intent to proceed', 'not_assessed'),
  ],
};

function renderArticle(route: string) {
  answerApi(() => ({ body: ARTICLE }));
  return renderComponent(
    <Routes>
      <Route path="/compliance/articles/:slug" element={<ArticlePage />} />
    </Routes>,
    { route },
  );
}

const panelRules = () =>
  within(screen.getByRole('list', { name: 'Rules' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Article page', () => {
  it('lists the rules by title with their status and code, and a table of contents', async () => {
    renderArticle('/compliance/articles/trid-loan-estimate-timing');
    await screen.findByRole('heading', { level: 1, name: 'Loan Estimate: delivery timing' });
    const panel = within(screen.getByRole('list', { name: 'Rules' }));
    const failing = panel.getByRole('link', {
      name: 'Deliver the Loan Estimate seven business days ahead',
    });
    expect(failing.getAttribute('href')).toBe('/compliance/rules/TRID-LE-002');
    const item = within(failing.closest('li')!);
    expect(item.getByText('Non-compliant')).toBeTruthy();
    expect(item.getByText('TRID-LE-002')).toBeTruthy();

    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(
      contents.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overview', '#section-overview'],
      ['Timing', '#section-timing'],
      ['Citations', '#citations-heading'],
      ['Rules (3)', '#rules-heading'],
    ]);
    expect(document.getElementById('section-timing')).toBeTruthy();
    // The disclaimer is the app frame's, once per page: none of the article's own.
    expect(screen.queryByText(/legal advice/)).toBeNull();
  });

  it('lists only the rules a count counts, until asked for all', async () => {
    const { user } = renderArticle(
      '/compliance/articles/trid-loan-estimate-timing?rules=non_compliant',
    );
    await screen.findByRole('heading', { level: 1, name: 'Loan Estimate: delivery timing' });
    expect(panelRules()).toEqual(['Deliver the Loan Estimate seven business days ahead']);
    expect(screen.getByText(/^Non-compliant: 1 of 3 rules\./).getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Show all rules' }));
    expect(panelRules()).toHaveLength(3);
  });
});
