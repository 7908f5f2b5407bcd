import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { changeItems } from '@complivue/db/schema/changes';
import { companies } from '@complivue/db/schema/companies';
import {
  riskFindingActions,
  riskFindingHistory,
  riskFindings,
} from '@complivue/db/schema/findings';
import { risks } from '@complivue/db/schema/risks';
import { canCloseFinding, validationRefusal } from '@complivue/shared/risk-findings';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  FINDING_MESSAGES,
  type actionRequestSchema,
  type createFindingRequestSchema,
  type updateActionRequestSchema,
  type updateFindingRequestSchema,
} from '@complivue/shared/schemas/risk-findings';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { auditValues, recordAudit } from '../../lib/audit.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { activeMemberNames } from '../companies/members.ts';
import { getFinding, getFindingAction, type FindingRow } from './findings.queries.ts';
import { findUnknownRules } from './risks.queries.ts';
import type { RiskActor, RiskDeps } from './risks.service.ts';

/**
 * What the finding services use: the risk services' database and clock (and their `skipAudit`,
 * for the demo workspace alone), and the file storage for evidence.
 */
export type FindingDeps = RiskDeps & Partial<Pick<ServiceDeps, 'storage' | 'log'>>;

type HistoryChanges = Record<string, { from: unknown; to: unknown }>;

/** The history entry, the audit row and the finding marked as just updated, in one transaction. */
async function recordFindingActivity(
  tx: Db,
  deps: FindingDeps,
  actor: RiskActor,
  findingId: string,
  activity: { event: string; action: string; changes: HistoryChanges },
) {
  const at = deps.clock();
  await tx.insert(riskFindingHistory).values({
    findingId,
    changedBy: actor.actorUserId,
    changedByName: actor.name,
    event: activity.event,
    changes: activity.changes,
    createdAt: at,
  });
  await tx.update(riskFindings).set({ updatedAt: at }).where(eq(riskFindings.id, findingId));
  if (deps.skipAudit) return;
  await recordAudit(tx, actor, {
    action: activity.action,
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'finding',
    targetId: findingId,
    ...auditValues(activity.changes),
  });
}

const refuse = (path: string, message: string) =>
  AppError.validationFailed([{ path: `/${path}`, message }], message);

/** Each link must name a rule the company sees, or a risk or a change of the company. */
async function requireOwnLinks(
  db: Db,
  companyId: string,
  links: { ruleId?: string | null; riskId?: string | null; changeId?: string | null },
) {
  if (links.ruleId) {
    const unknown = await findUnknownRules(db, companyId, [links.ruleId]);
    if (unknown.length > 0) {
      throw new AppError(
        'unknown_rule',
        `Choose a rule of the compliance library. Unknown: ${links.ruleId}.`,
      );
    }
  }
  if (links.riskId) {
    const [risk] = await db
      .select({ id: risks.id })
      .from(risks)
      .where(and(eq(risks.id, links.riskId), eq(risks.companyId, companyId)));
    if (!risk) throw refuse('riskId', FINDING_MESSAGES.risk_not_found);
  }
  if (links.changeId) {
    const [change] = await db
      .select({ id: changeItems.id })
      .from(changeItems)
      .where(and(eq(changeItems.id, links.changeId), eq(changeItems.companyId, companyId)));
    if (!change) throw refuse('changeId', FINDING_MESSAGES.change_not_found);
  }
}

async function ownerNameOf(db: Db, companyId: string, ownerId: string) {
  const name = (await activeMemberNames(db, companyId, [ownerId])).get(ownerId);
  if (!name) throw refuse('ownerId', FINDING_MESSAGES.owner_not_member);
  return name;
}

/**
 * A due date is set for the future: one before the member's today (their profile's time zone,
 * else US Eastern: the day every due date of the product is measured by) is refused at entry,
 * so an action is never due before the day it is planned (DESIGN.md rule 5).
 */
function refusePastDueDate(dueDate: string | undefined, today: string) {
  if (dueDate !== undefined && dueDate < today) {
    throw refuse('dueDate', FINDING_MESSAGES.due_date_past);
  }
}

function requireNotClosed(finding: FindingRow) {
  if (finding.closedAt) throw new AppError('finding_closed');
}

