import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { searchDocuments } from '@complivue/db/schema/library';
import {
  policies,
  policyHistory,
  policySectionMatches,
  policySections,
  policyVersions,
} from '@complivue/db/schema/policies';
import { citationIndexText, citationsInText } from '@complivue/shared/citation-search';
import {
  POLICY_FILE_TYPES,
  policyNumberLabel,
  policySectionPath,
  type PolicyFileKind,
} from '@complivue/shared/policies';
import {
  POLICY_MESSAGES,
  type approvePolicyRequestSchema,
  type updatePolicyRequestSchema,
} from '@complivue/shared/schemas/policies';
import type { SearchKind } from '@complivue/shared/schemas/search';
import { and, asc, desc, eq, inArray, like, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { auditValues, recordAudit } from '../../lib/audit.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { DatedActor } from '../auth/actor.ts';
import { activeMemberNames, findActiveMembers, previousHolderName } from '../companies/members.ts';
import { askToAcknowledge, carryAttestationForward } from './policy-attestations.service.ts';
import {
  findLatestVersion,
  findRulesForMatching,
  findVisibleRule,
  getPolicy,
  getPolicyMatch,
  getPolicyVersion,
  lexemesOf,
} from './policies.queries.ts';
import { lexemeWeights, suggestMatches, type SuggestedMatch } from './policy-matching.ts';
import { sectionTextHash, splitIntoSections, type PolicySection } from './policy-sections.ts';
import { extractPolicyText } from './policy-text.ts';

export type PolicyDeps = Pick<ServiceDeps, 'db' | 'clock' | 'storage'> & {
  /** The demo workspace writes its policies without audit rows, as it does its risks. */
  skipAudit?: boolean;
  /** Tells members to acknowledge a newly approved version; the demo workspace tells nobody. */
  notify?: ServiceDeps['notify'];
};

type HistoryChanges = Record<string, { from: unknown; to: unknown }>;

/** What a version is made from: an uploaded file, or text pasted in the app (kept as Markdown). */
export type PolicySource = { file: UploadedFile } | { text: string };

const refuse = (path: string, message: string) =>
  AppError.validationFailed([{ path: `/${path}`, message }], message);

/** The history entry, the audit row and the policy marked as just updated, in one transaction. */
export async function recordPolicyActivity(
  tx: Db,
  deps: Pick<PolicyDeps, 'clock' | 'skipAudit'>,
  actor: DatedActor,
  policyId: string,
  activity: { event: string; action: string; changes: HistoryChanges },
) {
  const at = deps.clock();
  await tx.insert(policyHistory).values({
    policyId,
    changedBy: actor.actorUserId,
    changedByName: actor.name,
    event: activity.event,
    changes: activity.changes,
    createdAt: at,
  });
  await tx.update(policies).set({ updatedAt: at }).where(eq(policies.id, policyId));
  if (deps.skipAudit) return;
  await recordAudit(tx, actor, {
    action: activity.action,
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'policy',
    targetId: policyId,
    ...auditValues(activity.changes),
  });
}

async function ownerNameOf(db: Db, companyId: string, ownerId: string) {
  const name = (await activeMemberNames(db, companyId, [ownerId])).get(ownerId);
  if (!name) throw refuse('ownerId', POLICY_MESSAGES.owner_not_member);
  return name;
}

/** The file as stored and its text, read in the extraction worker; unreadable files are 422. */
async function readSource(source: PolicySource, title: string) {
  if ('text' in source) {
    const data = Buffer.from(source.text, 'utf8');
    const base = title.replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 120) || 'policy';
    return {
      data,
      fileName: `${base}.md`,
      contentType: 'text/markdown',
      extension: 'md' as const,
      text: source.text.trim(),
    };
  }
  const { file } = source;
  const kind = file.type.extension as PolicyFileKind;
  const read = await extractPolicyText(file.data, kind);
  if (!read.ok) throw new AppError('document_unreadable', POLICY_MESSAGES[read.reason]);
  return {
    data: file.data,
    fileName: file.fileName,
    contentType: file.type.contentType,
    extension: kind,
    text: read.text,
  };
}

