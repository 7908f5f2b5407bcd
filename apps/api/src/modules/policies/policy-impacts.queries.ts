import { queryRows, type Db } from '@complivue/db/database';
import { changeItems } from '@complivue/db/schema/changes';
import { feedItems } from '@complivue/db/schema/feeds';
import { libraryRules } from '@complivue/db/schema/library';
import {
  policies,
  policyImpactReviews,
  policySectionMatches,
  policySections,
  policyVersions,
} from '@complivue/db/schema/policies';
import { citationsInText } from '@complivue/shared/citation-search';
import type { PolicyImpactSource } from '@complivue/shared/policies';
import type { PolicyImpact, PolicyImpactQuery } from '@complivue/shared/schemas/policies';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cfrTerms } from './policy-matching.ts';

/**
 * Which regulatory updates and changes call for an approved policy's review (issue 20's change
 * impact), computed when read: a source that cites a CFR section (not a whole part) at, above or
 * inside the citation of a rule a section of the approved version was confirmed to cover, or a
 * citation the section itself makes, published or recorded after the approval. Only the
 * person's review of it is stored (`policy_impact_reviews`).
 */

/** Updates and changes looked at: the last year's, at most this many of each. */
const SOURCE_LIMIT = 500;
const YEAR_MS = 365 * 86_400_000;

/** A citation's CFR terms from the part to the most specific paragraph, when it names a section. */
function sectionTerms(citation: string): string[] | null {
  const terms = cfrTerms(citation);
  return terms.some((term) => /^cfr\d+s/.test(term)) ? terms : null;
}

const overlaps = (a: readonly string[], b: readonly string[]) =>
  a.includes(b.at(-1)!) || b.includes(a.at(-1)!);

interface Source {
  kind: PolicyImpactSource;
  id: string;
  title: string;
  number: number | null;
  date: Date;
  citations: { citation: string; terms: string[] }[];
}

function withSectionTerms(citations: readonly string[]) {
  return citations.flatMap((citation) => {
    const terms = sectionTerms(citation);
    return terms ? [{ citation, terms }] : [];
  });
}

/**
 * What the institution's approved versions cover: every confirmed match with its section, rule
 * (retired ones included) and policy; of one policy when asked. The gap report and the change
 * impact read it.
 */
export async function findConfirmedCoverage(db: Db, companyId: string, policyId?: string) {
  return db
    .select({
      policyId: policies.id,
      number: policies.number,
      title: policies.title,
      versionId: policyVersions.id,
      version: policyVersions.version,
      approvedAt: policyVersions.approvedAt,
      sectionHeading: policySections.heading,
      anchor: policySections.anchor,
      sectionCitations: policySections.citations,
      rule: {
        id: libraryRules.id,
        title: libraryRules.title,
        citation: libraryRules.citation,
        area: libraryRules.area,
        articleId: libraryRules.articleId,
        retiredAt: libraryRules.retiredAt,
      },
    })
    .from(policySectionMatches)
    .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
    .innerJoin(policyVersions, eq(policyVersions.id, policySections.versionId))
    .innerJoin(policies, eq(policies.id, policyVersions.policyId))
    .innerJoin(libraryRules, eq(libraryRules.id, policySectionMatches.ruleId))
    .where(
      and(
        eq(policySectionMatches.companyId, companyId),
        eq(policySectionMatches.decision, 'confirmed'),
        eq(policyVersions.status, 'approved'),
        policyId ? eq(policies.id, policyId) : undefined,
      ),
    )
    .orderBy(asc(policies.number), asc(policySections.position), asc(libraryRules.id));
}

/**
 * The last year's regulatory updates that cite a CFR section and the company's changes (with
 * their update's citations), in one query: the dashboard reads this on every load.
 */
