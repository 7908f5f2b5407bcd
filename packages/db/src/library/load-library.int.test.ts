import { LIBRARY_ARTICLE_COUNT, LIBRARY_RULE_COUNT } from '@complivue/shared/library';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.ts';
import { companies } from '../schema/companies.ts';
import {
  libraryArticles,
  libraryArticleVersions,
  libraryRules,
  ruleAssessments,
  searchDocuments,
} from '../schema/library.ts';
import { LIBRARY_CONTENT_DIR } from './library-content.ts';
import { loadLibraryContent } from './load-library.ts';

describe('loading the library content', () => {
  let testDatabase: TestDatabase;
  let contentCopy: string;
  beforeAll(async () => {
    testDatabase = await openTestDatabase(inject('databaseTemplate'));
    contentCopy = await mkdtemp(join(tmpdir(), 'library-content-'));
    await cp(LIBRARY_CONTENT_DIR, contentCopy, { recursive: true });
  });
  afterAll(async () => {
    await testDatabase.dispose();
    await rm(contentCopy, { recursive: true, force: true });
  });

  it('is loaded with every migrated database, with its search index', async () => {
    const { db } = testDatabase.database;
    const [articles] = await db
      .select({ total: count() })
      .from(libraryArticles)
      .where(isNull(libraryArticles.companyId));
    const [rules] = await db.select({ total: count() }).from(libraryRules);
    expect(articles?.total).toBe(LIBRARY_ARTICLE_COUNT);
    expect(rules?.total).toBe(LIBRARY_RULE_COUNT);
    const [untitled] = await db
      .select({ total: count() })
      .from(libraryRules)
      .where(eq(libraryRules.title, ''));
    expect(untitled?.total).toBe(0);
    const [documents] = await db.select({ total: count() }).from(searchDocuments);
    expect(documents?.total).toBe(LIBRARY_ARTICLE_COUNT + LIBRARY_RULE_COUNT);
    expect((await loadLibraryContent(db)).changed).toBe(false);
  });

  it('updates changed text as a new version without touching assessments', async () => {
    const { db } = testDatabase.database;
    const [company] = await db.insert(companies).values({ name: 'First CU' }).returning();
    await db.insert(ruleAssessments).values({
      companyId: company!.id,
      ruleId: 'TRID-LE-001',
      status: 'compliant',
    });
    const file = join(contentCopy, 'trid', 'trid-loan-estimate-timing.md');
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace('## Overview', '## Overview\n\nReviewed again.\n'));

    const result = await loadLibraryContent(db, contentCopy);
    expect(result).toMatchObject({ changed: true, articles: LIBRARY_ARTICLE_COUNT });
    const [article] = await db
      .select()
      .from(libraryArticles)
      .where(eq(libraryArticles.slug, 'trid-loan-estimate-timing'));
    expect(article?.body).toContain('Reviewed again.');
    expect(article?.version).toBe(2);
    const versions = await db
      .select()
      .from(libraryArticleVersions)
      .where(eq(libraryArticleVersions.articleId, article!.id));
    expect(versions.map((version) => version.version).sort()).toEqual([1, 2]);
    const [assessment] = await db
      .select()
      .from(ruleAssessments)
      .where(eq(ruleAssessments.companyId, company!.id));
    expect(assessment?.status).toBe('compliant');
    expect((await loadLibraryContent(db, contentCopy)).changed).toBe(false);
  });
});
