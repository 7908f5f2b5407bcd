import type { Db } from '@complivue/db/database';
import { calendarEvents } from '@complivue/db/schema/calendar';
import { changeItems } from '@complivue/db/schema/changes';
import { companies } from '@complivue/db/schema/companies';
import { riskFindingActions } from '@complivue/db/schema/findings';
import { policies } from '@complivue/db/schema/policies';
import { ruleAssessments } from '@complivue/db/schema/library';
import { risks } from '@complivue/db/schema/risks';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  ACTIONS,
  AUTOMATION_MESSAGES,
  TITLE_TOKEN,
  TRIGGERS,
  type AutomationSubject,
  type AutomationTrigger,
} from '@complivue/shared/automations';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { ActionDefinition, Recipients } from '@complivue/shared/schemas/automations';
import type { NotificationCategory } from '@complivue/shared/schemas/profile';
import type { SubjectType } from '@complivue/shared/collaboration';
import { changeLink } from '@complivue/shared/record-links';
import { and, eq, inArray } from 'drizzle-orm';
import type { DatedActor } from '../auth/actor.ts';
import { automationEmail } from '../../lib/email/templates.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { institutionFacts } from '../companies/institution.ts';
import { updateCalendarEvent } from '../calendar/calendar.service.ts';
import { addTask, createChange, updateChange } from '../changes/changes.service.ts';
import { createTask } from '../collaboration/tasks.service.ts';
import { updateAssessment } from '../library/assessments.ts';
import { updatePolicy } from '../policies/policies.service.ts';
import { updateFindingAction } from '../risks/findings.service.ts';
import { updateRisk } from '../risks/risks.service.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { companyHasFeature } from './automation-rule-check.ts';
import { attemptWebhookDelivery } from './webhook-deliveries.ts';
import { webhookSendOptions } from './webhook-send.ts';

/** The event a run reacts to, as the actions read it. */
export interface RunEvent {
  id: string;
  trigger: AutomationTrigger;
  subjectType: AutomationSubject | null;
  subjectId: string | null;
  summary: string;
  link: string | null;
  fields: Record<string, unknown>;
  occurredAt: Date;
}

/** Who an action acts as: the rule, on behalf of the administrator who last saved it. */
export type RuleActor = DatedActor;

export interface ActionContext {
  deps: ServiceDeps;
  actor: RuleActor;
  rule: { id: string; name: string; version: number };
  runId: string;
  runActionId: string;
  event: RunEvent;
  /** Whether a failure of this attempt is the last (no retry follows). */
  final: boolean;
}

export interface ActionResult {
  label: string | null;
  link: string | null;
}

/**
 * A failure that no retry can mend (a member who left, a feature the plan lost): the action is
 * marked failed at once instead of being tried again.
 */
export class PermanentActionError extends Error {}

const permanent = (message: string) => new PermanentActionError(message);

/** The title of the event's record, for `{title}` in a task's title or a message. */
function fillTitle(text: string, event: RunEvent): string {
  const title = typeof event.fields.title === 'string' ? event.fields.title : event.summary;
  return text.split(TITLE_TOKEN).join(title);
}

/** The member ids a recipients choice names, as they stand when the action runs. */
export async function resolveRecipients(
  db: Db,
  companyId: string,
  recipients: Recipients,
  event: RunEvent,
): Promise<string[]> {
  const ids = new Set(recipients.userIds);
  if (recipients.owner && typeof event.fields.owner === 'string') ids.add(event.fields.owner);
  if (recipients.roles.length > 0) {
    const rows = await db
      .select({ userId: userProfiles.userId })
      .from(userProfiles)
      .where(
        and(
          eq(userProfiles.companyId, companyId),
          eq(userProfiles.status, 'active'),
          inArray(userProfiles.role, recipients.roles),
        ),
      );
    for (const row of rows) ids.add(row.userId);
  }
  if (ids.size === 0) return [];
  // Only active members of this institution: an id of anyone else is dropped here.
  const members = await db
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(
      and(
        inArray(userProfiles.userId, [...ids]),
        eq(userProfiles.companyId, companyId),
        eq(userProfiles.status, 'active'),
      ),
    );
  return members.map((row) => row.userId);
}

