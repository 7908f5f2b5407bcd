import type { Db } from '@complivue/db/database';
import { libraryArticleVersions } from '@complivue/db/schema/library';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { PolicyGapReport, PolicyRef } from '@complivue/shared/schemas/policies';
import { and, inArray, isNotNull, max } from 'drizzle-orm';
import {
  rulesWithAssessments,
  visibleArticles,
  type LibraryReader,
} from '../library/library.queries.ts';
import { findPolicies, type PolicyViewer } from './policies.queries.ts';
import { findConfirmedCoverage } from './policy-impacts.queries.ts';

/** When each article's published text last changed (a new version of the library content). */
async function articlesPublishedAt(db: Db, articleIds: readonly string[]) {
  if (articleIds.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({
      articleId: libraryArticleVersions.articleId,
      publishedAt: max(libraryArticleVersions.publishedAt),
    })
    .from(libraryArticleVersions)
    .where(
      and(
        inArray(libraryArticleVersions.articleId, [...new Set(articleIds)]),
        isNotNull(libraryArticleVersions.publishedAt),
      ),
    )
    .groupBy(libraryArticleVersions.articleId);
  return new Map(
    rows.flatMap((row) => (row.publishedAt ? [[row.articleId, new Date(row.publishedAt)]] : [])),
  );
}

/**
 * What the institution's approved policies leave open (issue 20's gap report): per area, the
 * rules that apply to the institution (its profile) that no confirmed section of an approved
 * version covers; confirmed matches to rules since retired; rules whose library article was
 * updated after the policy covering them was approved; approved policies past their review
 * date; policies never approved.
 */
export async function findPolicyGaps(
  db: Db,
  reader: LibraryReader & PolicyViewer,
  options: { area?: RegulationArea },
): Promise<PolicyGapReport> {
  const [rules, matches, list] = await Promise.all([
    rulesWithAssessments(db, reader, visibleArticles(reader.companyId)),
    findConfirmedCoverage(db, reader.companyId),
    findPolicies(db, reader),
  ]);
  const inArea = (area: RegulationArea) => !options.area || area === options.area;
  const covered = new Set(matches.map((match) => match.rule.id));
  const applicable = rules.filter((rule) => rule.appliesToInstitution && inArea(rule.area));
  const areas = [...new Set(applicable.map((rule) => rule.area))].sort().map((area) => {
    const ofArea = applicable.filter((rule) => rule.area === area);
    return {
      area,
      applicableRules: ofArea.length,
      coveredRules: ofArea.filter((rule) => covered.has(rule.id)).length,
      uncovered: ofArea
        .filter((rule) => !covered.has(rule.id))
        .sort((a, b) => a.id.localeCompare(b.id))
        .map(({ id, title, citation, area: ruleArea }) => ({
          id,
          title,
          citation,
          area: ruleArea,
        })),
    };
  });

  const refOf = (match: (typeof matches)[number]): PolicyRef => ({
    id: match.policyId,
    number: match.number,
    title: match.title,
    version: match.version,
  });
  const ruleOf = (match: (typeof matches)[number]) => ({
    id: match.rule.id,
    title: match.rule.title,
    citation: match.rule.citation,
    area: match.rule.area,
  });
  const inScope = matches.filter((match) => inArea(match.rule.area));
  const published = await articlesPublishedAt(
    db,
    inScope.map((match) => match.rule.articleId),
  );
  const updatedRules = new Map<string, PolicyGapReport['updatedRules'][number]>();
  for (const match of inScope) {
    const articleUpdatedAt = published.get(match.rule.articleId);
    if (!articleUpdatedAt || !match.approvedAt || articleUpdatedAt <= match.approvedAt) continue;
    updatedRules.set(`${match.policyId}:${match.rule.id}`, {
      policy: refOf(match),
      rule: ruleOf(match),
      approvedAt: match.approvedAt.toISOString(),
      articleUpdatedAt: articleUpdatedAt.toISOString(),
    });
  }

  return {
    today: reader.today,
    area: options.area ?? null,
    areas,
    retiredRules: inScope
      .filter((match) => match.rule.retiredAt !== null)
      .map((match) => ({
        policy: refOf(match),
        sectionHeading: match.sectionHeading,
        rule: ruleOf(match),
      })),
    updatedRules: [...updatedRules.values()],
    overdueReviews: list
      .filter((policy) => policy.reviewOverdue && policy.approved)
      .map((policy) => ({
        policy: {
          id: policy.id,
          number: policy.number,
          title: policy.title,
          version: policy.approved!.version,
        },
        nextReviewDate: policy.approved!.nextReviewDate!,
      })),
    notInForce: list
      .filter((policy) => !policy.approved)
      .map((policy) => ({
        policy: {
          id: policy.id,
          number: policy.number,
          title: policy.title,
          version: policy.latest.version,
        },
        status: policy.latest.status,
      })),
  };
}
