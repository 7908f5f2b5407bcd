import type { ArticleSummary } from '@complivue/shared/schemas/library';

/** Component tests' article row: TRID, three rules that apply, none assessed. */
export function anArticle(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id: crypto.randomUUID(),
    slug: 'trid-loan-estimate-timing',
    title: 'Loan Estimate: delivery timing',
    area: 'trid',
    summary: 'When the Loan Estimate must be delivered.',
    lastReviewed: '2026-11-22',
    ruleCount: 3,
    ruleCounts: { applicable: 3, assessed: 0, compliant: 0, needs_review: 0, non_compliant: 0 },
    lastAssessedAt: null,
    appliesToInstitution: true,
    bookmarked: false,
    companyOwned: false,
    ...overrides,
  };
}