const CATEGORY_OF: Partial<Record<AutomationTrigger, NotificationCategory>> = {
  update_published: 'regulatory_updates',
  deadline_approaching: 'deadlines',
  deadline_missed: 'deadlines',
};
const categoryOf = (trigger: AutomationTrigger): NotificationCategory =>
  CATEGORY_OF[trigger] ?? 'tasks';

const RUN_LINK = (runId: string) => `/automations/runs/${runId}`;

/** Rethrows a service's refusal (a 4xx) as permanent: trying again would be refused again. */
async function asAction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) throw permanent(error.message);
    throw error;
  }
}

async function createChangeAction(
  context: ActionContext,
  action: Extract<ActionDefinition, { type: 'create_change' }>,
): Promise<ActionResult> {
  const { deps, actor, event } = context;
  const fromUpdate = event.subjectType === 'feed_item' && event.subjectId;
  const title = typeof event.fields.title === 'string' ? event.fields.title : event.summary;
  const outcome = await asAction(() =>
    createChange(deps, {
      actor,
      body: fromUpdate
        ? { feedItemId: event.subjectId!, ownerId: action.ownerId ?? null }
        : {
            title: title.slice(0, 200),
            summary: `Opened by the automation “${context.rule.name}”: ${event.summary}`.slice(
              0,
              5000,
            ),
            ownerId: action.ownerId ?? null,
          },
    }),
  );
  const [change] = await deps.db
    .select({ number: changeItems.number })
    .from(changeItems)
    .where(and(eq(changeItems.id, outcome.id), eq(changeItems.companyId, actor.companyId)));
  const label = change ? changeNumberLabel(change.number) : 'The change';
  return {
    label: outcome.created ? `${label} opened` : `${label} was already open for this update`,
    link: changeLink(outcome.id),
  };
}

/** The team-task subject of an event's record (a change's tasks are the change's own). */
function taskSubject(event: RunEvent): { type: SubjectType; id: string } | null {
  if (!event.subjectId) return null;
  switch (event.subjectType) {
    case 'calendar_event':
      return { type: 'calendar_event', id: event.subjectId };
    case 'assessment':
      return { type: 'rule', id: event.subjectId };
    case 'risk':
      return { type: 'risk', id: event.subjectId };
    case 'policy':
      return { type: 'policy', id: event.subjectId };
    case 'finding_action':
      return typeof event.fields.findingId === 'string'
        ? { type: 'finding', id: event.fields.findingId }
        : null;
    default:
      return null;
  }
}

async function createTaskAction(
  context: ActionContext,
  action: Extract<ActionDefinition, { type: 'create_task' }>,
): Promise<ActionResult> {
  const { deps, actor, event } = context;
  const owner = typeof event.fields.owner === 'string' ? event.fields.owner : null;
  const assigneeId = action.assignToOwner ? owner : (action.assigneeId ?? null);
  const title = fillTitle(action.title, event).slice(0, 200);
  const dueDate = action.dueInDays ? addDays(actor.today, action.dueInDays) : null;
  if (event.subjectType === 'change' && event.subjectId) {
    await asAction(() =>
      addTask(deps, {
        actor,
        changeId: event.subjectId!,
        task: { title, assigneeId, dueDate },
      }),
    );
    return { label: `Task “${title}” added to the change`, link: changeLink(event.subjectId) };
  }
  const subject = taskSubject(event);
  const subscription = await findCompanySubscription(deps.db, actor.companyId);
  await asAction(() =>
    createTask(deps, {
      actor: { ...actor, subscription },
      request: { title, assigneeId, dueDate, subject: subject ?? undefined, checklist: [] },
    }),
  );
  return { label: `Task “${title}” created`, link: '/collaboration?view=tasks' };
}

