import type { Db } from '@complivue/db/database';
import {
  libraryArticles,
  libraryBookmarks,
  libraryRules,
  ruleAssessments,
} from '@complivue/db/schema/library';
import { userProfiles } from '@complivue/db/schema/profiles';
import { countRules, type AssessmentStatus } from '@complivue/shared/compliance-score';
import type { Applicability } from '@complivue/shared/library';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  LIBRARY_MESSAGES,
  type ArticleDetail,
  type ArticleSummary,
  type LibraryResponse,
  type LibraryRule,
} from '@complivue/shared/schemas/library';
import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { renderArticle } from '../../lib/markdown.ts';
import { appliesTo, profileIsComplete, type InstitutionFacts } from './applicability.ts';

/** Who is reading: their institution (null for platform staff) and its profile facts. */
export interface LibraryReader {
  userId: string;
  companyId: string | null;
  facts: InstitutionFacts;
}

/** The reader's bookmark of each article, joined to the article rows. */
const bookmarkOf = (userId: string) =>
  and(eq(libraryBookmarks.articleId, libraryArticles.id), eq(libraryBookmarks.userId, userId));

/** The shared library and the reader's institution's own published articles. */
export const visibleArticles = (companyId: string | null) =>
  and(
    eq(libraryArticles.status, 'published'),
    companyId
      ? or(isNull(libraryArticles.companyId), eq(libraryArticles.companyId, companyId))
      : isNull(libraryArticles.companyId),
  );

/** An article's rule in force: its own applicability, the institution's status and when set. */
type RuleStatusRow = [Applicability | null, AssessmentStatus | null, string | null];

/**
 * The rules in force of the article in the row, each with the institution's assessment (one
 * probe of `rule_assessments_company_rule_idx` per rule), as one JSON array per article: the
 * counts need the applicability, which is decided in code (`appliesTo`), not in SQL.
 */
const ruleStatuses = (companyId: string | null) =>
  sql<
    RuleStatusRow[]
  >`(SELECT coalesce(json_agg(json_build_array(r.applicability, ra.status, ra.updated_at)), '[]'::json)
    FROM ${libraryRules} r
    LEFT JOIN ${ruleAssessments} ra ON ra.rule_id = r.id AND ra.company_id = ${companyId}
    WHERE r.article_id = ${libraryArticles.id} AND r.retired_at IS NULL)`;

/** The counts of an article's rules that apply, and when one was last assessed. */
function assessmentCounts(
  facts: InstitutionFacts,
  article: { applicability: Applicability; area: RegulationArea },
  rules: RuleStatusRow[],
) {
  const counted = rules.map(([applicability, status]) => ({
    appliesToInstitution: appliesTo(facts, applicability ?? article.applicability, article.area),
    status: status ?? 'not_assessed',
  }));
  const assessedAt = rules
    .filter(([, status, updatedAt]) => updatedAt && status && status !== 'not_assessed')
    .map(([, , updatedAt]) => new Date(updatedAt!).getTime());
  return {
    ruleCount: rules.length,
    ruleCounts: countRules(counted),
    lastAssessedAt: assessedAt.length ? new Date(Math.max(...assessedAt)).toISOString() : null,
  };
}

/**
 * `/compliance`: articles by area, filtered by applicability and bookmarks, each with the
 * institution's assessment counts, in one query.
 */
export async function browseLibrary(
  db: Db,
  reader: LibraryReader,
  query: { area?: RegulationArea; applies: boolean; bookmarked: boolean },
): Promise<LibraryResponse> {
  const rows = await db
    .select({
      id: libraryArticles.id,
      slug: libraryArticles.slug,
      title: libraryArticles.title,
      area: libraryArticles.area,
      summary: libraryArticles.summary,
      lastReviewed: libraryArticles.lastReviewed,
      applicability: libraryArticles.applicability,
      companyId: libraryArticles.companyId,
      rules: ruleStatuses(reader.companyId),
      bookmarked: sql<boolean>`${libraryBookmarks.userId} IS NOT NULL`,
    })
    .from(libraryArticles)
    .leftJoin(libraryBookmarks, bookmarkOf(reader.userId))
    .where(visibleArticles(reader.companyId))
    .orderBy(asc(libraryArticles.area), asc(libraryArticles.title));

  const all: ArticleSummary[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    area: row.area,
    summary: row.summary,
    lastReviewed: row.lastReviewed,
    ...assessmentCounts(reader.facts, row, row.rules),
    appliesToInstitution: appliesTo(reader.facts, row.applicability, row.area),
    bookmarked: row.bookmarked,
    companyOwned: row.companyId !== null,
  }));
  const areas = REGULATION_AREAS.map((area) => {
    const ofArea = all.filter((article) => article.area === area);
    return {
      area,
      articles: ofArea.length,
      rules: ofArea.reduce((total, article) => total + article.ruleCount, 0),
      appliesToInstitution: ofArea.some((article) => article.appliesToInstitution),
    };
  });
  const articles = all.filter(
    (article) =>
      (!query.area || article.area === query.area) &&
      (!query.applies || article.appliesToInstitution) &&
      (!query.bookmarked || article.bookmarked),
  );
  const sharedReviews = all
    .filter((article) => !article.companyOwned)
    .map((article) => article.lastReviewed)
    .sort();
  return {
    areas,
    articles,
    contentReviewed: sharedReviews[0] ?? null,
    profileComplete: profileIsComplete(reader.facts),
  };
}

