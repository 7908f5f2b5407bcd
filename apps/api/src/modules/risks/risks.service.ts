import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { riskControls, riskHistory, risks } from '@complivue/db/schema/risks';
import type { InstitutionType } from '@complivue/shared/institutions';
import { riskTemplatesFor } from '@complivue/shared/risk-templates';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import type { RiskScore, ScaleLevel } from '@complivue/shared/risk-scoring';
import {
  RISK_MESSAGES,
  type controlRequestSchema,
  type createRiskRequestSchema,
  type updateRiskRequestSchema,
} from '@complivue/shared/schemas/risks';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditValues, recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { activeMemberNames, previousHolderName } from '../companies/members.ts';
import { recordEventOf, riskLevelRaisedEvent } from '../automations/automation-event-sources.ts';
import { wakeAutomationRunner } from '../automations/automation-events.ts';
import {
  currentSuggestion,
  findAdoptedTemplateKeys,
  findUnknownRules,
  getControl,
  getRisk,
  type RiskRow,
  type RiskViewer,
} from './risks.queries.ts';

/** Who acts: the viewer of the queries, with their name for the history and their origin. */
export type RiskActor = RiskViewer & Actor & { name: string };

/**
 * What the risk services use: the database, and the clock that dates the history, an acceptance
 * and a risk's last change.
 */
export type RiskDeps = Pick<ServiceDeps, 'db' | 'clock'> & {
  /**
   * Set by the demo workspace alone, which replays its members' past work on the register at
   * every seeding: the audit log is append-only, so replayed entries would pile up there and
   * count as this week's team actions. The risk's own history still says who did what, and when.
   */
  skipAudit?: true;
};

type HistoryChanges = Record<string, { from: unknown; to: unknown }>;

/** The history entry, the audit row and the risk marked as just updated, in one transaction. */
async function recordRiskActivity(
  tx: Db,
  deps: RiskDeps,
  actor: RiskActor,
  riskId: string,
  activity: { event: string; action: string; changes: HistoryChanges },
) {
  const at = deps.clock();
  await tx.insert(riskHistory).values({
    riskId,
    changedBy: actor.actorUserId,
    changedByName: actor.name,
    event: activity.event,
    changes: activity.changes,
    createdAt: at,
  });
  await tx.update(risks).set({ updatedAt: at }).where(eq(risks.id, riskId));
  if (deps.skipAudit) return;
  await recordAudit(tx, actor, {
    action: activity.action,
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'risk',
    targetId: riskId,
    ...auditValues(activity.changes),
  });
}

async function ownerNameOf(db: Db, companyId: string, ownerId: string | null | undefined) {
  if (!ownerId) return null;
  const name = (await activeMemberNames(db, companyId, [ownerId])).get(ownerId);
  if (!name) {
    throw AppError.validationFailed(
      [{ path: '/ownerId', message: RISK_MESSAGES.owner_not_member }],
      RISK_MESSAGES.owner_not_member,
    );
  }
  return name;
}

/** The next number of the company's register; the company row is locked by the caller. */
async function nextRiskNumber(tx: Db, companyId: string): Promise<number> {
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`coalesce(max(${risks.number}), 0) + 1` })
    .from(risks)
    .where(eq(risks.companyId, companyId));
  return Number(next);
}

const lockCompany = (tx: Db, companyId: string) =>
  tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');

const score = (likelihood: number | null, impact: number | null): RiskScore | null =>
  likelihood !== null && impact !== null
    ? { likelihood: likelihood as ScaleLevel, impact: impact as ScaleLevel }
    : null;

const sameScore = (a: RiskScore | null, b: RiskScore | null) =>
  a?.likelihood === b?.likelihood && a?.impact === b?.impact;

/**
 * The residual rating a person sets must follow an inherent rating, and a residual risk other
 * than the methodology's suggestion needs a reason (the examiner asks why).
 */