async function assignOwnerAction(
  context: ActionContext,
  action: Extract<ActionDefinition, { type: 'assign_owner' }>,
): Promise<ActionResult> {
  const { deps, actor, event } = context;
  const id = event.subjectId;
  if (!id) throw permanent(AUTOMATION_MESSAGES.action_not_for_trigger);
  const unchanged = { label: 'It already had an owner; left as it was', link: event.link };
  const changes = { ownerId: action.userId };
  const { db } = deps;
  const company = actor.companyId;
  switch (event.subjectType) {
    case 'change': {
      const [row] = await db
        .select({ ownerId: changeItems.ownerId })
        .from(changeItems)
        .where(and(eq(changeItems.id, id), eq(changeItems.companyId, company)));
      if (!row) throw permanent('The change no longer exists.');
      if (row.ownerId) return unchanged;
      await asAction(() => updateChange(deps, { actor, changeId: id, changes }));
      break;
    }
    case 'risk': {
      const [row] = await db
        .select({ ownerId: risks.ownerId })
        .from(risks)
        .where(and(eq(risks.id, id), eq(risks.companyId, company)));
      if (!row) throw permanent('The risk no longer exists.');
      if (row.ownerId) return unchanged;
      await asAction(() => updateRisk(deps, { actor, riskId: id, changes }));
      break;
    }
    case 'assessment': {
      const [row] = await db
        .select({ ownerId: ruleAssessments.ownerId })
        .from(ruleAssessments)
        .where(and(eq(ruleAssessments.ruleId, id), eq(ruleAssessments.companyId, company)));
      if (row?.ownerId) return unchanged;
      await asAction(() => updateAssessment(deps, { assessor: actor, ruleId: id, changes }));
      break;
    }
    case 'calendar_event': {
      const [row] = await db
        .select({ ownerId: calendarEvents.ownerId })
        .from(calendarEvents)
        .where(and(eq(calendarEvents.id, id), eq(calendarEvents.companyId, company)));
      if (!row) throw permanent('The deadline no longer exists.');
      if (row.ownerId) return unchanged;
      const [institution] = await db.select().from(companies).where(eq(companies.id, company));
      await asAction(() =>
        updateCalendarEvent(deps, {
          actor: { ...actor, facts: institutionFacts(institution ?? null) },
          eventId: id,
          changes,
        }),
      );
      break;
    }
    case 'finding_action': {
      const [row] = await db
        .select({ ownerId: riskFindingActions.ownerId, findingId: riskFindingActions.findingId })
        .from(riskFindingActions)
        .where(and(eq(riskFindingActions.id, id), eq(riskFindingActions.companyId, company)));
      if (!row) throw permanent('The corrective action no longer exists.');
      if (row.ownerId) return unchanged;
      await asAction(() =>
        updateFindingAction(deps, { actor, findingId: row.findingId, actionId: id, changes }),
      );
      break;
    }
    case 'policy': {
      const [row] = await db
        .select({ ownerId: policies.ownerId })
        .from(policies)
        .where(and(eq(policies.id, id), eq(policies.companyId, company)));
      if (!row) throw permanent('The policy no longer exists.');
      if (row.ownerId) return unchanged;
      await asAction(() => updatePolicy(deps, { actor, policyId: id, changes }));
      break;
    }
    default:
      throw permanent(AUTOMATION_MESSAGES.action_not_for_trigger);
  }
  return { label: 'Owner assigned', link: event.link };
}

async function notifyAction(
  context: ActionContext,
  action: Extract<ActionDefinition, { type: 'notify' | 'add_to_digest' }>,
): Promise<ActionResult> {
  const { deps, actor, event, rule } = context;
  const userIds = await resolveRecipients(deps.db, actor.companyId, action.recipients, event);
  if (userIds.length === 0)
    throw permanent('None of the chosen recipients is an active member now.');
  const message =
    action.type === 'notify' && action.message ? fillTitle(action.message, event) : '';
  const ids = await deps.notify({
    companyId: actor.companyId,
    userIds,
    type: `automation.${action.type}`,
    category: categoryOf(event.trigger),
    title: event.summary,
    body: [message, `From the automation “${rule.name}”.`].filter(Boolean).join(' '),
    link: event.link ?? RUN_LINK(context.runId),
    email: action.type === 'add_to_digest' ? 'digest_only' : 'as_chosen',
  });
  const verb = action.type === 'notify' ? 'Notified' : 'Added to the digest of';
  return { label: `${verb} ${ids.length} member${ids.length === 1 ? '' : 's'}`, link: null };
}