interface PreparedSection extends PolicySection {
  textHash: string;
  citations: string[];
  suggestions: SuggestedMatch[];
}

/** The sections of a text, each with its citations and its suggested rules. */
export async function crossReference(
  db: Db,
  companyId: string,
  text: string,
): Promise<PreparedSection[]> {
  const sections = splitIntoSections(text);
  const rules = await findRulesForMatching(db, companyId);
  const weights = lexemeWeights(rules);
  // A citation is kept on the section when a rule of the library cites that part, and is
  // written with that rule's CFR title ("12 CFR 1026.19(e)"), so that it links to its text.
  const titleOfPart = new Map<string, string>();
  for (const rule of rules) {
    const title = /^(\d{1,2}) CFR/.exec(rule.citation)?.[1];
    const part = citationsInText(rule.citation)[0]?.terms[0];
    if (title && part) titleOfPart.set(part, title);
  }
  const lexemes = await lexemesOf(
    db,
    sections.map((section) => `${section.heading}\n${section.text}`),
  );
  return sections.map((section, index) => {
    const cited = citationsInText(`${section.heading}\n${section.text}`).flatMap((citation) => {
      const title = titleOfPart.get(citation.terms[0]!);
      return title
        ? [{ ...citation, citation: `${title} CFR ${citation.citation.replace(/^§ /, '')}` }]
        : [];
    });
    const suggestions = suggestMatches(
      { text: `${section.heading}\n${section.text}`, citations: cited, lexemes: lexemes[index]! },
      rules,
      weights,
    );
    return {
      ...section,
      textHash: sectionTextHash(section),
      citations: cited.map((citation) => citation.citation),
      suggestions,
    };
  });
}

type MatchRow = typeof policySectionMatches.$inferSelect;

/**
 * The decisions people made on the previous version's sections, for the sections whose text did
 * not change: by section hash, then rule.
 */
async function decisionsOfVersion(tx: Db, versionId: string) {
  const rows = await tx
    .select({ textHash: policySections.textHash, match: policySectionMatches })
    .from(policySectionMatches)
    .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
    .where(
      and(eq(policySections.versionId, versionId), ne(policySectionMatches.decision, 'suggested')),
    );
  const decisions = new Map<string, Map<string, MatchRow>>();
  for (const row of rows) {
    const forSection = decisions.get(row.textHash) ?? new Map<string, MatchRow>();
    forSection.set(row.match.ruleId, row.match);
    decisions.set(row.textHash, forSection);
  }
  return decisions;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for a 100-page policy's rows. */
const INSERT_BATCH = 500;

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await insert(rows.slice(start, start + INSERT_BATCH));
  }
}

