import {
  POLICY_IMPACT_SOURCES,
  POLICY_MATCH_DECISIONS,
  POLICY_MATCH_METHODS,
  POLICY_VERSION_STATUSES,
  type PolicyImpactSource,
  type PolicyMatchDecision,
  type PolicyMatchMethod,
  type PolicyVersionStatus,
} from '@complivue/shared/policies';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';
import { libraryRules } from './library.ts';

/**
 * A written policy or procedure of the institution. What it says lives in its versions; the
 * policy is what stays the same across them (number, title, owner).
 */
export const policies = pgTable(
  'policies',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Per company, what people quote ("POL-3"). */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    /** Who answers for the policy; unassigned until a person names one. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('policies_number_idx').on(table.companyId, table.number)],
);

/**
 * One version of a policy: the original file (through FileStorage), the text extracted from it,
 * and where it is in its approval. An approved version is never edited: a change is a new
 * version, and approving it supersedes the one before.
 */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: uuidPrimaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<PolicyVersionStatus>().notNull().default('draft'),
    note: text('note').notNull().default(''),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    text: text('text').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    submittedByName: text('submitted_by_name'),
    submittedAt: timestamptz('submitted_at'),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamptz('approved_at'),
    /** Set by the approver: when the policy must be reviewed again. */
    nextReviewDate: date('next_review_date', { mode: 'string' }),
    /** The reviewer's note when a version in review goes back to draft. */
    returnNote: text('return_note'),
  },
  (table) => [
    uniqueIndex('policy_versions_number_idx').on(table.policyId, table.version),
    index('policy_versions_company_status_idx').on(table.companyId, table.status),
    check('policy_versions_status_check', inList(table.status, POLICY_VERSION_STATUSES)),
    check(
      'policy_versions_approved_check',
      sql`${table.status} <> 'approved' OR ${table.approvedAt} IS NOT NULL`,
    ),
  ],
);

/**
 * A section of a version, split at its headings. `text_hash` (SHA-256 of the heading and the
 * normalised text) is how a section is recognised unchanged in the next version, so that the
 * decisions on its matches carry over.
 */
export const policySections = pgTable(
  'policy_sections',
  {
    id: uuidPrimaryKey(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => policyVersions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    level: integer('level').notNull(),
    heading: text('heading').notNull(),
    anchor: text('anchor').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    /** The CFR citations found in the section, as written there ("§ 1026.19(e)"). */
    citations: text('citations').array().notNull(),
  },
  (table) => [
    uniqueIndex('policy_sections_position_idx').on(table.versionId, table.position),
    index('policy_sections_company_idx').on(table.companyId),
  ],
);

/**
 * A library rule a section covers: suggested by its citations or its words, or linked by hand,
 * and confirmed or rejected by a person. Only confirmed matches of approved versions count as
 * coverage.
 */
export const policySectionMatches = pgTable(
  'policy_section_matches',
  {
    id: uuidPrimaryKey(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => policySections.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id')
      .notNull()
      .references(() => libraryRules.id, { onDelete: 'cascade' }),
    method: text('method').$type<PolicyMatchMethod>().notNull(),
    /** The citation in the section that names the rule's CFR section, when one does. */
    citedAs: text('cited_as'),
    /** Share of the rule's weighted key words that the section also uses (0–1). */
    textScore: real('text_score').notNull().default(0),
    matchedWords: text('matched_words').array().notNull(),
    decision: text('decision').$type<PolicyMatchDecision>().notNull().default('suggested'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamptz('decided_at'),
    /** True when the decision was made on an identical section of an earlier version. */
    carriedOver: boolean('carried_over').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('policy_section_matches_rule_idx').on(table.sectionId, table.ruleId),
    // Coverage and the change impact read confirmed matches by rule.
    index('policy_section_matches_company_rule_idx').on(table.companyId, table.ruleId),
    check('policy_section_matches_method_check', inList(table.method, POLICY_MATCH_METHODS)),
    check('policy_section_matches_decision_check', inList(table.decision, POLICY_MATCH_DECISIONS)),
    check(
      'policy_section_matches_decided_check',
      sql`(${table.decision} = 'suggested') = (${table.decidedAt} IS NULL)`,
    ),
  ],
);

/** Every event of a policy: uploads, submissions, approvals, decisions (exam evidence). */
export const policyHistory = pgTable(
  'policy_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    event: text('event').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('policy_history_policy_idx').on(table.policyId, table.createdAt)],
);

/**
 * An administrator's request that every member acknowledge an approved version. Who must
 * acknowledge is not stored: it is every active member of the institution, whenever asked, so a
 * member who joins later is asked too.
 */
export const policyAttestations = pgTable(
  'policy_attestations',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => policyVersions.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    /** Set by the administrator, or none: when to acknowledge by is their judgement. */
    dueDate: date('due_date', { mode: 'string' }),
    note: text('note').notNull().default(''),
    lastRemindedAt: timestamptz('last_reminded_at'),
  },
  (table) => [
    uniqueIndex('policy_attestations_version_idx').on(table.versionId),
    index('policy_attestations_company_idx').on(table.companyId),
  ],
);

/** A member's acknowledgement of the exact version an attestation asks about. */
export const policyAcknowledgements = pgTable(
  'policy_acknowledgements',
  {
    attestationId: uuid('attestation_id')
      .notNull()
      .references(() => policyAttestations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    acknowledgedAt: timestamptz('acknowledged_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.attestationId, table.userId] }),
    index('policy_acknowledgements_user_idx').on(table.userId),
  ],
);

/**
 * A person's review of an approved version against a regulatory update or a change that cites a
 * CFR section the version covers. The impacts themselves are computed when read
 * (policy-impacts.queries.ts); only the review, a judgement, is stored.
 */
export const policyImpactReviews = pgTable(
  'policy_impact_reviews',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => policyVersions.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind').$type<PolicyImpactSource>().notNull(),
    /** The feed item's or the change's id. */
    sourceId: uuid('source_id').notNull(),
    note: text('note').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name').notNull(),
    reviewedAt: timestamptz('reviewed_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('policy_impact_reviews_source_idx').on(
      table.versionId,
      table.sourceKind,
      table.sourceId,
    ),
    index('policy_impact_reviews_company_idx').on(table.companyId),
    check('policy_impact_reviews_source_check', inList(table.sourceKind, POLICY_IMPACT_SOURCES)),
  ],
);
