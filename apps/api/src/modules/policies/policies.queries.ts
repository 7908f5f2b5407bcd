import { queryRows, type Db } from '@complivue/db/database';
import { libraryArticles, libraryRules } from '@complivue/db/schema/library';
import {
  policies,
  policyAcknowledgements,
  policyAttestations,
  policyHistory,
  policySectionMatches,
  policySections,
  policyVersions,
} from '@complivue/db/schema/policies';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  POLICY_MESSAGES,
  type PolicyAttestation,
  type PolicyComparison,
  type PolicyDetail,
  type PolicyMatch,
  type PolicySummary,
  type PolicyVersionDetail,
  type PolicyVersionSummary,
} from '@complivue/shared/schemas/policies';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { findActiveMembers, memberName } from '../companies/members.ts';
import { visibleArticles } from '../library/library.queries.ts';
import { compareSections, type ComparedSection } from './policy-compare.ts';
import { findPolicyImpacts } from './policy-impacts.queries.ts';
import type { RuleForMatching } from './policy-matching.ts';

export type PolicyRow = typeof policies.$inferSelect;

/** Rows by a key, in their order (Map.groupBy is ES2024, past the project's library target). */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
export type PolicyVersionRow = typeof policyVersions.$inferSelect;

/** Who reads the policies: a member of one institution, on their own day. */
export interface PolicyViewer {
  companyId: string;
  actorUserId: string;
  /** YYYY-MM-DD in the viewer's time zone: what an overdue review is measured against. */
  today: string;
}

/** One policy of the company (locked for update when asked), or 404. */
export async function getPolicy(
  db: Db,
  companyId: string,
  policyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PolicyRow> {
  const query = db
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.companyId, companyId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', POLICY_MESSAGES.not_found);
  return row;
}

/** One version of one of the company's policies, or 404. */
export async function getPolicyVersion(
  db: Db,
  options: { companyId: string; policyId: string; version: number; forUpdate?: boolean },
): Promise<PolicyVersionRow> {
  const query = db
    .select()
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, options.policyId),
        eq(policyVersions.companyId, options.companyId),
        eq(policyVersions.version, options.version),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', POLICY_MESSAGES.version_not_found);
  return row;
}

/** The newest version of a policy (the one new sections are compared with), if any. */
export async function findLatestVersion(
  db: Db,
  policyId: string,
): Promise<PolicyVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.version))
    .limit(1);
  return row;
}

/**
 * The rules a section can be matched to: those in force of the library the company sees, with
 * the stemmed words of their title and requirement (PostgreSQL's English configuration).
 */
export async function findRulesForMatching(db: Db, companyId: string): Promise<RuleForMatching[]> {
  return db
    .select({
      id: libraryRules.id,
      citation: libraryRules.citation,
      lexemes: sql<
        string[]
      >`tsvector_to_array(to_tsvector('english', ${libraryRules.title} || ' ' || ${libraryRules.requirement}))`,
    })
    .from(libraryRules)
    .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
    .where(and(visibleArticles(companyId), isNull(libraryRules.retiredAt)))
    .orderBy(asc(libraryRules.id));
}

/** A rule of the library the company sees and in force, or null. */
export async function findVisibleRule(db: Db, companyId: string, ruleId: string) {
  const [rule] = await db
    .select({ id: libraryRules.id })
    .from(libraryRules)
    .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
    .where(
      and(eq(libraryRules.id, ruleId), visibleArticles(companyId), isNull(libraryRules.retiredAt)),
    );
  return rule ?? null;
}

/**
 * The stemmed words of each text, in order, by the same English configuration as the rules'.
 * The texts travel as one JSON array: one round trip, and no array parameter (which the two
 * drivers encode differently).
 */
export async function lexemesOf(db: Db, texts: readonly string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const rows = await queryRows<{ position: number; lexemes: string[] }>(
    db,
    sql`
    SELECT s.position::int AS position,
           tsvector_to_array(to_tsvector('english', s.text)) AS lexemes
      FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb)
           WITH ORDINALITY AS s(text, position)
     ORDER BY s.position`,
  );
  return rows.map((row) => row.lexemes);
}