/** Writes a version's sections and matches, carrying decisions over from `previousVersionId`. */
async function insertSections(
  tx: Db,
  options: {
    companyId: string;
    versionId: string;
    previousVersionId: string | null;
    sections: PreparedSection[];
  },
) {
  const decisions = options.previousVersionId
    ? await decisionsOfVersion(tx, options.previousVersionId)
    : new Map<string, Map<string, MatchRow>>();
  const sectionRows = options.sections.map((section, position) => ({
    id: randomUUID(),
    versionId: options.versionId,
    companyId: options.companyId,
    position,
    level: section.level,
    heading: section.heading,
    anchor: section.anchor,
    text: section.text,
    textHash: section.textHash,
    citations: section.citations,
  }));
  await insertInBatches(sectionRows, (batch) => tx.insert(policySections).values(batch));
  let carried = 0;
  const matchRows: (typeof policySectionMatches.$inferInsert)[] = [];
  for (const [position, section] of options.sections.entries()) {
    const sectionId = sectionRows[position]!.id;
    const earlier = new Map(decisions.get(section.textHash) ?? []);
    for (const suggestion of section.suggestions) {
      const decided = earlier.get(suggestion.ruleId);
      earlier.delete(suggestion.ruleId);
      if (decided) carried += 1;
      matchRows.push({
        sectionId,
        companyId: options.companyId,
        ruleId: suggestion.ruleId,
        method: suggestion.method,
        citedAs: suggestion.citedAs,
        textScore: suggestion.textScore,
        matchedWords: suggestion.matchedWords,
        ...(decided ? carriedDecision(decided) : {}),
      });
    }
    // A rule linked by hand (or suggested before and no longer) stays with its decision.
    for (const decided of earlier.values()) {
      carried += 1;
      matchRows.push({
        sectionId,
        companyId: options.companyId,
        ruleId: decided.ruleId,
        method: decided.method,
        citedAs: decided.citedAs,
        textScore: decided.textScore,
        matchedWords: decided.matchedWords,
        ...carriedDecision(decided),
      });
    }
  }
  await insertInBatches(matchRows, (batch) => tx.insert(policySectionMatches).values(batch));
  return { carried };
}

function carriedDecision(decided: MatchRow) {
  return {
    decision: decided.decision,
    decidedBy: decided.decidedBy,
    decidedByName: decided.decidedByName,
    decidedAt: decided.decidedAt,
    carriedOver: true,
  };
}

/**
 * A policy's sections in the search index. Search (`modules/search`) finds them only for
 * members of the owning company whose plan opens the policies page.
 */
export const SEARCH_KIND_POLICY_SECTION = 'policy_section' satisfies SearchKind;

/**
 * Replaces a policy's entries in the search index with the sections of the version people go
 * by: the one in force (approved), else the latest. Called in the transaction of every change
 * that moves either (a version added or approved, a rename, a deletion), as the article
 * enhancer indexes a company's article when it publishes it. Each entry's ref is
 * `<policy id>:<section id>`, so that the policy's entries are found by prefix.
 */
async function indexPolicyForSearch(tx: Db, companyId: string, policyId: string) {
  await tx
    .delete(searchDocuments)
    .where(
      and(
        eq(searchDocuments.companyId, companyId),
        eq(searchDocuments.kind, SEARCH_KIND_POLICY_SECTION),
        like(searchDocuments.refId, `${policyId}:%`),
      ),
    );
  const [current] = await tx
    .select({
      versionId: policyVersions.id,
      version: policyVersions.version,
      number: policies.number,
      title: policies.title,
    })
    .from(policyVersions)
    .innerJoin(policies, eq(policies.id, policyVersions.policyId))
    .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.companyId, companyId)))
    .orderBy(desc(sql`${policyVersions.status} = 'approved'`), desc(policyVersions.version))
    .limit(1);
  if (!current) return;
  const sections = await tx
    .select({
      id: policySections.id,
      heading: policySections.heading,
      anchor: policySections.anchor,
      text: policySections.text,
      citations: policySections.citations,
    })
    .from(policySections)
    .where(eq(policySections.versionId, current.versionId))
    .orderBy(asc(policySections.position));
  const policyName = `${policyNumberLabel(current.number)} ${current.title}`;
  await insertInBatches(
    sections.map((section) => ({
      companyId,
      kind: SEARCH_KIND_POLICY_SECTION,
      refId: `${policyId}:${section.id}`,
      area: null,
      title: `${policyName} — ${section.heading}`,
      path: policySectionPath(policyId, current.version, section.anchor),
      citationTerms: citationIndexText(section.citations),
      body: section.text,
    })),
    (batch) => tx.insert(searchDocuments).values(batch),
  );
}

function storageKeyOf(companyId: string, policyId: string, versionId: string, extension: string) {
  return `policies/${companyId}/${policyId}/${versionId}.${extension}`;
}