async function requireSoundResidual(db: Db, risk: RiskRow) {
  const residual = score(risk.residualLikelihood, risk.residualImpact);
  if (!residual) return;
  const inherent = score(risk.inherentLikelihood, risk.inherentImpact);
  if (!inherent) {
    throw AppError.validationFailed(
      [{ path: '/residualLikelihood', message: RISK_MESSAGES.residual_needs_inherent }],
      RISK_MESSAGES.residual_needs_inherent,
    );
  }
  if (!risk.residualReason && !sameScore(residual, await currentSuggestion(db, risk, inherent))) {
    throw AppError.validationFailed(
      [{ path: '/residualReason', message: RISK_MESSAGES.residual_reason }],
      RISK_MESSAGES.residual_reason,
    );
  }
}

const RISK_FIELDS = [
  'title',
  'area',
  'productLine',
  'description',
  'inherentLikelihood',
  'inherentImpact',
  'residualLikelihood',
  'residualImpact',
  'residualReason',
  'reviewDate',
] as const;

export async function createRisk(
  deps: RiskDeps,
  options: { actor: RiskActor; body: z.output<typeof createRiskRequestSchema> },
): Promise<{ id: string }> {
  const { actor, body } = options;
  const ownerName = await ownerNameOf(deps.db, actor.companyId, body.ownerId);
  const created = await deps.db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const number = await nextRiskNumber(tx, actor.companyId);
    const [row] = await tx
      .insert(risks)
      .values({
        companyId: actor.companyId,
        number,
        title: body.title,
        area: body.area,
        productLine: body.productLine,
        description: body.description ?? '',
        ownerId: body.ownerId ?? null,
        inherentLikelihood: body.inherentLikelihood ?? null,
        inherentImpact: body.inherentImpact ?? null,
        residualLikelihood: body.residualLikelihood ?? null,
        residualImpact: body.residualImpact ?? null,
        residualReason: body.residualReason ?? '',
        reviewDate: body.reviewDate ?? null,
        createdBy: actor.actorUserId,
        createdAt: deps.clock(),
      })
      .returning();
    await requireSoundResidual(tx, row!);
    await recordEventOf(tx, actor, riskLevelRaisedEvent(actor.companyId, null, row!, deps.clock()));
    // The history says what the member set, field by field; what they left out is not there.
    const changes: HistoryChanges = { status: { from: null, to: 'open' } };
    for (const field of RISK_FIELDS) {
      const value = row![field];
      if (value !== null && value !== '') changes[field] = { from: null, to: value };
    }
    if (ownerName) changes.owner = { from: null, to: ownerName };
    await recordRiskActivity(tx, deps, actor, row!.id, {
      event: 'created',
      action: 'risk.created',
      changes,
    });
    return { id: row!.id };
  });
  wakeAutomationRunner();
  return created;
}