async function citingSources(
  db: Db,
  companyId: string,
  options: { since: Date; changeId?: string },
): Promise<Source[]> {
  const rows = await queryRows<{
    kind: PolicyImpactSource;
    id: string;
    title: string;
    number: number | null;
    date: Date | string;
    citations: string[] | null;
    text: string;
  }>(
    db,
    sql`
    (SELECT 'change' AS kind, c.id, c.title, c.number, c.created_at AS date, f.citations,
            c.title || ' ' || c.summary AS text
       FROM ${changeItems} c LEFT JOIN ${feedItems} f ON f.id = c.feed_item_id
      WHERE c.company_id = ${companyId}
        AND ${options.changeId ? sql`c.id = ${options.changeId}` : sql`c.created_at >= ${options.since}`}
      ORDER BY c.created_at DESC LIMIT ${SOURCE_LIMIT})
    ${
      options.changeId
        ? sql``
        : sql`UNION ALL
    (SELECT 'feed_item' AS kind, f.id, f.title, NULL AS number, f.sort_at AS date, f.citations,
            '' AS text
       FROM ${feedItems} f
      WHERE f.sort_at >= ${options.since} AND cardinality(f.citations) > 0
      ORDER BY f.sort_at DESC LIMIT ${SOURCE_LIMIT})`
    }`,
  );
  return rows.flatMap((row) => {
    const written = row.text
      ? citationsInText(row.text).map((cited) => ({ citation: cited.citation, terms: cited.terms }))
      : [];
    const citations = [...withSectionTerms(row.citations ?? []), ...written];
    return citations.length > 0
      ? [
          {
            kind: row.kind,
            id: row.id,
            title: row.title,
            number: row.number === null ? null : Number(row.number),
            date: new Date(row.date),
            citations,
          },
        ]
      : [];
  });
}

/**
 * The updates and changes that touch the company's approved policies (one policy, or the
 * policies one change touches), each with what it touches and its review; not yet reviewed
 * first, newest first.
 */
export async function findPolicyImpacts(
  db: Db,
  companyId: string,
  query: PolicyImpactQuery,
): Promise<PolicyImpact[]> {
  // Both reads at once: the sources are the last year's, narrowed to each approval below.
  const [coverage, sources] = await Promise.all([
    findConfirmedCoverage(db, companyId, query.policy),
    citingSources(db, companyId, {
      since: new Date(Date.now() - YEAR_MS),
      changeId: query.change,
    }),
  ]);
  if (coverage.length === 0 || sources.length === 0) return [];
  const reviews = await db
    .select()
    .from(policyImpactReviews)
    .where(eq(policyImpactReviews.companyId, companyId));
  const reviewOf = new Map(
    reviews.map((review) => [
      `${review.versionId}:${review.sourceKind}:${review.sourceId}`,
      review,
    ]),
  );

  const impacts = new Map<string, PolicyImpact & { sortAt: number }>();
  for (const row of coverage) {
    const covered = [row.rule.citation, ...row.sectionCitations].flatMap((citation) => {
      const terms = sectionTerms(citation);
      return terms ? [terms] : [];
    });
    for (const source of sources) {
      // A change recorded before the approval was known to the approver; an update, too.
      if (!query.change && row.approvedAt && source.date <= row.approvedAt) continue;
      const touching = source.citations.filter((cited) =>
        covered.some((terms) => overlaps(cited.terms, terms)),
      );
      if (touching.length === 0) continue;
      const key = `${row.versionId}:${source.kind}:${source.id}`;
      const review = reviewOf.get(key);
      const impact = impacts.get(key) ?? {
        policy: { id: row.policyId, number: row.number, title: row.title, version: row.version },
        source: {
          kind: source.kind,
          id: source.id,
          title: source.title,
          number: source.number,
          date: source.date.toISOString(),
        },
        citations: [],
        touches: [],
        review: review
          ? {
              reviewedByName: review.reviewedByName,
              reviewedAt: review.reviewedAt.toISOString(),
              note: review.note,
            }
          : null,
        sortAt: source.date.getTime(),
      };
      for (const cited of touching) {
        if (!impact.citations.includes(cited.citation)) impact.citations.push(cited.citation);
      }
      if (
        !impact.touches.some((touch) => touch.anchor === row.anchor && touch.ruleId === row.rule.id)
      ) {
        impact.touches.push({
          sectionHeading: row.sectionHeading,
          anchor: row.anchor,
          ruleId: row.rule.id,
          ruleCitation: row.rule.citation,
        });
      }
      impacts.set(key, impact);
    }
  }
  return [...impacts.values()]
    .sort((a, b) => Number(a.review !== null) - Number(b.review !== null) || b.sortAt - a.sortAt)
    .map(({ sortAt: _sortAt, ...impact }) => impact);
}

/** The approved version of one of the company's policies and the source, for a review. */
export async function findImpactForReview(
  db: Db,
  companyId: string,
  options: { policyId: string; sourceKind: PolicyImpactSource; sourceId: string },
) {
  const impacts = await findPolicyImpacts(db, companyId, {
    policy: options.policyId,
    ...(options.sourceKind === 'change' ? { change: options.sourceId } : {}),
  });
  return (
    impacts.find(
      (impact) =>
        impact.source.kind === options.sourceKind && impact.source.id === options.sourceId,
    ) ?? null
  );
}