/**
 * Adds a version (the first one creates the policy): reads the file's text in the worker,
 * splits and cross-references it, stores the original, and writes it all in one transaction.
 * A refused or failed write leaves no file behind.
 */
async function writeVersion(
  deps: PolicyDeps,
  options: {
    actor: DatedActor;
    policyId: string | null;
    newPolicy?: { title: string; ownerId: string | null; ownerName: string | null };
    note: string;
    source: PolicySource;
  },
): Promise<{ policyId: string; version: number }> {
  const { actor } = options;
  const existing = options.policyId
    ? await getPolicy(deps.db, actor.companyId, options.policyId)
    : null;
  const title = existing?.title ?? options.newPolicy!.title;
  const read = await readSource(options.source, title);
  const sections = await crossReference(deps.db, actor.companyId, read.text);
  const policyId = existing?.id ?? randomUUID();
  const versionId = randomUUID();
  const storageKey = storageKeyOf(actor.companyId, policyId, versionId, read.extension);
  await deps.storage.put(storageKey, read.data);
  try {
    return await deps.db.transaction(async (tx) => {
      if (!existing) {
        // The numbers are per company: the company row serializes two policies added at once.
        await tx
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, actor.companyId))
          .for('update');
        const [{ next } = { next: 1 }] = await tx
          .select({ next: sql<number>`coalesce(max(${policies.number}), 0) + 1` })
          .from(policies)
          .where(eq(policies.companyId, actor.companyId));
        await tx.insert(policies).values({
          id: policyId,
          companyId: actor.companyId,
          number: Number(next),
          title,
          ownerId: options.newPolicy!.ownerId,
          createdBy: actor.actorUserId,
          createdByName: actor.name,
          createdAt: deps.clock(),
        });
      } else {
        await getPolicy(tx, actor.companyId, policyId, { forUpdate: true });
      }
      const previous = existing ? await findLatestVersion(tx, policyId) : undefined;
      const version = (previous?.version ?? 0) + 1;
      await tx.insert(policyVersions).values({
        id: versionId,
        policyId,
        companyId: actor.companyId,
        version,
        note: options.note,
        fileName: read.fileName,
        contentType: read.contentType,
        sizeBytes: read.data.length,
        storageKey,
        text: read.text,
        createdBy: actor.actorUserId,
        createdByName: actor.name,
        createdAt: deps.clock(),
      });
      const { carried } = await insertSections(tx, {
        companyId: actor.companyId,
        versionId,
        previousVersionId: previous?.id ?? null,
        sections,
      });
      await indexPolicyForSearch(tx, actor.companyId, policyId);
      const changes: HistoryChanges = {
        version: { from: previous?.version ?? null, to: version },
        fileName: { from: null, to: read.fileName },
        sections: { from: null, to: sections.length },
        suggestions: {
          from: null,
          to: sections.reduce((sum, section) => sum + section.suggestions.length, 0),
        },
      };
      if (carried > 0) changes.decisionsCarriedOver = { from: null, to: carried };
      if (options.note) changes.note = { from: null, to: options.note };
      if (!existing) {
        changes.title = { from: null, to: title };
        if (options.newPolicy!.ownerName) {
          changes.owner = { from: null, to: options.newPolicy!.ownerName };
        }
      }
      await recordPolicyActivity(tx, deps, actor, policyId, {
        event: existing ? 'version_added' : 'created',
        action: existing ? 'policy.version_added' : 'policy.created',
        changes,
      });
      return { policyId, version };
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function createPolicy(
  deps: PolicyDeps,
  options: {
    actor: DatedActor;
    title: string;
    ownerId: string | null;
    note: string;
    source: PolicySource;
  },
) {
  const ownerName = options.ownerId
    ? await ownerNameOf(deps.db, options.actor.companyId, options.ownerId)
    : null;
  return writeVersion(deps, {
    actor: options.actor,
    policyId: null,
    newPolicy: { title: options.title, ownerId: options.ownerId, ownerName },
    note: options.note,
    source: options.source,
  });
}

export function addPolicyVersion(
  deps: PolicyDeps,
  options: { actor: DatedActor; policyId: string; note: string; source: PolicySource },
) {
  return writeVersion(deps, options);
}

export async function updatePolicy(
  deps: PolicyDeps,
  options: {
    actor: DatedActor;
    policyId: string;
    changes: z.output<typeof updatePolicyRequestSchema>;
  },
): Promise<void> {
  const { actor, changes } = options;
  const ownerName = changes.ownerId
    ? await ownerNameOf(deps.db, actor.companyId, changes.ownerId)
    : null;
  await deps.db.transaction(async (tx) => {
    const current = await getPolicy(tx, actor.companyId, options.policyId, { forUpdate: true });
    const diff: HistoryChanges = {};
    const set: Partial<typeof policies.$inferInsert> = {};
    if (changes.title !== undefined && changes.title !== current.title) {
      diff.title = { from: current.title, to: changes.title };
      set.title = changes.title;
    }
    if (changes.ownerId !== undefined && changes.ownerId !== current.ownerId) {
      diff.owner = {
        from: await previousHolderName(tx, actor.companyId, current.ownerId),
        to: ownerName ?? null,
      };
      set.ownerId = changes.ownerId;
    }
    if (Object.keys(diff).length === 0) return;
    await tx.update(policies).set(set).where(eq(policies.id, current.id));
    // The policy's title is in each of its sections' search titles.
    if (set.title !== undefined) await indexPolicyForSearch(tx, actor.companyId, current.id);
    await recordPolicyActivity(tx, deps, actor, current.id, {
      event: 'updated',
      action: 'policy.updated',
      changes: diff,
    });
  });
}

/** A manager sends a draft for an administrator's approval. */
export async function submitPolicyVersion(
  deps: PolicyDeps,
  options: { actor: DatedActor; policyId: string; version: number },
) {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const row = await getPolicyVersion(tx, {
      companyId: actor.companyId,
      ...options,
      forUpdate: true,
    });
    if (row.status !== 'draft') throw new AppError('policy_status', POLICY_MESSAGES.submit_status);
    await tx
      .update(policyVersions)
      .set({
        status: 'in_review',
        submittedBy: actor.actorUserId,
        submittedByName: actor.name,
        submittedAt: deps.clock(),
        returnNote: null,
      })
      .where(eq(policyVersions.id, row.id));
    await recordPolicyActivity(tx, deps, actor, options.policyId, {
      event: 'submitted',
      action: 'policy.submitted',
      changes: { [`version ${row.version}`]: { from: 'draft', to: 'in_review' } },
    });
  });
}