const versionSummaryColumns = {
  id: policyVersions.id,
  policyId: policyVersions.policyId,
  version: policyVersions.version,
  status: policyVersions.status,
  note: policyVersions.note,
  fileName: policyVersions.fileName,
  contentType: policyVersions.contentType,
  sizeBytes: policyVersions.sizeBytes,
  createdByName: policyVersions.createdByName,
  createdAt: policyVersions.createdAt,
  submittedByName: policyVersions.submittedByName,
  submittedAt: policyVersions.submittedAt,
  approvedByName: policyVersions.approvedByName,
  approvedAt: policyVersions.approvedAt,
  nextReviewDate: policyVersions.nextReviewDate,
  returnNote: policyVersions.returnNote,
  // Qualified by hand: in a select of one table Drizzle writes its columns unqualified, which
  // inside this subquery would name policy_sections' own columns.
  sectionCount: sql<number>`(SELECT count(*)::int FROM ${policySections} WHERE ${policySections}.version_id = ${policyVersions}.id)`,
};

type VersionSummaryRow = PolicyVersionSummary & { policyId: string };

function versionSummary(row: {
  [K in keyof typeof versionSummaryColumns]: unknown;
}): VersionSummaryRow {
  const typed = row as unknown as Omit<
    VersionSummaryRow,
    'createdAt' | 'submittedAt' | 'approvedAt'
  > & {
    createdAt: Date;
    submittedAt: Date | null;
    approvedAt: Date | null;
  };
  return {
    ...typed,
    sectionCount: Number(typed.sectionCount),
    createdAt: typed.createdAt.toISOString(),
    submittedAt: typed.submittedAt?.toISOString() ?? null,
    approvedAt: typed.approvedAt?.toISOString() ?? null,
  };
}

async function findVersionSummaries(
  db: Db,
  companyId: string,
  policyIds: readonly string[],
): Promise<VersionSummaryRow[]> {
  if (policyIds.length === 0) return [];
  const rows = await db
    .select(versionSummaryColumns)
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.companyId, companyId),
        inArray(policyVersions.policyId, [...policyIds]),
      ),
    )
    .orderBy(desc(policyVersions.version));
  return rows.map(versionSummary);
}

/** Per version: rules confirmed as covered, and suggestions nobody has decided. */
async function matchCounts(db: Db, versionIds: readonly string[]) {
  if (versionIds.length === 0) return new Map<string, { covered: number; undecided: number }>();
  const rows = await db
    .select({
      versionId: policySections.versionId,
      covered: sql<number>`count(DISTINCT ${policySectionMatches.ruleId}) FILTER (WHERE ${policySectionMatches.decision} = 'confirmed')::int`,
      undecided: sql<number>`count(*) FILTER (WHERE ${policySectionMatches.decision} = 'suggested')::int`,
    })
    .from(policySectionMatches)
    .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
    .where(inArray(policySections.versionId, [...versionIds]))
    .groupBy(policySections.versionId);
  return new Map(
    rows.map((row) => [
      row.versionId,
      { covered: Number(row.covered), undecided: Number(row.undecided) },
    ]),
  );
}

type PolicyListRow = PolicyRow & { ownerName: string | null };

function summarise(
  policy: PolicyListRow,
  versions: readonly VersionSummaryRow[],
  counts: Map<string, { covered: number; undecided: number }>,
  viewer: {
    today: string;
    dueVersionIds: ReadonlySet<string>;
    impactsToReview: ReadonlyMap<string, number>;
  },
): PolicySummary {
  const today = viewer.today;
  // Versions come newest first.
  const latest = versions[0]!;
  const approved = versions.find((version) => version.status === 'approved') ?? null;
  const nextReviewDate = approved?.nextReviewDate ?? null;
  return {
    id: policy.id,
    number: policy.number,
    title: policy.title,
    ownerId: policy.ownerId,
    ownerName: policy.ownerName,
    latest: { version: latest.version, status: latest.status, createdAt: latest.createdAt },
    approved: approved
      ? {
          version: approved.version,
          approvedAt: approved.approvedAt!,
          approvedByName: approved.approvedByName,
          nextReviewDate,
        }
      : null,
    reviewOverdue: nextReviewDate !== null && nextReviewDate < today,
    coveredRules: approved ? (counts.get(approved.id)?.covered ?? 0) : 0,
    undecidedMatches: counts.get(latest.id)?.undecided ?? 0,
    acknowledgementDue: approved !== null && viewer.dueVersionIds.has(approved.id),
    impactsToReview: viewer.impactsToReview.get(policy.id) ?? 0,
    updatedAt: policy.updatedAt.toISOString(),
  };
}

