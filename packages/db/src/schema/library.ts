import { ASSESSMENT_STATUSES, type AssessmentStatus } from '@complivue/shared/compliance-score';
import {
  RULE_FREQUENCIES,
  type Applicability,
  type RuleFrequency,
} from '@complivue/shared/library';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const ARTICLE_STATUSES = ['draft', 'published'] as const;

/**
 * Library articles: the shared library (company_id null, loaded from
 * packages/db/content/library, edited only by super admins) and each company's own articles
 * (procedures), visible only inside that company.
 */
export const libraryArticles = pgTable(
  'library_articles',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    area: text('area').$type<RegulationArea>().notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    citations: text('citations').array().notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    lastReviewed: date('last_reviewed', { mode: 'string' }).notNull(),
    applicability: jsonb('applicability').$type<Applicability>().notNull(),
    /** The published version's number (library_article_versions). */
    version: integer('version').notNull().default(1),
    status: text('status')
      .$type<(typeof ARTICLE_STATUSES)[number]>()
      .notNull()
      .default('published'),
    /** For shared articles: the SHA-256 of the content file last loaded. */
    sourceHash: text('source_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('library_articles_shared_slug_idx')
      .on(table.slug)
      .where(sql`${table.companyId} IS NULL`),
    uniqueIndex('library_articles_company_slug_idx')
      .on(table.companyId, table.slug)
      .where(sql`${table.companyId} IS NOT NULL`),
    index('library_articles_area_idx').on(table.area),
    check('library_articles_area_check', inList(table.area, REGULATION_AREAS)),
    check('library_articles_status_check', inList(table.status, ARTICLE_STATUSES)),
  ],
);

/** Every saved version of an article, for the enhancer's history and diffs. */
export const libraryArticleVersions = pgTable(
  'library_article_versions',
  {
    id: uuidPrimaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => libraryArticles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    citations: text('citations').array().notNull(),
    lastReviewed: date('last_reviewed', { mode: 'string' }).notNull(),
    /** 'content' for a version loaded from the repository; else the editor's note. */
    note: text('note'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    publishedAt: timestamptz('published_at'),
  },
  (table) => [uniqueIndex('library_article_versions_idx').on(table.articleId, table.version)],
);

/** Rules of the shared library, by their stable ids (`TRID-LE-001`). */
export const libraryRules = pgTable(
  'library_rules',
  {
    id: text('id').primaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => libraryArticles.id, { onDelete: 'cascade' }),
    area: text('area').$type<RegulationArea>().notNull(),
    /** A short name from the content (the rule page's heading). */
    title: text('title').notNull(),
    citation: text('citation').notNull(),
    requirement: text('requirement').notNull(),
    frequency: text('frequency').$type<RuleFrequency>().notNull(),
    evidence: text('evidence').notNull(),
    /** Only when narrower than the article's. */
    applicability: jsonb('applicability').$type<Applicability>(),
    position: integer('position').notNull(),
    /** Set when a rule leaves the content: its assessments stay, it stops counting. */
    retiredAt: timestamptz('retired_at'),
  },
  (table) => [
    index('library_rules_article_idx').on(table.articleId, table.position),
    index('library_rules_area_idx').on(table.area),
    check('library_rules_frequency_check', inList(table.frequency, RULE_FREQUENCIES)),
  ],
);

/** Which version of the content files is loaded (one row). */
export const libraryContentState = pgTable('library_content_state', {
  id: integer('id').primaryKey(),
  contentVersion: text('content_version').notNull(),
  loadedAt: timestamptz('loaded_at').notNull().defaultNow(),
});

export const libraryBookmarks = pgTable(
  'library_bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => libraryArticles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.articleId] })],
);

/** A company's status for one rule, with its owner, notes and next review. */
export const ruleAssessments = pgTable(
  'rule_assessments',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id')
      .notNull()
      .references(() => libraryRules.id, { onDelete: 'cascade' }),
    status: text('status').$type<AssessmentStatus>().notNull().default('not_assessed'),
    notApplicableReason: text('not_applicable_reason'),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    nextReviewDate: date('next_review_date', { mode: 'string' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('rule_assessments_company_rule_idx').on(table.companyId, table.ruleId),
    check('rule_assessments_status_check', inList(table.status, ASSESSMENT_STATUSES)),
    check(
      'rule_assessments_reason_check',
      sql`${table.status} <> 'not_applicable' OR length(coalesce(${table.notApplicableReason}, '')) > 0`,
    ),
  ],
);

/** Every change of an assessment: who changed what, when (exam evidence). */
export const ruleAssessmentHistory = pgTable(
  'rule_assessment_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => ruleAssessments.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('rule_assessment_history_idx').on(table.assessmentId, table.createdAt)],
);

export const EVIDENCE_KINDS = ['link', 'file'] as const;

export const assessmentEvidence = pgTable(
  'assessment_evidence',
  {
    id: uuidPrimaryKey(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => ruleAssessments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof EVIDENCE_KINDS)[number]>().notNull(),
    label: text('label').notNull(),
    url: text('url'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    storageKey: text('storage_key'),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('assessment_evidence_assessment_idx').on(table.assessmentId),
    check('assessment_evidence_kind_check', inList(table.kind, EVIDENCE_KINDS)),
  ],
);

/**
 * The search index: one row per searchable document (library articles and rules now; later
 * capabilities add theirs). company_id null: visible to everyone; else only inside the company.
 * Weights: title A, citations B, summary C, body D.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    refId: text('ref_id').notNull(),
    area: text('area'),
    title: text('title').notNull(),
    /** The app path of the document. */
    path: text('path').notNull(),
    /** Citation tokens (`cfr1026s19pe`) and regulation names, matched with the simple config. */
    citationTerms: text('citation_terms').notNull().default(''),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('simple', citation_terms), 'B') || setweight(to_tsvector('english', summary), 'C') || setweight(to_tsvector('english', body), 'D')`,
      ),
    /**
     * Title, citations and summary only: small, so ranking thousands of matches by it is cheap
     * (search.ts ranks documents that match there first, body-only matches after them).
     */
    tsvHead: tsvector('tsv_head')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('simple', citation_terms), 'B') || setweight(to_tsvector('english', summary), 'C')`,
      ),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('search_documents_ref_idx').on(table.kind, table.refId),
    index('search_documents_tsv_idx').using('gin', table.tsv),
    index('search_documents_company_idx').on(table.companyId),
  ],
);