/**
 * An administrator approves a version in review with its next review date: it becomes the
 * policy in force, and every earlier version that was approved or still open is superseded.
 */
export async function approvePolicyVersion(
  deps: PolicyDeps,
  options: {
    actor: DatedActor;
    policyId: string;
    version: number;
    body: z.output<typeof approvePolicyRequestSchema>;
  },
) {
  const { actor, body } = options;
  if (body.nextReviewDate <= actor.today) {
    throw refuse('nextReviewDate', POLICY_MESSAGES.review_date_past);
  }
  const approved = await deps.db.transaction(async (tx) => {
    const policy = await getPolicy(tx, actor.companyId, options.policyId, { forUpdate: true });
    const row = await getPolicyVersion(tx, { companyId: actor.companyId, ...options });
    if (row.status !== 'in_review') {
      throw new AppError('policy_status', POLICY_MESSAGES.approve_status);
    }
    const previouslyApproved = await tx
      .select({ id: policyVersions.id })
      .from(policyVersions)
      .where(
        and(eq(policyVersions.policyId, options.policyId), eq(policyVersions.status, 'approved')),
      );
    const superseded = await tx
      .update(policyVersions)
      .set({ status: 'superseded' })
      .where(
        and(
          eq(policyVersions.policyId, options.policyId),
          lt(policyVersions.version, row.version),
          inArray(policyVersions.status, ['draft', 'in_review', 'approved']),
        ),
      )
      .returning({ version: policyVersions.version });
    await tx
      .update(policyVersions)
      .set({
        status: 'approved',
        approvedBy: actor.actorUserId,
        approvedByName: actor.name,
        approvedAt: deps.clock(),
        nextReviewDate: body.nextReviewDate,
      })
      .where(eq(policyVersions.id, row.id));
    await indexPolicyForSearch(tx, actor.companyId, options.policyId);
    const changes: HistoryChanges = {
      [`version ${row.version}`]: { from: 'in_review', to: 'approved' },
      nextReviewDate: { from: null, to: body.nextReviewDate },
    };
    if (superseded.length > 0) {
      changes.superseded = {
        from: null,
        to: superseded.map((version) => version.version).sort((a, b) => a - b),
      };
    }
    if (body.note) changes.note = { from: null, to: body.note };
    // Members asked to acknowledge the version before are asked about this one.
    const attested = await carryAttestationForward(tx, deps, {
      actor,
      policyId: options.policyId,
      previousVersionIds: previouslyApproved.map((version) => version.id),
      versionId: row.id,
    });
    if (attested) changes.attestationRequested = { from: null, to: true };
    await recordPolicyActivity(tx, deps, actor, options.policyId, {
      event: 'approved',
      action: 'policy.approved',
      changes,
    });
    return { policy, version: row.version, attested };
  });
  if (approved.attested && deps.notify) {
    const members = await findActiveMembers(deps.db, actor.companyId);
    await askToAcknowledge(
      { notify: deps.notify },
      {
        policy: approved.policy,
        version: approved.version,
        companyId: actor.companyId,
        userIds: members.map((member) => member.userId),
        reminder: false,
      },
    );
  }
}