const policyListColumns = {
  policy: policies,
  ownerName: sql<string | null>`${memberName}`,
};

async function policiesWithVersions(db: Db, viewer: PolicyViewer, policyIds?: string[]) {
  const rows = await db
    .select(policyListColumns)
    .from(policies)
    .leftJoin(userProfiles, eq(userProfiles.userId, policies.ownerId))
    .where(
      and(
        eq(policies.companyId, viewer.companyId),
        policyIds ? inArray(policies.id, policyIds) : undefined,
      ),
    )
    .orderBy(asc(policies.number));
  const versions = await findVersionSummaries(
    db,
    viewer.companyId,
    rows.map((row) => row.policy.id),
  );
  const byPolicy = groupBy(versions, (version) => version.policyId);
  const counts = await matchCounts(
    db,
    versions.map((version) => version.id),
  );
  const dueVersionIds = await versionsToAcknowledge(db, viewer);
  const impactsToReview = new Map<string, number>();
  // One policy's detail reads that policy's impacts only.
  const impactQuery = policyIds?.length === 1 ? { policy: policyIds[0] } : {};
  for (const impact of await findPolicyImpacts(db, viewer.companyId, impactQuery)) {
    if (impact.review) continue;
    impactsToReview.set(impact.policy.id, (impactsToReview.get(impact.policy.id) ?? 0) + 1);
  }
  return rows
    .filter((row) => byPolicy.has(row.policy.id))
    .map((row) => ({
      row,
      versions: byPolicy.get(row.policy.id)!,
      summary: summarise(
        { ...row.policy, ownerName: row.ownerName },
        byPolicy.get(row.policy.id)!,
        counts,
        { today: viewer.today, dueVersionIds, impactsToReview },
      ),
    }));
}

/**
 * The company's policies: overdue reviews and reviews called for by a regulatory change first,
 * then those awaiting a decision (in review, or
 * with suggestions nobody decided), then by number.
 */
export async function findPolicies(db: Db, viewer: PolicyViewer): Promise<PolicySummary[]> {
  const summaries = (await policiesWithVersions(db, viewer)).map((entry) => entry.summary);
  const rank = (policy: PolicySummary) =>
    policy.reviewOverdue || policy.impactsToReview > 0
      ? 0
      : policy.latest.status === 'in_review' || !policy.approved
        ? 1
        : policy.undecidedMatches > 0
          ? 2
          : 3;
  return summaries.sort((a, b) => rank(a) - rank(b) || a.number - b.number);
}

export async function getPolicyDetail(
  db: Db,
  viewer: PolicyViewer,
  policyId: string,
): Promise<PolicyDetail> {
  const [entry] = await policiesWithVersions(db, viewer, [policyId]);
  if (!entry) throw new AppError('not_found', POLICY_MESSAGES.not_found);
  const policy = entry.row.policy;
  const history = await db
    .select()
    .from(policyHistory)
    .where(eq(policyHistory.policyId, policyId))
    .orderBy(desc(policyHistory.createdAt), desc(policyHistory.id));
  const approved = entry.versions.find((version) => version.status === 'approved');
  return {
    ...entry.summary,
    attestation: await attestationDetail(db, viewer, approved),
    createdByName: policy.createdByName,
    createdAt: policy.createdAt.toISOString(),
    versions: entry.versions.map(({ policyId: _policyId, ...version }) => version),
    history: history.map((row) => ({
      id: String(row.id),
      at: row.createdAt.toISOString(),
      byName: row.changedByName,
      event: row.event,
      changes: row.changes,
    })),
  };
}

