import type { Db } from '@complivue/db/database';
import { webhookEndpoints } from '@complivue/db/schema/automations';
import { decideAccess, requireFeature } from '@complivue/shared/access';
import {
  ACTIONS,
  AUTOMATION_MESSAGES,
  OPERATOR_INFO,
  TRIGGERS,
  type TriggerInfo,
} from '@complivue/shared/automations';
import type { FeatureName } from '@complivue/shared/features';
import type { RuleDefinition } from '@complivue/shared/schemas/automations';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, type FieldIssue } from '../../lib/app-error.ts';
import { activeMemberNames } from '../companies/members.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { scheduleProblem } from './automation-schedule.ts';

/** Whether the institution's plan, as it stands, includes a feature (a rule runs as the institution). */
export async function companyHasFeature(
  db: Db,
  companyId: string,
  feature: FeatureName | null,
  now: Date,
): Promise<boolean> {
  if (!feature) return true;
  const subscription = await findCompanySubscription(db, companyId);
  return decideAccess(requireFeature(feature), { role: 'admin', subscription, now }).allowed;
}

/** The member ids a rule names (owners, assignees, recipients, condition values). */
export function namedMembers(rule: RuleDefinition): string[] {
  const ids = new Set<string>();
  for (const condition of rule.conditions) {
    const field = TRIGGERS[rule.trigger.type].fields[condition.field];
    if (field?.kind === 'member' && typeof condition.value === 'string') ids.add(condition.value);
  }
  for (const action of rule.actions) {
    if (action.type === 'create_change' && action.ownerId) ids.add(action.ownerId);
    if (action.type === 'create_task' && action.assigneeId) ids.add(action.assigneeId);
    if (action.type === 'assign_owner') ids.add(action.userId);
    if ('recipients' in action) for (const id of action.recipients.userIds) ids.add(id);
  }
  return [...ids];
}

function checkConditions(trigger: TriggerInfo, rule: RuleDefinition, issues: FieldIssue[]) {
  rule.conditions.forEach((condition, index) => {
    const path = `/conditions/${index}`;
    const field = trigger.fields[condition.field];
    if (!field) {
      issues.push({ path: `${path}/field`, message: AUTOMATION_MESSAGES.unknown_field });
      return;
    }
    const operator = OPERATOR_INFO[condition.operator];
    if (!operator.kinds.includes(field.kind)) {
      issues.push({
        path: `${path}/operator`,
        message: AUTOMATION_MESSAGES.operator_not_for_field,
      });
      return;
    }
    if (!operator.value) return;
    const value = condition.value;
    if (value === null || value === undefined || value === '') {
      issues.push({ path: `${path}/value`, message: AUTOMATION_MESSAGES.value_required });
      return;
    }
    const offered = field.options?.map((option) => option.value);
    const fits =
      field.kind === 'boolean'
        ? typeof value === 'boolean'
        : typeof value === 'string' && (!offered || offered.includes(value));
    if (!fits)
      issues.push({ path: `${path}/value`, message: AUTOMATION_MESSAGES.value_not_offered });
  });
}

/**
 * Refuses a rule that cannot run as written, with a message per field: a trigger without its
 * days or schedule, a condition on a field its events do not have or with a value not offered,
 * an action the trigger's records cannot take, a member who is not an active member, a
 * webhook endpoint of another institution, or anything the institution's plan does not
 * include. The shape itself was checked by the request schema.
 */
export async function requireRunnableRule(
  db: Db,
  companyId: string,
  rule: RuleDefinition,
  now: Date,
): Promise<void> {
  const trigger = TRIGGERS[rule.trigger.type];
  const issues: FieldIssue[] = [];
  if (trigger.config === 'days_before' && !rule.trigger.daysBefore) {
    issues.push({ path: '/trigger/daysBefore', message: AUTOMATION_MESSAGES.days_before_required });
  }
  if (trigger.config === 'cron') {
    const problem = scheduleProblem(rule.trigger.cron);
    if (problem) issues.push({ path: '/trigger/cron', message: problem });
  }
  checkConditions(trigger, rule, issues);

  rule.actions.forEach((action, index) => {
    const path = `/actions/${index}`;
    const info = ACTIONS[action.type];
    if (info.subjects && (!trigger.subject || !info.subjects.includes(trigger.subject))) {
      issues.push({ path: `${path}/type`, message: AUTOMATION_MESSAGES.action_not_for_trigger });
    }
    if (action.type === 'create_task' && action.assignToOwner && !trigger.subject) {
      issues.push({
        path: `${path}/assignToOwner`,
        message: AUTOMATION_MESSAGES.action_not_for_trigger,
      });
    }
    if ('recipients' in action) {
      const { userIds, roles, owner } = action.recipients;
      if (userIds.length + roles.length === 0 && !owner) {
        issues.push({
          path: `${path}/recipients`,
          message: AUTOMATION_MESSAGES.recipients_required,
        });
      }
      if (owner && !trigger.subject) {
        issues.push({
          path: `${path}/recipients/owner`,
          message: AUTOMATION_MESSAGES.action_not_for_trigger,
        });
      }
    }
  });

  const members = namedMembers(rule);
  const known = await activeMemberNames(db, companyId, members);
  const unknown = new Set(members.filter((id) => !known.has(id)));
  if (unknown.size > 0) {
    rule.conditions.forEach((condition, index) => {
      if (typeof condition.value === 'string' && unknown.has(condition.value)) {
        issues.push({
          path: `/conditions/${index}/value`,
          message: AUTOMATION_MESSAGES.member_not_found,
        });
      }
    });
    rule.actions.forEach((action, index) => {
      const ids = [
        action.type === 'create_change' ? action.ownerId : null,
        action.type === 'create_task' ? action.assigneeId : null,
        action.type === 'assign_owner' ? action.userId : null,
        ...('recipients' in action ? action.recipients.userIds : []),
      ];
      if (ids.some((id) => id && unknown.has(id))) {
        issues.push({ path: `/actions/${index}`, message: AUTOMATION_MESSAGES.member_not_found });
      }
    });
  }

  const endpointIds = rule.actions.flatMap((action) =>
    action.type === 'webhook' ? [action.endpointId] : [],
  );
  if (endpointIds.length > 0) {
    const live = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.companyId, companyId),
          inArray(webhookEndpoints.id, endpointIds),
          isNull(webhookEndpoints.deletedAt),
        ),
      );
    const found = new Set(live.map((row) => row.id));
    rule.actions.forEach((action, index) => {
      if (action.type === 'webhook' && !found.has(action.endpointId)) {
        issues.push({
          path: `/actions/${index}/endpointId`,
          message: AUTOMATION_MESSAGES.endpoint_not_found,
        });
      }
    });
  }
  if (issues.length > 0) throw AppError.validationFailed(issues, issues[0]!.message);

  const features = [trigger.feature, ...rule.actions.map((action) => ACTIONS[action.type].feature)];
  for (const feature of new Set(features)) {
    if (!(await companyHasFeature(db, companyId, feature, now))) {
      throw new AppError('feature_unavailable', AUTOMATION_MESSAGES.feature_unavailable, {
        needed: feature,
      });
    }
  }
}
