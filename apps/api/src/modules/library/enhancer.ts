import type { Db } from '@complivue/db/database';
import { indexArticle } from '@complivue/db/library/load-library';
import { libraryArticles, libraryArticleVersions } from '@complivue/db/schema/library';
import { userProfiles } from '@complivue/db/schema/profiles';
import { checkArticle, diffArticleBodies } from '@complivue/shared/article-checks';
import {
  ENHANCER_MESSAGES,
  type ArticleVersionInput,
  type EditableArticle,
  type EnhancerArticle,
} from '@complivue/shared/schemas/enhancer';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';

/**
 * Who edits what: a company administrator edits only the company's own articles; a super admin
 * only the shared library. Nobody changes another institution's articles, and the shared
 * library's rules (and so its counts) come only from the content files.
 */
/** Who edits: an institution's administrator, or the platform operator (no institution). */
export interface Editor extends RequestOrigin {
  actorUserId: string;
  name: string;
  companyId: string | null;
  isSuperAdmin: boolean;
}

const editableBy = (editor: Editor) =>
  editor.isSuperAdmin
    ? isNull(libraryArticles.companyId)
    : editor.companyId
      ? eq(libraryArticles.companyId, editor.companyId)
      : sql`false`;

const latestVersion = sql<number>`(SELECT max(v.version) FROM ${libraryArticleVersions} v WHERE v.article_id = ${libraryArticles.id})`;

export async function listEditableArticles(db: Db, editor: Editor): Promise<EditableArticle[]> {
  const rows = await db
    .select({
      id: libraryArticles.id,
      slug: libraryArticles.slug,
      title: libraryArticles.title,
      area: libraryArticles.area,
      status: libraryArticles.status,
      version: libraryArticles.version,
      latestVersion,
      companyId: libraryArticles.companyId,
      updatedAt: libraryArticles.updatedAt,
    })
    .from(libraryArticles)
    .where(editableBy(editor))
    .orderBy(libraryArticles.area, libraryArticles.title);
  return rows.map(({ companyId, updatedAt, ...row }) => ({
    ...row,
    latestVersion: Number(row.latestVersion ?? row.version),
    shared: companyId === null,
    updatedAt: updatedAt.toISOString(),
  }));
}

async function getEditableArticle(db: Db, editor: Editor, articleId: string) {
  const [article] = await db
    .select()
    .from(libraryArticles)
    .where(and(eq(libraryArticles.id, articleId), editableBy(editor)));
  if (!article) throw new AppError('not_found', ENHANCER_MESSAGES.not_found);
  return article;
}