async function sendEmailAction(
  context: ActionContext,
  action: Extract<ActionDefinition, { type: 'send_email' }>,
): Promise<ActionResult> {
  const { deps, actor, event, rule } = context;
  const userIds = await resolveRecipients(deps.db, actor.companyId, action.recipients, event);
  if (userIds.length === 0)
    throw permanent('None of the chosen recipients is an active member now.');
  const members = await deps.db
    .select({ email: userProfiles.email, fullName: userProfiles.fullName })
    .from(userProfiles)
    .where(inArray(userProfiles.userId, userIds));
  const link = event.link ?? RUN_LINK(context.runId);
  for (const member of members) {
    await deps.mailer.send(
      automationEmail({
        to: member.email,
        name: member.fullName ?? member.email.split('@')[0] ?? 'there',
        subject: fillTitle(action.subject || event.summary, event).slice(0, 200),
        message: action.message ? fillTitle(action.message, event) : event.summary,
        ruleName: rule.name,
        url: new URL(link, deps.env.APP_URL).toString(),
      }),
    );
  }
  return {
    label: `Emailed ${members.length} member${members.length === 1 ? '' : 's'}`,
    link: null,
  };
}

async function webhookAction(
  context: ActionContext,
  action: Extract<ActionDefinition, { type: 'webhook' }>,
): Promise<ActionResult> {
  const { deps, actor, event, rule } = context;
  const outcome = await attemptWebhookDelivery(deps.db, {
    companyId: actor.companyId,
    endpointId: action.endpointId,
    runActionId: context.runActionId,
    runId: context.runId,
    eventType: event.trigger,
    payload: {
      rule: { id: rule.id, name: rule.name, version: rule.version },
      run: { id: context.runId },
      event: {
        id: event.id,
        trigger: event.trigger,
        summary: event.summary,
        occurredAt: event.occurredAt.toISOString(),
        subject: event.subjectType ? { type: event.subjectType, id: event.subjectId } : null,
        link: event.link ? new URL(event.link, deps.env.APP_URL).toString() : null,
        fields: event.fields,
      },
    },
    final: context.final,
    send: webhookSendOptions(deps.env),
  });
  if (!outcome.ok) throw new Error(outcome.error ?? 'The endpoint did not accept the delivery.');
  return {
    label: `Delivered (HTTP ${outcome.responseStatus}, ${outcome.durationMs} ms)`,
    link: '/automations/webhooks',
  };
}

/**
 * Does one action of a run. Throws to fail the attempt: a PermanentActionError is not retried.
 * The institution's plan is checked at each run: a rule saved on a plan that was later lowered
 * fails with a clear error instead of working around the plan.
 */
export async function performAction(
  context: ActionContext,
  action: ActionDefinition,
): Promise<ActionResult> {
  const { deps, actor } = context;
  const feature = ACTIONS[action.type].feature;
  const triggerFeature = TRIGGERS[context.event.trigger].feature;
  for (const needed of [feature, triggerFeature]) {
    if (!(await companyHasFeature(deps.db, actor.companyId, needed, deps.clock()))) {
      throw permanent(AUTOMATION_MESSAGES.feature_unavailable);
    }
  }
  switch (action.type) {
    case 'create_change':
      return createChangeAction(context, action);
    case 'create_task':
      return createTaskAction(context, action);
    case 'assign_owner':
      return assignOwnerAction(context, action);
    case 'notify':
    case 'add_to_digest':
      return notifyAction(context, action);
    case 'send_email':
      return sendEmailAction(context, action);
    case 'webhook':
      return webhookAction(context, action);
    default:
      throw permanent(AUTOMATION_MESSAGES.unknown_action);
  }
}

/** The day a rule's actions date things by (due dates): the institution's, US Eastern. */
export const ruleToday = (now: Date) => todayIn(null, now);