/** The versions the viewer is asked to acknowledge and has not (attestations of approved ones). */
async function versionsToAcknowledge(db: Db, viewer: PolicyViewer): Promise<Set<string>> {
  const rows = await db
    .select({ versionId: policyAttestations.versionId })
    .from(policyAttestations)
    .innerJoin(policyVersions, eq(policyVersions.id, policyAttestations.versionId))
    .leftJoin(
      policyAcknowledgements,
      and(
        eq(policyAcknowledgements.attestationId, policyAttestations.id),
        eq(policyAcknowledgements.userId, viewer.actorUserId),
      ),
    )
    .where(
      and(
        eq(policyAttestations.companyId, viewer.companyId),
        eq(policyVersions.status, 'approved'),
        isNull(policyAcknowledgements.userId),
      ),
    );
  return new Set(rows.map((row) => row.versionId));
}

/** The attestation of a version, if one was requested (locked for update when asked). */
export async function findAttestation(
  db: Db,
  versionId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(policyAttestations)
    .where(eq(policyAttestations.versionId, versionId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Who has acknowledged the attestation of the version in force, among the active members. */
async function attestationDetail(
  db: Db,
  viewer: PolicyViewer,
  approved: { id: string; version: number } | undefined,
): Promise<PolicyAttestation | null> {
  if (!approved) return null;
  const attestation = await findAttestation(db, approved.id);
  if (!attestation) return null;
  const acknowledgements = await db
    .select()
    .from(policyAcknowledgements)
    .where(eq(policyAcknowledgements.attestationId, attestation.id));
  const when = new Map(acknowledgements.map((row) => [row.userId, row.acknowledgedAt]));
  const members = (await findActiveMembers(db, viewer.companyId)).map((member) => ({
    userId: member.userId,
    name: member.name,
    acknowledgedAt: when.get(member.userId)?.toISOString() ?? null,
  }));
  return {
    version: approved.version,
    requestedByName: attestation.requestedByName,
    requestedAt: attestation.requestedAt.toISOString(),
    dueDate: attestation.dueDate,
    overdue: attestation.dueDate !== null && attestation.dueDate < viewer.today,
    note: attestation.note,
    lastRemindedAt: attestation.lastRemindedAt?.toISOString() ?? null,
    // Those who have not acknowledged first, so the list reads as what remains to do.
    members: members.sort(
      (a, b) => Number(a.acknowledgedAt !== null) - Number(b.acknowledgedAt !== null),
    ),
    acknowledged: members.filter((member) => member.acknowledgedAt !== null).length,
    mine: when.get(viewer.actorUserId)?.toISOString() ?? null,
  };
}

const DECISION_ORDER = sql`CASE ${policySectionMatches.decision} WHEN 'suggested' THEN 0 WHEN 'confirmed' THEN 1 ELSE 2 END`;

/** A version with its sections, each with its matches: undecided first, then the strongest. */
export async function getPolicyVersionDetail(
  db: Db,
  viewer: PolicyViewer,
  options: { policyId: string; version: number },
): Promise<PolicyVersionDetail> {
  const [version] = (
    await db
      .select(versionSummaryColumns)
      .from(policyVersions)
      .where(
        and(
          eq(policyVersions.policyId, options.policyId),
          eq(policyVersions.companyId, viewer.companyId),
          eq(policyVersions.version, options.version),
        ),
      )
  ).map(versionSummary);
  if (!version) throw new AppError('not_found', POLICY_MESSAGES.version_not_found);
  const sections = await db
    .select()
    .from(policySections)
    .where(eq(policySections.versionId, version.id))
    .orderBy(asc(policySections.position));
  const matches = await db
    .select({
      match: policySectionMatches,
      rule: {
        id: libraryRules.id,
        title: libraryRules.title,
        citation: libraryRules.citation,
        area: libraryRules.area,
        retiredAt: libraryRules.retiredAt,
      },
    })
    .from(policySectionMatches)
    .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
    .innerJoin(libraryRules, eq(libraryRules.id, policySectionMatches.ruleId))
    .where(eq(policySections.versionId, version.id))
    .orderBy(
      DECISION_ORDER,
      sql`${policySectionMatches.method} <> 'citation'`,
      desc(policySectionMatches.textScore),
      asc(libraryRules.id),
    );
  const bySection = groupBy(matches, (row) => row.match.sectionId);
  return {
    ...version,
    sections: sections.map((section) => ({
      id: section.id,
      position: section.position,
      level: section.level,
      heading: section.heading,
      anchor: section.anchor,
      text: section.text,
      citations: section.citations,
      matches: (bySection.get(section.id) ?? []).map(({ match, rule }): PolicyMatch => ({
        id: match.id,
        rule: {
          id: rule.id,
          title: rule.title,
          citation: rule.citation,
          area: rule.area,
          retired: rule.retiredAt !== null,
        },
        method: match.method,
        citedAs: match.citedAs,
        textScore: match.textScore,
        matchedWords: match.matchedWords,
        decision: match.decision,
        decidedByName: match.decidedByName,
        decidedAt: match.decidedAt?.toISOString() ?? null,
        carriedOver: match.carriedOver,
      })),
    })),
  };
}

/** A version's sections in order, each with the rules confirmed on it and its undecided count. */
async function findSectionsToCompare(db: Db, versionId: string): Promise<ComparedSection[]> {
  const sections = await db
    .select({
      id: policySections.id,
      position: policySections.position,
      level: policySections.level,
      heading: policySections.heading,
      text: policySections.text,
      textHash: policySections.textHash,
    })
    .from(policySections)
    .where(eq(policySections.versionId, versionId))
    .orderBy(asc(policySections.position));
  const matches = await db
    .select({
      sectionId: policySectionMatches.sectionId,
      decision: policySectionMatches.decision,
      rule: {
        id: libraryRules.id,
        title: libraryRules.title,
        citation: libraryRules.citation,
        retiredAt: libraryRules.retiredAt,
      },
    })
    .from(policySectionMatches)
    .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
    .innerJoin(libraryRules, eq(libraryRules.id, policySectionMatches.ruleId))
    .where(
      and(
        eq(policySections.versionId, versionId),
        inArray(policySectionMatches.decision, ['confirmed', 'suggested']),
      ),
    )
    .orderBy(asc(libraryRules.id));
  const bySection = groupBy(matches, (row) => row.sectionId);
  return sections.map(({ id, ...section }) => {
    const rows = bySection.get(id) ?? [];
    return {
      ...section,
      confirmedRules: rows
        .filter((row) => row.decision === 'confirmed')
        .map(({ rule }) => ({
          id: rule.id,
          title: rule.title,
          citation: rule.citation,
          retired: rule.retiredAt !== null,
        })),
      undecided: rows.filter((row) => row.decision === 'suggested').length,
    };
  });
}

/**
 * Two versions of one of the company's policies compared section by section (`to` against
 * `from`), or 404 for a policy or a version that is not there.
 */
export async function getPolicyComparison(
  db: Db,
  viewer: PolicyViewer,
  options: { policyId: string; from: number; to: number },
): Promise<PolicyComparison> {
  await getPolicy(db, viewer.companyId, options.policyId);
  const versionOf = (version: number) =>
    getPolicyVersion(db, { companyId: viewer.companyId, policyId: options.policyId, version });
  const [from, to] = await Promise.all([versionOf(options.from), versionOf(options.to)]);
  const summaries = new Map(
    (
      await db
        .select(versionSummaryColumns)
        .from(policyVersions)
        .where(inArray(policyVersions.id, [from.id, to.id]))
    )
      .map(versionSummary)
      .map(({ policyId: _policyId, ...summary }) => [summary.id, summary]),
  );
  const [fromSections, toSections] = await Promise.all([
    findSectionsToCompare(db, from.id),
    findSectionsToCompare(db, to.id),
  ]);
  return {
    policyId: options.policyId,
    from: summaries.get(from.id)!,
    to: summaries.get(to.id)!,
    ...compareSections(fromSections, toSections),
  };
}

/** One match of one of the company's policies, with its version's status, or 404. */
export async function getPolicyMatch(
  db: Db,
  options: { companyId: string; policyId: string; matchId: string },
) {
  const [row] = await db
    .select({
      match: policySectionMatches,
      versionStatus: policyVersions.status,
      version: policyVersions.version,
      heading: policySections.heading,
    })
    .from(policySectionMatches)
    .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
    .innerJoin(policyVersions, eq(policyVersions.id, policySections.versionId))
    .where(
      and(
        eq(policySectionMatches.id, options.matchId),
        eq(policySectionMatches.companyId, options.companyId),
        eq(policyVersions.policyId, options.policyId),
      ),
    );
  if (!row) throw new AppError('not_found', POLICY_MESSAGES.match_not_found);
  return row;
}