/** An administrator sends a version in review back to draft, saying why. */
export async function returnPolicyVersion(
  deps: PolicyDeps,
  options: { actor: DatedActor; policyId: string; version: number; note: string },
) {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const row = await getPolicyVersion(tx, {
      companyId: actor.companyId,
      ...options,
      forUpdate: true,
    });
    if (row.status !== 'in_review') {
      throw new AppError('policy_status', POLICY_MESSAGES.return_status);
    }
    await tx
      .update(policyVersions)
      .set({ status: 'draft', returnNote: options.note })
      .where(eq(policyVersions.id, row.id));
    await recordPolicyActivity(tx, deps, actor, options.policyId, {
      event: 'returned',
      action: 'policy.returned',
      changes: {
        [`version ${row.version}`]: { from: 'in_review', to: 'draft' },
        note: { from: null, to: options.note },
      },
    });
  });
}

/** A person confirms or rejects a match; a superseded version's matches stay as they were. */
export async function decidePolicyMatch(
  deps: PolicyDeps,
  options: {
    actor: DatedActor;
    policyId: string;
    matchId: string;
    decision: 'confirmed' | 'rejected';
  },
) {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const found = await getPolicyMatch(tx, { companyId: actor.companyId, ...options });
    if (found.versionStatus === 'superseded') throw new AppError('version_superseded');
    if (found.match.decision === options.decision) return;
    await tx
      .update(policySectionMatches)
      .set({
        decision: options.decision,
        decidedBy: actor.actorUserId,
        decidedByName: actor.name,
        decidedAt: deps.clock(),
        carriedOver: false,
      })
      .where(eq(policySectionMatches.id, found.match.id));
    await recordPolicyActivity(tx, deps, actor, options.policyId, {
      event: 'match_decided',
      action: options.decision === 'confirmed' ? 'policy.match_confirmed' : 'policy.match_rejected',
      changes: {
        [`${found.match.ruleId} in “${found.heading}” (version ${found.version})`]: {
          from: found.match.decision,
          to: options.decision,
        },
      },
    });
  });
}

