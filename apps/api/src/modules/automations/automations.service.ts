import type { Db } from '@complivue/db/database';
import { automationRules, automationRuleVersions } from '@complivue/db/schema/automations';
import { AUTOMATION_LIMITS, AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import { ruleSentence } from '@complivue/shared/automation-sentences';
import type {
  createRuleRequestSchema,
  RuleDefinition,
} from '@complivue/shared/schemas/automations';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { requireRunnableRule } from './automation-rule-check.ts';

/** An administrator as the automation services take them: with the name histories show. */
export type AutomationActor = Actor & { name: string };

type CreateRule = z.output<typeof createRuleRequestSchema>;

/** One live rule of the institution, locked for a change; another institution's reads as unknown. */
export async function requireRule(db: Db, companyId: string, ruleId: string, forUpdate = false) {
  const query = db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.id, ruleId),
        eq(automationRules.companyId, companyId),
        isNull(automationRules.deletedAt),
      ),
    );
  const [rule] = forUpdate ? await query.for('update') : await query;
  if (!rule) throw new AppError('not_found', AUTOMATION_MESSAGES.rule_not_found);
  return rule;
}

const definitionOf = (rule: RuleDefinition) => ({
  name: rule.name,
  trigger: rule.trigger,
  conditions: rule.conditions,
  actions: rule.actions,
});

/** What the audit log keeps of a rule: its words and its sentence. */
const auditedRule = (rule: RuleDefinition & { enabled?: boolean; version?: number }) => ({
  name: rule.name,
  sentence: ruleSentence(rule),
  ...(rule.enabled === undefined ? {} : { enabled: rule.enabled }),
  ...(rule.version === undefined ? {} : { version: rule.version }),
});

/** Saves a new rule (version 1), refused when it could not run as written. */
export async function createRule(
  deps: ServiceDeps,
  options: { actor: AutomationActor; body: CreateRule },
): Promise<{ id: string }> {
  const { actor, body } = options;
  await requireRunnableRule(deps.db, actor.companyId, body, deps.clock());
  return deps.db.transaction(async (tx) => {
    const [{ live } = { live: 0 }] = await tx
      .select({ live: count() })
      .from(automationRules)
      .where(
        and(eq(automationRules.companyId, actor.companyId), isNull(automationRules.deletedAt)),
      );
    if (live >= AUTOMATION_LIMITS.rulesPerCompany) {
      throw new AppError('bad_request', AUTOMATION_MESSAGES.too_many_rules);
    }
    const [rule] = await tx
      .insert(automationRules)
      .values({
        companyId: actor.companyId,
        description: body.description,
        enabled: body.enabled,
        triggerType: body.trigger.type,
        templateKey: body.templateKey ?? null,
        ...definitionOf(body),
        createdBy: actor.actorUserId,
        createdByName: actor.name,
        updatedBy: actor.actorUserId,
        updatedByName: actor.name,
      })
      .returning({ id: automationRules.id });
    await tx.insert(automationRuleVersions).values({
      ruleId: rule!.id,
      companyId: actor.companyId,
      version: 1,
      ...definitionOf(body),
      savedBy: actor.actorUserId,
      savedByName: actor.name,
    });
    await recordAudit(tx, actor, {
      action: 'automation.rule_created',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'automation_rule',
      targetId: rule!.id,
      after: auditedRule({ ...body, version: 1 }),
    });
    return { id: rule!.id };
  });
}

/**
 * Saves an edit as the next version; runs already made keep the version they used, and runs
 * that start from now on use the new one.
 */
export async function updateRule(
  deps: ServiceDeps,
  options: { actor: AutomationActor; ruleId: string; body: RuleDefinition },
): Promise<{ id: string; version: number }> {
  const { actor, body } = options;
  await requireRunnableRule(deps.db, actor.companyId, body, deps.clock());
  return deps.db.transaction(async (tx) => {
    const current = await requireRule(tx, actor.companyId, options.ruleId, true);
    const version = current.version + 1;
    await tx
      .update(automationRules)
      .set({
        description: body.description,
        triggerType: body.trigger.type,
        ...definitionOf(body),
        version,
        updatedBy: actor.actorUserId,
        updatedByName: actor.name,
      })
      .where(eq(automationRules.id, current.id));
    await tx.insert(automationRuleVersions).values({
      ruleId: current.id,
      companyId: actor.companyId,
      version,
      ...definitionOf(body),
      savedBy: actor.actorUserId,
      savedByName: actor.name,
    });
    await recordAudit(tx, actor, {
      action: 'automation.rule_updated',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'automation_rule',
      targetId: current.id,
      before: auditedRule({
        ...current,
        description: current.description,
        version: current.version,
      }),
      after: auditedRule({ ...body, version }),
    });
    return { id: current.id, version };
  });
}

/** Pauses or resumes a rule: a paused rule gets no runs; what happened meanwhile is not replayed. */
export async function setRuleEnabled(
  deps: ServiceDeps,
  options: { actor: AutomationActor; ruleId: string; enabled: boolean },
): Promise<void> {
  const { actor, enabled } = options;
  await deps.db.transaction(async (tx) => {
    const current = await requireRule(tx, actor.companyId, options.ruleId, true);
    if (current.enabled === enabled) return;
    if (enabled) {
      // A rule resumed on a plan that no longer has what it uses would only fail its runs.
      await requireRunnableRule(tx, actor.companyId, current, deps.clock());
    }
    await tx
      .update(automationRules)
      .set({ enabled, updatedBy: actor.actorUserId, updatedByName: actor.name })
      .where(eq(automationRules.id, current.id));
    await recordAudit(tx, actor, {
      action: enabled ? 'automation.rule_resumed' : 'automation.rule_paused',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'automation_rule',
      targetId: current.id,
      before: { enabled: current.enabled },
      after: { enabled },
    });
  });
}

/** Deletes a rule: it stops at once; its runs and versions stay readable in the run history. */
export async function deleteRule(
  deps: ServiceDeps,
  options: { actor: AutomationActor; ruleId: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const current = await requireRule(tx, actor.companyId, options.ruleId, true);
    await tx
      .update(automationRules)
      .set({ deletedAt: sql`now()`, enabled: false })
      .where(eq(automationRules.id, current.id));
    await recordAudit(tx, actor, {
      action: 'automation.rule_deleted',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'automation_rule',
      targetId: current.id,
      before: auditedRule({ ...current, version: current.version }),
    });
  });
}