export async function enhancerArticle(
  db: Db,
  editor: Editor,
  articleId: string,
): Promise<EnhancerArticle> {
  const article = await getEditableArticle(db, editor, articleId);
  const versions = await db
    .select({
      version: libraryArticleVersions,
      createdByName: sql<string | null>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`,
    })
    .from(libraryArticleVersions)
    .leftJoin(userProfiles, eq(userProfiles.userId, libraryArticleVersions.createdBy))
    .where(eq(libraryArticleVersions.articleId, article.id))
    .orderBy(desc(libraryArticleVersions.version));
  const toVersion = ({ version, createdByName }: (typeof versions)[number]) => ({
    version: version.version,
    title: version.title,
    summary: version.summary,
    body: version.body,
    citations: version.citations,
    lastReviewed: version.lastReviewed,
    note: version.note,
    createdByName: version.note === 'content' ? 'Complivue library' : createdByName,
    createdAt: version.createdAt.toISOString(),
    publishedAt: version.publishedAt?.toISOString() ?? null,
  });
  const [latest, previous] = versions;
  const diff = diffArticleBodies(previous?.version.body ?? '', latest!.version.body);
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    area: article.area,
    status: article.status,
    version: article.version,
    latestVersion: latest!.version.version,
    shared: article.companyId === null,
    updatedAt: article.updatedAt.toISOString(),
    versions: versions.map((row) => {
      const { body: _body, summary: _summary, citations: _citations, ...rest } = toVersion(row);
      return rest;
    }),
    latest: toVersion(latest!),
    diff: { against: previous?.version.version ?? null, ...diff },
  };
}

/** A new company article, as a draft (version 1, unpublished). */
export async function createCompanyArticle(
  deps: ServiceDeps,
  options: { editor: Editor; input: ArticleVersionInput & { slug: string; area: RegulationArea } },
): Promise<string> {
  const { db } = deps;
  const { editor, input } = options;
  if (!editor.companyId) throw new AppError('not_found', ENHANCER_MESSAGES.not_found);
  try {
    return await db.transaction(async (tx) => {
      const [article] = await tx
        .insert(libraryArticles)
        .values({
          companyId: editor.companyId,
          slug: input.slug,
          title: input.title,
          area: input.area,
          summary: input.summary,
          body: input.body,
          citations: input.citations,
          lastReviewed: input.lastReviewed,
          applicability: {
            institutionTypes: ['credit_union', 'community_bank', 'mortgage_company', 'other'],
            hmdaReportersOnly: false,
          },
          status: 'draft',
          version: 0,
        })
        .returning({ id: libraryArticles.id });
      await tx.insert(libraryArticleVersions).values({
        articleId: article!.id,
        version: 1,
        ...versionValues(input),
        createdBy: editor.actorUserId,
      });
      await recordAudit(tx, editor, {
        action: 'library.article_saved',
        actorUserId: editor.actorUserId,
        companyId: editor.companyId,
        targetType: 'library_article',
        targetId: article!.id,
        after: { slug: input.slug, version: 1 },
      });
      return article!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('slug_taken');
    throw error;
  }
}

const versionValues = (input: ArticleVersionInput) => ({
  title: input.title,
  summary: input.summary,
  body: input.body,
  citations: input.citations,
  lastReviewed: input.lastReviewed,
  note: input.note ?? null,
});

/** Saves the editor's text as the article's next version (not yet published). */
export async function saveVersion(
  deps: ServiceDeps,
  options: { editor: Editor; articleId: string; input: ArticleVersionInput },
): Promise<void> {
  const { db } = deps;
  const { editor, articleId, input } = options;
  const article = await getEditableArticle(db, editor, articleId);
  await db.transaction(async (tx) => {
    // The article row is locked so that two saves get two different version numbers.
    await tx
      .select({ id: libraryArticles.id })
      .from(libraryArticles)
      .where(eq(libraryArticles.id, article.id))
      .for('update');
    const [{ value } = { value: 0 }] = await tx
      .select({ value: max(libraryArticleVersions.version) })
      .from(libraryArticleVersions)
      .where(eq(libraryArticleVersions.articleId, article.id));
    const version = (value ?? 0) + 1;
    await tx.insert(libraryArticleVersions).values({
      articleId: article.id,
      version,
      ...versionValues(input),
      createdBy: editor.actorUserId,
    });
    await recordAudit(tx, editor, {
      action: 'library.article_saved',
      actorUserId: editor.actorUserId,
      companyId: article.companyId,
      targetType: 'library_article',
      targetId: article.id,
      after: { slug: article.slug, version },
    });
  });
}

/**
 * Publishes a version: it becomes the article's text in the library and the search index. A
 * version the checks find errors in (malformed citations, missing sections) is refused.
 */
export async function publishVersion(
  deps: ServiceDeps,
  options: { editor: Editor; articleId: string; versionNumber: number },
): Promise<void> {
  const { db } = deps;
  const { editor, articleId, versionNumber } = options;
  const article = await getEditableArticle(db, editor, articleId);
  const [version] = await db
    .select()
    .from(libraryArticleVersions)
    .where(
      and(
        eq(libraryArticleVersions.articleId, article.id),
        eq(libraryArticleVersions.version, versionNumber),
      ),
    );
  if (!version) throw new AppError('not_found', ENHANCER_MESSAGES.version_not_found);
  const errors = checkArticle(version, new Date()).filter((check) => check.severity === 'error');
  if (errors.length > 0) {
    throw new AppError('has_errors', `${ENHANCER_MESSAGES.has_errors} ${errors[0]!.message}`);
  }
  await db.transaction(async (tx) => {
    const [published] = await tx
      .update(libraryArticles)
      .set({
        title: version.title,
        summary: version.summary,
        body: version.body,
        citations: version.citations,
        lastReviewed: version.lastReviewed,
        version: version.version,
        status: 'published',
      })
      .where(eq(libraryArticles.id, article.id))
      .returning();
    await tx
      .update(libraryArticleVersions)
      .set({ publishedAt: new Date() })
      .where(eq(libraryArticleVersions.id, version.id));
    await indexArticle(tx, published!);
    await recordAudit(tx, editor, {
      action: 'library.article_published',
      actorUserId: editor.actorUserId,
      companyId: article.companyId,
      targetType: 'library_article',
      targetId: article.id,
      before: { version: article.version },
      after: { version: version.version },
    });
  });
}
