import { createHash } from 'node:crypto';
import { citationIndexText } from '@complivue/shared/citation-search';
import { libraryArticlePath, libraryRulePath } from '@complivue/shared/library';
import { and, eq, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import {
  libraryArticles,
  libraryArticleVersions,
  libraryContentState,
  libraryRules,
  searchDocuments,
} from '../schema/library.ts';
import { readLibraryContent, type LibraryArticleFile } from './library-content.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function articleHash(article: LibraryArticleFile): string {
  const { file: _file, ...content } = article;
  return sha256(JSON.stringify(content));
}

/** Markdown to the plain words the index and snippets need. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`>|]/g, ' ')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LoadResult {
  changed: boolean;
  contentVersion: string;
  articles: number;
  rules: number;
}

/**
 * Loads the shared library's content files into the database, idempotently: nothing happens
 * when the content version (a hash of every article) is the one loaded; otherwise changed
 * articles are updated (a new version in their history), new ones added, their rules upserted
 * by stable id, rules no longer in the content retired, and the search index refreshed.
 * Companies' assessments are keyed by rule id and never touched.
 */
export async function loadLibraryContent(db: Db, dir?: string): Promise<LoadResult> {
  const content = await readLibraryContent(dir);
  const hashes = new Map(content.map((article) => [article.slug, articleHash(article)]));
  const contentVersion = sha256([...hashes.values()].join('\n'));
  const rules = content.reduce((total, article) => total + article.rules.length, 0);
  const [state] = await db.select().from(libraryContentState).where(eq(libraryContentState.id, 1));
  if (state?.contentVersion === contentVersion) {
    return { changed: false, contentVersion, articles: content.length, rules };
  }

  await db.transaction(async (tx) => {
    const existing = await tx
      .select({
        id: libraryArticles.id,
        slug: libraryArticles.slug,
        version: libraryArticles.version,
        sourceHash: libraryArticles.sourceHash,
      })
      .from(libraryArticles)
      .where(isNull(libraryArticles.companyId));
    const bySlug = new Map(existing.map((row) => [row.slug, row]));

    for (const article of content) {
      const hash = hashes.get(article.slug)!;
      const current = bySlug.get(article.slug);
      if (current?.sourceHash === hash) continue;
      const values = {
        title: article.title,
        area: article.area,
        summary: article.summary,
        body: article.body,
        citations: article.citations,
        effectiveDate: article.effectiveDate,
        lastReviewed: article.lastReviewed,
        applicability: article.applicability,
        sourceHash: hash,
        status: 'published' as const,
      };
      // After the versions editors saved in the article enhancer, published or not.
      const [{ latest } = { latest: 0 }] = current
        ? await tx
            .select({ latest: max(libraryArticleVersions.version) })
            .from(libraryArticleVersions)
            .where(eq(libraryArticleVersions.articleId, current.id))
        : [];
      const version = (latest ?? 0) + 1;
      const [saved] = current
        ? await tx
            .update(libraryArticles)
            .set({ ...values, version })
            .where(eq(libraryArticles.id, current.id))
            .returning({ id: libraryArticles.id })
        : await tx
            .insert(libraryArticles)
            .values({ ...values, slug: article.slug, version })
            .returning({ id: libraryArticles.id });
      const articleId = saved!.id;
      await tx.insert(libraryArticleVersions).values({
        articleId,
        version,
        title: article.title,
        summary: article.summary,
        body: article.body,
        citations: article.citations,
        lastReviewed: article.lastReviewed,
        note: 'content',
        publishedAt: new Date(),
      });
      await tx
        .insert(libraryRules)
        .values(
          article.rules.map((rule, position) => ({
            id: rule.id,
            articleId,
            area: article.area,
            title: rule.title,
            citation: rule.citation,
            requirement: rule.requirement,
            frequency: rule.frequency,
            evidence: rule.evidence,
            applicability: rule.applicability ?? null,
            position,
          })),
        )
        .onConflictDoUpdate({
          target: libraryRules.id,
          set: {
            articleId: sql`excluded.article_id`,
            area: sql`excluded.area`,
            title: sql`excluded.title`,
            citation: sql`excluded.citation`,
            requirement: sql`excluded.requirement`,
            frequency: sql`excluded.frequency`,
            evidence: sql`excluded.evidence`,
            applicability: sql`excluded.applicability`,
            position: sql`excluded.position`,
            retiredAt: sql`NULL`,
          },
        });
      await indexArticle(tx, { ...article, id: articleId, companyId: null });
      for (const rule of article.rules) {
        await upsertSearchDocument(tx, {
          kind: 'rule',
          refId: rule.id,
          companyId: null,
          area: article.area,
          // The requirement is the summary, which the snippet quotes: the title names the rule.
          title: `${rule.id}: ${rule.title}`,
          path: libraryRulePath(rule.id),
          citationTerms: citationIndexText([rule.citation]),
          summary: rule.requirement,
          body: `${rule.evidence} ${article.title}`,
        });
      }
    }

    const ruleIds = content.flatMap((article) => article.rules.map((rule) => rule.id));
    const retired = await tx
      .update(libraryRules)
      .set({ retiredAt: new Date() })
      .where(and(notInArray(libraryRules.id, ruleIds), isNull(libraryRules.retiredAt)))
      .returning({ id: libraryRules.id });
    if (retired.length > 0) {
      await tx.delete(searchDocuments).where(
        and(
          eq(searchDocuments.kind, 'rule'),
          inArray(
            searchDocuments.refId,
            retired.map((rule) => rule.id),
          ),
        ),
      );
    }
    await tx
      .insert(libraryContentState)
      .values({ id: 1, contentVersion })
      .onConflictDoUpdate({
        target: libraryContentState.id,
        set: { contentVersion, loadedAt: new Date() },
      });
  });
  return { changed: true, contentVersion, articles: content.length, rules };
}

export interface SearchDocumentInput {
  kind: string;
  refId: string;
  companyId: string | null;
  area: string | null;
  title: string;
  path: string;
  citationTerms: string;
  summary: string;
  body: string;
}

/** Adds or replaces one document of the search index (any capability may call it). */
export async function upsertSearchDocument(db: Db, document: SearchDocumentInput): Promise<void> {
  await db
    .insert(searchDocuments)
    .values(document)
    .onConflictDoUpdate({
      target: [searchDocuments.kind, searchDocuments.refId],
      set: {
        companyId: document.companyId,
        area: document.area,
        title: document.title,
        path: document.path,
        citationTerms: document.citationTerms,
        summary: document.summary,
        body: document.body,
        updatedAt: new Date(),
      },
    });
}

/** An article's entry in the search index (shared or a company's own). */
export async function indexArticle(
  db: Db,
  article: {
    id: string;
    companyId: string | null;
    slug: string;
    title: string;
    area: string;
    summary: string;
    body: string;
    citations: string[];
  },
): Promise<void> {
  await upsertSearchDocument(db, {
    kind: 'article',
    refId: article.id,
    companyId: article.companyId,
    area: article.area,
    title: article.title,
    path: libraryArticlePath(article.slug),
    citationTerms: citationIndexText(article.citations),
    summary: article.summary,
    body: markdownToPlainText(article.body),
  });
}