/** A person ties a rule the matcher missed to a section: a confirmed match of its own. */
export async function addManualMatch(
  deps: PolicyDeps,
  options: {
    actor: DatedActor;
    policyId: string;
    version: number;
    sectionId: string;
    ruleId: string;
  },
) {
  const { actor } = options;
  if (!(await findVisibleRule(deps.db, actor.companyId, options.ruleId))) {
    throw refuse('ruleId', POLICY_MESSAGES.rule_not_found);
  }
  await deps.db.transaction(async (tx) => {
    const version = await getPolicyVersion(tx, { companyId: actor.companyId, ...options });
    if (version.status === 'superseded') throw new AppError('version_superseded');
    const [section] = await tx
      .select()
      .from(policySections)
      .where(
        and(eq(policySections.id, options.sectionId), eq(policySections.versionId, version.id)),
      );
    if (!section) throw new AppError('not_found', POLICY_MESSAGES.version_not_found);
    const decided = {
      decision: 'confirmed' as const,
      decidedBy: actor.actorUserId,
      decidedByName: actor.name,
      decidedAt: deps.clock(),
      carriedOver: false,
    };
    await tx
      .insert(policySectionMatches)
      .values({
        sectionId: section.id,
        companyId: actor.companyId,
        ruleId: options.ruleId,
        method: 'manual',
        matchedWords: [],
        ...decided,
      })
      .onConflictDoUpdate({
        target: [policySectionMatches.sectionId, policySectionMatches.ruleId],
        set: decided,
      });
    await recordPolicyActivity(tx, deps, actor, options.policyId, {
      event: 'match_added',
      action: 'policy.match_confirmed',
      changes: {
        [`${options.ruleId} in “${section.heading}” (version ${version.version})`]: {
          from: null,
          to: 'confirmed',
        },
      },
    });
  });
}

/** An administrator deletes a policy, its versions and their files (the audit log keeps it). */
export async function deletePolicy(
  deps: PolicyDeps,
  options: { actor: DatedActor; policyId: string },
) {
  const { actor } = options;
  const keys = await deps.db.transaction(async (tx) => {
    const policy = await getPolicy(tx, actor.companyId, options.policyId, { forUpdate: true });
    const versions = await tx
      .select({ version: policyVersions.version, storageKey: policyVersions.storageKey })
      .from(policyVersions)
      .where(eq(policyVersions.policyId, policy.id));
    await tx.delete(policies).where(eq(policies.id, policy.id));
    // Nothing is left to index: this removes the policy's entries.
    await indexPolicyForSearch(tx, actor.companyId, policy.id);
    if (!deps.skipAudit) {
      await recordAudit(tx, actor, {
        action: 'policy.deleted',
        actorUserId: actor.actorUserId,
        companyId: actor.companyId,
        targetType: 'policy',
        targetId: policy.id,
        before: { number: policy.number, title: policy.title, versions: versions.length },
      });
    }
    return versions.map((version) => version.storageKey);
  });
  for (const key of keys) await deps.storage.delete(key).catch(() => undefined);
}

/** The original file of a version, as uploaded (or the pasted text as Markdown). */
export async function getPolicyFile(
  deps: PolicyDeps,
  options: { companyId: string; policyId: string; version: number },
) {
  const version = await getPolicyVersion(deps.db, options);
  const data = await deps.storage.get(version.storageKey);
  if (!data) throw new AppError('not_found', POLICY_MESSAGES.version_not_found);
  return { data, contentType: version.contentType, fileName: version.fileName };
}

/** The file types a policy may be uploaded as, for the upload reader. */
export const POLICY_UPLOAD_TYPES = POLICY_FILE_TYPES.map(({ extension, contentType }) => ({
  extension,
  contentType,
}));