export async function updateRisk(
  deps: RiskDeps,
  options: {
    actor: RiskActor;
    riskId: string;
    changes: z.output<typeof updateRiskRequestSchema>;
  },
): Promise<void> {
  const { actor, changes } = options;
  const newOwnerName = await ownerNameOf(deps.db, actor.companyId, changes.ownerId);
  if (changes.status === 'accepted' && !hasRoleAtLeast(actor.role, 'admin')) {
    throw new AppError('risk_accept_role');
  }
  await deps.db.transaction(async (tx) => {
    const current = await getRisk(tx, actor.companyId, options.riskId, { forUpdate: true });
    const diff: HistoryChanges = {};
    const set: Partial<typeof risks.$inferInsert> = {};
    for (const field of RISK_FIELDS) {
      const next = changes[field];
      if (next === undefined || next === current[field]) continue;
      diff[field] = { from: current[field], to: next };
      Object.assign(set, { [field]: next });
    }
    if (changes.ownerId !== undefined && changes.ownerId !== current.ownerId) {
      const previous = await previousHolderName(tx, actor.companyId, current.ownerId);
      diff.owner = { from: previous, to: newOwnerName };
      set.ownerId = changes.ownerId;
    }
    if (changes.status !== undefined && changes.status !== current.status) {
      diff.status = { from: current.status, to: changes.status };
      set.status = changes.status;
      if (changes.status === 'accepted') {
        const expires = changes.acceptanceExpiresOn;
        if (!expires || expires < actor.today) {
          throw AppError.validationFailed(
            [{ path: '/acceptanceExpiresOn', message: RISK_MESSAGES.accept_expiry }],
            RISK_MESSAGES.accept_expiry,
          );
        }
        Object.assign(set, {
          acceptedBy: actor.actorUserId,
          acceptedByName: actor.name,
          acceptedAt: deps.clock(),
          acceptanceExpiresOn: expires,
        });
        diff.acceptanceExpiresOn = { from: current.acceptanceExpiresOn, to: expires };
      } else if (current.status === 'accepted') {
        // The acceptance ends with the status; the history keeps who accepted it and until when.
        Object.assign(set, {
          acceptedBy: null,
          acceptedByName: null,
          acceptedAt: null,
          acceptanceExpiresOn: null,
        });
        diff.acceptanceExpiresOn = { from: current.acceptanceExpiresOn, to: null };
      }
    }
    if (Object.keys(diff).length === 0) return;
    // A new inherent rating or residual rating is judged afresh: its reason goes with it.
    if (('residualLikelihood' in set || 'residualImpact' in set) && !('residualReason' in set)) {
      set.residualReason = '';
      if (current.residualReason) diff.residualReason = { from: current.residualReason, to: '' };
    }
    await requireSoundResidual(tx, { ...current, ...set } as RiskRow);
    await tx.update(risks).set(set).where(eq(risks.id, current.id));
    await recordEventOf(
      tx,
      actor,
      riskLevelRaisedEvent(
        actor.companyId,
        current,
        { ...current, ...set } as RiskRow,
        deps.clock(),
      ),
    );
    await recordRiskActivity(tx, deps, actor, current.id, {
      event: 'updated',
      action: 'risk.updated',
      changes: diff,
    });
  });
  wakeAutomationRunner();
}

/** Administrators only (the route says so): the audit log keeps what was deleted. */
export async function deleteRisk(
  deps: RiskDeps,
  options: { actor: RiskActor; riskId: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const current = await getRisk(tx, actor.companyId, options.riskId, { forUpdate: true });
    await tx.delete(risks).where(eq(risks.id, current.id));
    await recordAudit(tx, actor, {
      action: 'risk.deleted',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'risk',
      targetId: current.id,
      before: { number: current.number, title: current.title, area: current.area },
    });
  });
}

async function requireKnownRules(db: Db, companyId: string, ruleIds: readonly string[]) {
  const unknown = await findUnknownRules(db, companyId, ruleIds);
  if (unknown.length > 0) {
    throw new AppError(
      'unknown_rule',
      `${RISK_MESSAGES.unknown_rule} Unknown: ${unknown.join(', ')}.`,
    );
  }
}

type ControlInput = z.output<typeof controlRequestSchema>;

const controlChanges = (before: Partial<ControlInput>, after: ControlInput): HistoryChanges => {
  const changes: HistoryChanges = {};
  for (const field of [
    'title',
    'description',
    'ruleIds',
    'effectivenessOverride',
    'overrideReason',
  ] as const) {
    const from = before[field] ?? null;
    const to = after[field];
    if (
      JSON.stringify(from) !== JSON.stringify(to) &&
      !(from === null && (to === '' || (Array.isArray(to) && to.length === 0)))
    ) {
      changes[`control.${field}`] = { from, to };
    }
  }
  return changes;
};

export async function addControl(
  deps: RiskDeps,
  options: { actor: RiskActor; riskId: string; body: ControlInput },
): Promise<void> {
  const { actor, body } = options;
  await requireKnownRules(deps.db, actor.companyId, body.ruleIds);
  await deps.db.transaction(async (tx) => {
    const risk = await getRisk(tx, actor.companyId, options.riskId, { forUpdate: true });
    const [row] = await tx
      .insert(riskControls)
      .values({
        ...body,
        riskId: risk.id,
        companyId: actor.companyId,
        createdBy: actor.actorUserId,
      })
      .returning({ id: riskControls.id });
    await recordRiskActivity(tx, deps, actor, risk.id, {
      event: 'control_added',
      action: 'risk.control_added',
      changes: controlChanges({}, body),
    });
    return { id: row!.id };
  });
}