/** The rules of some articles with the institution's assessment of each. */
export async function rulesWithAssessments(
  db: Db,
  reader: LibraryReader,
  where: SQL | undefined,
): Promise<(LibraryRule & { articleId: string; assessedAt: Date | null })[]> {
  const rows = await db
    .select({
      rule: libraryRules,
      articleApplicability: libraryArticles.applicability,
      status: ruleAssessments.status,
      assessedAt: ruleAssessments.updatedAt,
      nextReviewDate: ruleAssessments.nextReviewDate,
      ownerName: sql<string | null>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`,
    })
    .from(libraryRules)
    .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
    .leftJoin(
      ruleAssessments,
      and(
        eq(ruleAssessments.ruleId, libraryRules.id),
        reader.companyId ? eq(ruleAssessments.companyId, reader.companyId) : sql`false`,
      ),
    )
    .leftJoin(userProfiles, eq(userProfiles.userId, ruleAssessments.ownerId))
    .where(and(where, isNull(libraryRules.retiredAt)))
    .orderBy(asc(libraryRules.position));
  return rows.map(
    ({ rule, articleApplicability, status, assessedAt, nextReviewDate, ownerName }) => {
      const applicability: Applicability = rule.applicability ?? articleApplicability;
      return {
        articleId: rule.articleId,
        assessedAt,
        id: rule.id,
        title: rule.title,
        area: rule.area,
        citation: rule.citation,
        requirement: rule.requirement,
        frequency: rule.frequency,
        evidence: rule.evidence,
        applicability,
        appliesToInstitution: appliesTo(reader.facts, applicability, rule.area),
        assessment: {
          status: status ?? 'not_assessed',
          ownerName: ownerName ?? null,
          nextReviewDate: nextReviewDate ?? null,
        },
      };
    },
  );
}

/** `/compliance/articles/:slug`, the reader's institution's article first if it has one. */
export async function articleDetail(
  db: Db,
  reader: LibraryReader,
  slug: string,
): Promise<ArticleDetail> {
  const [row] = await db
    .select({
      article: libraryArticles,
      bookmarked: sql<boolean>`${libraryBookmarks.userId} IS NOT NULL`,
    })
    .from(libraryArticles)
    .leftJoin(libraryBookmarks, bookmarkOf(reader.userId))
    .where(and(eq(libraryArticles.slug, slug), visibleArticles(reader.companyId)))
    .orderBy(sql`${libraryArticles.companyId} IS NULL`)
    .limit(1);
  if (!row) throw new AppError('not_found', LIBRARY_MESSAGES.article_not_found);
  const { article } = row;
  const rules = await rulesWithAssessments(db, reader, eq(libraryRules.articleId, article.id));
  const { html, headings } = renderArticle(article.body);
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    area: article.area,
    summary: article.summary,
    lastReviewed: article.lastReviewed,
    ...assessmentCounts(
      reader.facts,
      article,
      rules.map((rule) => [
        rule.applicability,
        rule.assessment.status,
        rule.assessedAt?.toISOString() ?? null,
      ]),
    ),
    appliesToInstitution: appliesTo(reader.facts, article.applicability, article.area),
    bookmarked: row.bookmarked,
    companyOwned: article.companyId !== null,
    html,
    headings,
    citations: article.citations,
    effectiveDate: article.effectiveDate,
    applicability: article.applicability,
    version: article.version,
    rules: rules.map(({ articleId: _articleId, assessedAt: _assessedAt, ...rule }) => rule),
  };
}

/** Refuses (404) an article the reader's institution may not read, as if it did not exist. */
async function requireVisibleArticle(db: Db, companyId: string | null, articleId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(libraryArticles)
    .where(and(eq(libraryArticles.id, articleId), visibleArticles(companyId)));
  if (!row?.total) throw new AppError('not_found', LIBRARY_MESSAGES.article_not_found);
}

/** Bookmarks an article the reader's institution may read (idempotent). */
export async function addBookmark(db: Db, reader: LibraryReader, articleId: string) {
  await requireVisibleArticle(db, reader.companyId, articleId);
  await db
    .insert(libraryBookmarks)
    .values({ userId: reader.userId, articleId })
    .onConflictDoNothing();
}

/** Removes the reader's bookmark of an article, if there is one. */
export async function removeBookmark(db: Db, reader: LibraryReader, articleId: string) {
  await db
    .delete(libraryBookmarks)
    .where(
      and(eq(libraryBookmarks.userId, reader.userId), eq(libraryBookmarks.articleId, articleId)),
    );
}