/**
 * A loan test saved to an open finding as its evidence (modules/loan-tests): the finding
 * locked and checked, then its history entry and the audit row, in the caller's transaction.
 */
export async function recordLoanTestOnFinding(
  tx: Db,
  deps: FindingDeps,
  actor: RiskActor,
  options: { findingId: string; loanTestId: string; label: string },
): Promise<{ title: string }> {
  const finding = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
  requireNotClosed(finding);
  await recordFindingActivity(tx, deps, actor, finding.id, {
    event: 'loan_test_saved',
    action: 'finding.loan_test_saved',
    changes: { loanTest: { from: null, to: options.label } },
  });
  return { title: finding.title };
}

const FINDING_FIELDS = [
  'title',
  'source',
  'severity',
  'area',
  'description',
  'rootCause',
  'ruleId',
  'riskId',
  'changeId',
] as const;

export async function createFinding(
  deps: FindingDeps,
  options: { actor: RiskActor; body: z.output<typeof createFindingRequestSchema> },
): Promise<{ id: string }> {
  const { actor, body } = options;
  await requireOwnLinks(deps.db, actor.companyId, body);
  return deps.db.transaction(async (tx) => {
    // The numbers are per company: the company row serializes two findings recorded at once.
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, actor.companyId))
      .for('update');
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${riskFindings.number}), 0) + 1` })
      .from(riskFindings)
      .where(eq(riskFindings.companyId, actor.companyId));
    const [row] = await tx
      .insert(riskFindings)
      .values({
        companyId: actor.companyId,
        number: Number(next),
        title: body.title,
        source: body.source,
        severity: body.severity,
        area: body.area,
        description: body.description ?? '',
        rootCause: body.rootCause ?? '',
        ruleId: body.ruleId ?? null,
        riskId: body.riskId ?? null,
        changeId: body.changeId ?? null,
        createdBy: actor.actorUserId,
        createdByName: actor.name,
        createdAt: deps.clock(),
      })
      .returning();
    const changes: HistoryChanges = {};
    for (const field of FINDING_FIELDS) {
      const value = row![field];
      if (value !== null && value !== '') changes[field] = { from: null, to: value };
    }
    await recordFindingActivity(tx, deps, actor, row!.id, {
      event: 'created',
      action: 'finding.created',
      changes,
    });
    return { id: row!.id };
  });
}

export async function updateFinding(
  deps: FindingDeps,
  options: {
    actor: RiskActor;
    findingId: string;
    changes: z.output<typeof updateFindingRequestSchema>;
  },
): Promise<void> {
  const { actor, changes } = options;
  await requireOwnLinks(deps.db, actor.companyId, changes);
  await deps.db.transaction(async (tx) => {
    const current = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    requireNotClosed(current);
    const diff: HistoryChanges = {};
    const set: Partial<typeof riskFindings.$inferInsert> = {};
    for (const field of FINDING_FIELDS) {
      const next = changes[field];
      if (next === undefined || next === current[field]) continue;
      diff[field] = { from: current[field], to: next };
      Object.assign(set, { [field]: next });
    }
    if (Object.keys(diff).length === 0) return;
    await tx.update(riskFindings).set(set).where(eq(riskFindings.id, current.id));
    await recordFindingActivity(tx, deps, actor, current.id, {
      event: 'updated',
      action: 'finding.updated',
      changes: diff,
    });
  });
}

/** Administrators only (the route says so): the audit log keeps what was deleted; files go last. */
export async function deleteFinding(
  deps: FindingDeps,
  options: { actor: RiskActor; findingId: string },
): Promise<void> {
  const { actor } = options;
  const keys = await deps.db.transaction(async (tx) => {
    const current = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    const files = await tx
      .select({ key: riskFindingActions.evidenceStorageKey })
      .from(riskFindingActions)
      .where(eq(riskFindingActions.findingId, current.id));
    await tx.delete(riskFindings).where(eq(riskFindings.id, current.id));
    await recordAudit(tx, actor, {
      action: 'finding.deleted',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'finding',
      targetId: current.id,
      before: { number: current.number, title: current.title, severity: current.severity },
    });
    return files.map((file) => file.key).filter((key): key is string => key !== null);
  });
  for (const key of keys) {
    await deps.storage?.delete(key).catch((error: unknown) => {
      deps.log?.warn({ err: error, key }, 'could not remove a finding’s evidence file');
    });
  }
}

/** Closing needs every action validated (or none); the note says why it is closed. */
export async function closeFinding(
  deps: FindingDeps,
  options: { actor: RiskActor; findingId: string; note: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const current = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    requireNotClosed(current);
    const actions = await tx
      .select({
        completedAt: riskFindingActions.completedAt,
        validatedAt: riskFindingActions.validatedAt,
      })
      .from(riskFindingActions)
      .where(eq(riskFindingActions.findingId, current.id));
    if (!canCloseFinding(actions)) throw new AppError('finding_open_actions');
    await tx
      .update(riskFindings)
      .set({
        closedAt: deps.clock(),
        closedBy: actor.actorUserId,
        closedByName: actor.name,
        closingNote: options.note,
      })
      .where(eq(riskFindings.id, current.id));
    await recordFindingActivity(tx, deps, actor, current.id, {
      event: 'closed',
      action: 'finding.closed',
      changes: { closingNote: { from: null, to: options.note } },
    });
  });
}

/** Reopening returns the finding to the status its actions give; the note says why. */
export async function reopenFinding(
  deps: FindingDeps,
  options: { actor: RiskActor; findingId: string; note: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const current = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    if (!current.closedAt) throw new AppError('finding_not_closed');
    await tx
      .update(riskFindings)
      .set({ closedAt: null, closedBy: null, closedByName: null, closingNote: '' })
      .where(eq(riskFindings.id, current.id));
    await recordFindingActivity(tx, deps, actor, current.id, {
      event: 'reopened',
      action: 'finding.reopened',
      changes: { reopenNote: { from: null, to: options.note } },
    });
  });
}

type ActionInput = z.output<typeof actionRequestSchema>;

export async function addFindingAction(
  deps: FindingDeps,
  options: { actor: RiskActor; findingId: string; body: ActionInput },
): Promise<{ id: string }> {
  const { actor, body } = options;
  refusePastDueDate(body.dueDate, actor.today);
  const owner = await ownerNameOf(deps.db, actor.companyId, body.ownerId);
  return deps.db.transaction(async (tx) => {
    const finding = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    requireNotClosed(finding);
    const [row] = await tx
      .insert(riskFindingActions)
      .values({
        findingId: finding.id,
        companyId: actor.companyId,
        plan: body.plan,
        ownerId: body.ownerId,
        dueDate: body.dueDate,
        createdBy: actor.actorUserId,
        createdAt: deps.clock(),
      })
      .returning({ id: riskFindingActions.id });
    await recordFindingActivity(tx, deps, actor, finding.id, {
      event: 'action_added',
      action: 'finding.action_added',
      changes: {
        'action.plan': { from: null, to: body.plan },
        'action.owner': { from: null, to: owner },
        'action.dueDate': { from: null, to: body.dueDate },
      },
    });
    return { id: row!.id };
  });
}

/** The plan, owner and due date, while the action is not completed. */
export async function updateFindingAction(
  deps: FindingDeps,
  options: {
    actor: RiskActor;
    findingId: string;
    actionId: string;
    changes: z.output<typeof updateActionRequestSchema>;
  },
): Promise<void> {
  const { actor, changes } = options;
  const newOwner = changes.ownerId
    ? await ownerNameOf(deps.db, actor.companyId, changes.ownerId)
    : null;
  await deps.db.transaction(async (tx) => {
    const finding = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    const current = await getFindingAction(tx, { ...options, companyId: actor.companyId });
    requireNotClosed(finding);
    if (current.completedAt) throw new AppError('action_completed');
    const diff: HistoryChanges = {};
    const set: Partial<typeof riskFindingActions.$inferInsert> = {};
    if (changes.plan !== undefined && changes.plan !== current.plan) {
      diff['action.plan'] = { from: current.plan, to: changes.plan };
      set.plan = changes.plan;
    }
    if (changes.ownerId !== undefined && changes.ownerId !== current.ownerId) {
      const previous = current.ownerId
        ? ((await activeMemberNames(tx, actor.companyId, [current.ownerId])).get(current.ownerId) ??
          'Former member')
        : null;
      diff['action.owner'] = { from: previous, to: newOwner };
      set.ownerId = changes.ownerId;
    }
    if (changes.dueDate !== undefined && changes.dueDate !== current.dueDate) {
      refusePastDueDate(changes.dueDate, actor.today);
      diff['action.dueDate'] = { from: current.dueDate, to: changes.dueDate };
      set.dueDate = changes.dueDate;
      // A new due date gets its own overdue notice, if it too passes.
      set.overdueNotifiedAt = null;
    }
    if (Object.keys(diff).length === 0) return;
    await tx.update(riskFindingActions).set(set).where(eq(riskFindingActions.id, current.id));
    await recordFindingActivity(tx, deps, actor, finding.id, {
      event: 'action_updated',
      action: 'finding.action_updated',
      changes: { action: { from: current.plan, to: set.plan ?? current.plan }, ...diff },
    });
  });
}

/**
 * Completion with evidence, by the action's owner (any role) or a manager or an administrator:
 * the file is stored first, then the row and its history; the file is removed if they fail.
 */
export async function completeFindingAction(
  deps: FindingDeps,
  options: {
    actor: RiskActor;
    findingId: string;
    actionId: string;
    evidence: string;
    file: UploadedFile | null;
  },
): Promise<void> {
  const { actor, file } = options;
  const ids = { ...options, companyId: actor.companyId };
  const before = await getFindingAction(deps.db, ids);
  if (before.ownerId !== actor.actorUserId && !hasRoleAtLeast(actor.role, 'manager')) {
    throw new AppError('action_complete_role');
  }
  if (before.completedAt) throw new AppError('action_already_completed');
  let storageKey: string | null = null;
  if (file) {
    if (!deps.storage) throw new Error('evidence files need the file storage');
    storageKey = `findings/${actor.companyId}/${before.findingId}/${before.id}-${randomUUID()}.${file.type.extension}`;
    await deps.storage.put(storageKey, file.data);
  }
  try {
    await deps.db.transaction(async (tx) => {
      const finding = await getFinding(tx, actor.companyId, options.findingId, {
        forUpdate: true,
      });
      requireNotClosed(finding);
      const current = await getFindingAction(tx, ids);
      if (current.completedAt) throw new AppError('action_already_completed');
      await tx
        .update(riskFindingActions)
        .set({
          evidence: options.evidence,
          evidenceFileName: file?.fileName ?? null,
          evidenceContentType: file?.type.contentType ?? null,
          evidenceSizeBytes: file?.data.length ?? null,
          evidenceStorageKey: storageKey,
          completedAt: deps.clock(),
          completedBy: actor.actorUserId,
          completedByName: actor.name,
        })
        .where(eq(riskFindingActions.id, current.id));
      await recordFindingActivity(tx, deps, actor, finding.id, {
        event: 'action_completed',
        action: 'finding.action_completed',
        changes: {
          action: { from: null, to: current.plan },
          'action.evidence': { from: null, to: options.evidence },
          ...(file && { 'action.evidenceFile': { from: null, to: file.fileName } }),
        },
      });
    });
  } catch (error) {
    if (storageKey) await deps.storage?.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Validation by a manager or an administrator (the route checks the role) who neither owns the
 * action nor completed it: refused before anything is written.
 */
export async function validateFindingAction(
  deps: FindingDeps,
  options: { actor: RiskActor; findingId: string; actionId: string; note: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const finding = await getFinding(tx, actor.companyId, options.findingId, { forUpdate: true });
    const current = await getFindingAction(tx, { ...options, companyId: actor.companyId });
    requireNotClosed(finding);
    if (current.validatedAt) throw new AppError('action_already_validated');
    const refusal = validationRefusal(current, actor.actorUserId);
    if (refusal === 'not_completed') throw new AppError('action_not_completed');
    if (refusal === 'owner') throw new AppError('validate_own_action');
    if (refusal === 'completer') throw new AppError('validate_completed_action');
    await tx
      .update(riskFindingActions)
      .set({
        validatedAt: deps.clock(),
        validatedBy: actor.actorUserId,
        validatedByName: actor.name,
        validationNote: options.note,
      })
      .where(eq(riskFindingActions.id, current.id));
    await recordFindingActivity(tx, deps, actor, finding.id, {
      event: 'action_validated',
      action: 'finding.action_validated',
      changes: {
        action: { from: null, to: current.plan },
        ...(options.note && { 'action.validationNote': { from: null, to: options.note } }),
      },
    });
  });
}