export async function updateControl(
  deps: RiskDeps,
  options: { actor: RiskActor; riskId: string; controlId: string; body: ControlInput },
): Promise<void> {
  const { actor, body } = options;
  await requireKnownRules(deps.db, actor.companyId, body.ruleIds);
  await deps.db.transaction(async (tx) => {
    const risk = await getRisk(tx, actor.companyId, options.riskId, { forUpdate: true });
    const current = await getControl(tx, { ...options, companyId: actor.companyId });
    const changes = controlChanges(current, body);
    if (Object.keys(changes).length === 0) return;
    await tx.update(riskControls).set(body).where(eq(riskControls.id, current.id));
    await recordRiskActivity(tx, deps, actor, risk.id, {
      event: 'control_updated',
      action: 'risk.control_updated',
      changes: { control: { from: current.title, to: body.title }, ...changes },
    });
  });
}

export async function removeControl(
  deps: RiskDeps,
  options: { actor: RiskActor; riskId: string; controlId: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const risk = await getRisk(tx, actor.companyId, options.riskId, { forUpdate: true });
    const current = await getControl(tx, { ...options, companyId: actor.companyId });
    await tx.delete(riskControls).where(eq(riskControls.id, current.id));
    await recordRiskActivity(tx, deps, actor, risk.id, {
      event: 'control_removed',
      action: 'risk.control_removed',
      changes: { control: { from: current.title, to: null } },
    });
  });
}

/**
 * Adopts starter risks: each becomes a risk of the register with its suggested controls, not
 * rated and without an owner (both are a person's decisions). A key adopted before is left as
 * it is, so a repeated request adds nothing.
 */
export async function adoptRiskTemplates(
  deps: RiskDeps,
  options: { actor: RiskActor; institutionType: InstitutionType | null; keys: string[] },
): Promise<{ adopted: string[] }> {
  const { actor } = options;
  const offered = new Map(
    riskTemplatesFor(options.institutionType).map((template) => [template.key, template]),
  );
  const unknown = options.keys.filter((key) => !offered.has(key));
  if (unknown.length > 0) {
    throw AppError.validationFailed(
      [{ path: '/keys', message: RISK_MESSAGES.template_unknown }],
      RISK_MESSAGES.template_unknown,
    );
  }
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const already = await findAdoptedTemplateKeys(tx, actor.companyId);
    const adopted: string[] = [];
    let number = await nextRiskNumber(tx, actor.companyId);
    for (const key of new Set(options.keys)) {
      if (already.has(key)) continue;
      const template = offered.get(key)!;
      const [row] = await tx
        .insert(risks)
        .values({
          companyId: actor.companyId,
          number: number++,
          title: template.title,
          area: template.area,
          productLine: template.productLine,
          description: `${template.description}\n\nCitations: ${template.citations.join('; ')}.`,
          templateKey: template.key,
          createdBy: actor.actorUserId,
          createdAt: deps.clock(),
        })
        .returning({ id: risks.id });
      for (const control of template.controls) {
        await tx.insert(riskControls).values({
          riskId: row!.id,
          companyId: actor.companyId,
          title: control.title,
          ruleIds: control.ruleIds,
          createdBy: actor.actorUserId,
        });
      }
      await recordRiskActivity(tx, deps, actor, row!.id, {
        event: 'created',
        action: 'risk.created',
        changes: {
          template: { from: null, to: template.title },
          status: { from: null, to: 'open' },
          controls: { from: null, to: template.controls.map((control) => control.title) },
        },
      });
      adopted.push(key);
    }
    return { adopted };
  });
}
