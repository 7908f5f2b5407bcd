import { auditActionLabel } from './audit-actions.ts';
import {
  changedFields,
  compactPhrases,
  describeFieldChanges,
  fieldLabel,
  formatHistoryValue,
  isProse,
  joinPhrases,
  type FieldChange,
  type HistoryQuote,
  type HistorySentence,
  type Phrase,
  type ValueContext,
} from './history-sentences.ts';
import type { ActivityEntry } from './schemas/activity.ts';

/**
 * What each audit action says after the member's name. `{target|fallback}` is the record the
 * entry is about (its name now, linked to its page), `{after.key}` and `{before.key}` a value the
 * entry recorded. The values a sentence names are not repeated in its details, unless `keep`
 * lists them (a renamed event is named by its old title, and its new title is a detail); `omit`
 * names values the target already says (a change's number and title).
 */
const ACTIVITY_SENTENCES: Record<string, string | SentenceTemplate> = {
  'auth.sign_up': 'created an account and the institution on the {after.plan} plan',
  'auth.sign_in': 'signed in {after.method}',
  'auth.sign_in_failed': 'failed to sign in',
  'auth.sign_in_refused': 'tried to sign in to a deactivated account',
  'auth.sign_out': 'signed out',
  'auth.two_factor_failed': 'entered a two-factor code that was refused',
  'auth.two_factor_enabled': 'turned on two-factor authentication',
  'auth.two_factor_disabled': 'turned off two-factor authentication',
  'auth.password_changed': 'changed their password',
  'auth.password_reset_requested': 'asked for a password reset',
  'auth.password_reset': 'reset their password',
  'auth.session_revoked': 'signed out a device',
  'role.changed': 'changed the role of {target|a member} from {before.role} to {after.role}',
  'member.deactivated': 'deactivated {target|a member}',
  'member.reactivated': 'reactivated {target|a member}',
  'invitation.sent': 'invited {after.email} as {after.role}',
  'invitation.resent': 'sent a new invitation link to {after.email}',
  'invitation.revoked': 'revoked the invitation of {before.email}',
  'invitation.accepted': 'accepted the invitation to join as {after.role}',
  'company.created': 'created the institution {after.name}',
  'company.profile_updated': "changed the institution's profile",
  'company.settings_updated': 'changed the security settings',
  'company.notification_defaults_updated': 'changed the notification defaults',
  'company.deleted': 'deleted the institution {before.name}',
  'company.exported': "exported the institution's data",
  'library.assessment_updated': 'assessed rule {target|a rule}',
  'library.evidence_added': 'added evidence “{after.label}” to rule {target|a rule}',
  'library.evidence_removed': 'removed evidence “{before.label}” from rule {target|a rule}',
  'library.assessments_exported': 'exported the rule assessments',
  'library.article_saved': 'saved version {after.version} of article {target|an article}',
  'library.article_published': 'published version {after.version} of article {target|an article}',
  'billing.plan_activated': 'activated the {after.plan} plan',
  'billing.plan_changed': 'changed the plan from {before.plan} to {after.plan}',
  'billing.cancel_at_period_end': 'cancelled the plan at the end of its period',
  'billing.payment_failed': 'recorded a failed payment',
  'subscription.set_by_admin': 'set the plan of the institution',
  'activity.exported': 'exported the activity log',
  'setup.first_administrator_created': 'set up the platform',
  'setup.demo_workspace_seeded': 'created the demo workspace',
  'feature_matrix.changed': 'changed the plan feature matrix',
  'calendar.event_created': 'added calendar event “{after.title}”',
  'calendar.event_updated': { text: 'changed calendar event “{before.title}”', keep: ['title'] },
  'calendar.event_deleted': 'deleted calendar event “{before.title}”',
  'calendar.event_restored': 'restored regulatory deadline “{after.title}”',
  'calendar.optional_deadlines_added': 'added optional regulatory deadlines',
  'calendar.occurrence_completed': 'marked “{after.title}” done for {after.date}',
  'calendar.occurrence_reopened': 'reopened “{before.title}” of {before.date}',
  'calendar.exported': 'exported the regulatory calendar',
  'calendar.subscription_created': 'created a calendar subscription address',
  'calendar.subscription_revoked': 'revoked a calendar subscription address',
  'change.created': {
    text: 'created change {target|a regulatory change}',
    omit: ['number', 'title'],
  },
  'change.updated': 'edited change {target|a regulatory change}',
  'change.status_changed':
    'moved change {target|a regulatory change} from {before.status} to {after.status}',
  'change.task_added': 'added the task “{after.title}” to change {target|a regulatory change}',
  'change.task_updated': {
    text: 'updated the task “{before.task}” of change {target|a regulatory change}',
    keep: ['task'],
  },
  'change.task_removed':
    'removed the task “{before.title}” from change {target|a regulatory change}',
  'change.comment_added': 'commented on change {target|a regulatory change}',
  'change.attachment_added': 'attached “{after.fileName}” to change {target|a regulatory change}',
  'change.loan_test_saved':
    'saved the loan test “{after.loanTest}” to change {target|a regulatory change}',
  'finding.loan_test_saved': 'saved the loan test “{after.loanTest}” to finding {target|a finding}',
  'apor_table.loaded':
    'loaded version {after.version} of the {after.amortization} APOR table ({after.weeks} weeks)',
  'change.attachment_removed':
    'removed the file “{before.fileName}” from change {target|a regulatory change}',
  'change.exported': 'exported regulatory changes',
  'comment.added': {
    text: 'commented on {target|{after.subject}}',
    omit: ['subject', 'mentions'],
  },
  'comment.edited': { text: 'edited a comment on {target|{after.subject}}', omit: ['subject'] },
  'comment.deleted': {
    text: 'deleted a comment by {after.author} on {target|{after.subject}}',
    omit: ['subject', 'author'],
  },
  'thread.created': { text: 'started the team thread “{after.title}”', omit: ['title'] },
  'task.created': {
    text: 'added the task “{after.title}” on {target|{after.subject}}',
    omit: ['title', 'subject'],
  },
  'task.updated': {
    text: 'changed the task “{before.title}” on {target|{after.subject}}',
    omit: ['subject'],
  },
  'task.completed': {
    text: 'completed the task “{after.title}” on {target|{after.subject}}',
    omit: ['title', 'subject', 'assigneeId', 'dueDate'],
  },
  'task.reopened': {
    text: 'reopened the task “{after.title}” on {target|{after.subject}}',
    omit: ['title', 'subject', 'assigneeId', 'dueDate'],
  },
  'task.deleted': {
    text: 'deleted the task “{before.title}” on {target|{before.subject}}',
    omit: ['title', 'subject'],
  },
  'feeds.watchlist_updated': 'changed the regulatory watchlist',
  'feeds.source_created': 'added feed source “{after.name}”',
  'feeds.source_updated': { text: 'changed feed source “{before.name}”', keep: ['name'] },
  'feeds.source_deleted': 'removed feed source “{before.name}”',
  'webhooks.endpoint_created': 'added webhook endpoint “{after.name}”',
  'webhooks.endpoint_updated': 'changed a webhook endpoint',
  'webhooks.endpoint_deleted': 'removed webhook endpoint “{before.name}”',
  'webhooks.secret_rotated': 'rotated the signing secret of webhook endpoint “{after.name}”',
  'webhooks.test_sent': 'sent a test delivery to webhook endpoint “{after.name}”',
  'webhooks.redelivered': 'redelivered a webhook to endpoint “{after.name}”',
  'risk.created': 'added risk {target|a risk}',
  'risk.updated': 'edited risk {target|a risk}',
  'risk.deleted': {
    text: 'deleted risk {target|RSK-{before.number} “{before.title}”}',
    omit: ['number', 'title'],
  },
  'risk.control_added': 'added a control to risk {target|a risk}',
  'risk.control_updated': 'changed a control of risk {target|a risk}',
  'risk.control_removed': 'removed a control from risk {target|a risk}',
  'risk.exported': 'exported the risk register',
  'risk_assessment.submitted':
    'submitted version {after.version} of the risk assessment for approval',
  'risk_assessment.approved': 'approved version {after.version} of the risk assessment',
  'risk_assessment.returned': 'returned version {after.version} of the risk assessment',
  'risk_assessment.reopened': 're-opened the risk assessment after version {after.version}',
  'finding.created': 'recorded finding {target|a finding}',
  'finding.updated': 'edited finding {target|a finding}',
  'finding.deleted': {
    text: 'deleted finding {target|FND-{before.number} “{before.title}”}',
    omit: ['number', 'title'],
  },
  'finding.action_added': 'added a corrective action to finding {target|a finding}',
  'finding.action_updated': 'changed a corrective action of finding {target|a finding}',
  'finding.action_completed': 'completed a corrective action of finding {target|a finding}',
  'finding.action_validated': 'validated a corrective action of finding {target|a finding}',
  'finding.closed': 'closed finding {target|a finding}',
  'finding.reopened': 'reopened finding {target|a finding}',
  'finding.exported': 'exported the findings',
  'policy.created': 'added policy {target|a policy}',
  'policy.version_added': 'added version {after.version} of policy {target|a policy}',
  'policy.updated': 'edited policy {target|a policy}',
  'policy.submitted': 'submitted policy {target|a policy} for approval',
  'policy.approved': 'approved policy {target|a policy}',
  'policy.returned': 'returned policy {target|a policy} to draft',
  'policy.match_confirmed': 'confirmed a rule covered by policy {target|a policy}',
  'policy.match_rejected': 'rejected a rule suggested for policy {target|a policy}',
  'policy.gaps_exported': 'exported the policy gap report ({after.format})',
  'policy.attestation_requested':
    'asked every member to acknowledge version {after.version} of policy {target|a policy}',
  'policy.attestation_reminded':
    'reminded {after.reminded} members to acknowledge policy {target|a policy}',
  'policy.acknowledged': 'acknowledged version {after.version} of policy {target|a policy}',
  'policy.impact_reviewed': 'reviewed policy {target|a policy} against a regulatory change',
  'policy.deleted': {
    text: 'deleted policy {target|POL-{before.number} “{before.title}”}',
    omit: ['number', 'title'],
  },
  'support.ticket_opened': 'opened support ticket {after.number} “{after.subject}”',
  'support.ticket_replied': {
    text: 'replied on support ticket {target|{after.number}}',
    omit: ['number'],
  },
  'support.ticket_closed': 'closed support ticket {target|a ticket}',
  'support.ticket_reopened': 'reopened support ticket {target|a ticket}',
};

interface SentenceTemplate {
  text: string;
  keep?: string[];
  omit?: string[];
}

export interface ActivityContext extends ValueContext {
  /** The in-app page of the record an entry is about, if it has one. */
  targetPath?: (targetType: string, targetId: string) => string | null;
}

type Entry = Pick<
  ActivityEntry,
  'action' | 'actor' | 'targetType' | 'targetId' | 'targetLabel' | 'before' | 'after'
>;

/** Who did it: the member, the address an attempt named (a failed sign-in), or the system. */
export function activityActor(entry: Pick<Entry, 'actor' | 'targetType' | 'targetId'>): string {
  if (entry.actor) return entry.actor.fullName ?? entry.actor.email ?? 'A former member';
  return entry.targetType === 'email' && entry.targetId ? entry.targetId : 'System';
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** The template's placeholders filled in; the keys it named. */
function fillTemplate(template: string, entry: Entry, context: ActivityContext) {
  const named = new Set<string>();
  const phrases: Phrase[] = [];
  const recorded = { before: asRecord(entry.before), after: asRecord(entry.after) };
  const area = entry.action.split('.')[0];
  let last = 0;
  // `{target|a {after.number}}` holds a placeholder in its fallback: matched innermost first.
  const placeholder = /\{(target|before\.\w+|after\.\w+)(?:\|((?:[^{}]|\{[^{}]*\})*))?\}/g;
  for (const match of template.matchAll(placeholder)) {
    phrases.push(template.slice(last, match.index));
    last = match.index + match[0].length;
    const [, name, fallback] = match;
    if (name === 'target') {
      if (entry.targetLabel && entry.targetType && entry.targetId) {
        const href = context.targetPath?.(entry.targetType, entry.targetId) ?? null;
        phrases.push(href ? { text: entry.targetLabel, href, external: false } : entry.targetLabel);
      } else if (fallback) {
        phrases.push(...fillTemplate(fallback, entry, context).phrases);
      }
      continue;
    }
    const [side, key] = name!.split('.') as ['before' | 'after', string];
    named.add(key);
    const value = formatHistoryValue(key, recorded[side]?.[key], { ...context, area });
    phrases.push(value ?? fallback ?? '');
  }
  phrases.push(template.slice(last));
  return { phrases, named };
}

/**
 * An audit entry as a sentence: "Alex Morgan changed the role of Sam Rivera from User to
 * Manager", "Jordan Lee edited change CHG-3 “Escrow rule”: set Due date to Jan 1, 2027". What
 * the entry recorded beyond its sentence follows as clauses (a before and an after) or as
 * labelled facts in brackets (an entry that records only one side); internal keys never show.
 */
export function describeActivity(entry: Entry, context: ActivityContext = {}): HistorySentence {
  const sentence = ACTIVITY_SENTENCES[entry.action];
  const template =
    typeof sentence === 'string'
      ? sentence
      : (sentence?.text ?? lowerFirst(auditActionLabel(entry.action)));
  const keep = new Set(typeof sentence === 'object' ? sentence.keep : []);
  const { phrases, named } = fillTemplate(template, entry, context);
  const skip = new Set([
    ...[...named].filter((key) => !keep.has(key)),
    ...((typeof sentence === 'object' && sentence.omit) || []),
  ]);
  const area = entry.action.split('.')[0];
  const bothSides = asRecord(entry.before) !== null && asRecord(entry.after) !== null;
  const fields = bothSides
    ? changedFields(entry.before, entry.after, { skip })
    : changedFields(null, entry.after ?? entry.before, { skip });
  const { details, quotes } = bothSides
    ? movesOf(fields, { ...context, area })
    : factsOf(fields, { ...context, area });
  return {
    actor: activityActor(entry),
    predicate: compactPhrases([...phrases, ...details]).map((phrase, index, all) =>
      index === all.length - 1 && typeof phrase === 'string' ? phrase.trimEnd() : phrase,
    ),
    quotes,
  };
}

/** Fields that moved, after the sentence: ": set Due date to Jan 1, 2027 and …". */
function movesOf(fields: FieldChange[], context: ValueContext) {
  const { clauses, quotes } = describeFieldChanges(fields, context);
  return { details: clauses.length > 0 ? [': ', ...joinPhrases(clauses)] : [], quotes };
}

/** What a one-sided entry recorded, labelled, in brackets: " (Category: Question, …)". */
function factsOf(fields: FieldChange[], context: ValueContext) {
  const facts: Phrase[][] = [];
  const quotes: HistoryQuote[] = [];
  for (const { key, to } of fields) {
    const label = fieldLabel(key);
    if (isProse(key, to)) quotes.push({ label, text: String(to) });
    else {
      const value = formatHistoryValue(key, to, context);
      if (value !== null) facts.push([`${label}: `, value]);
    }
  }
  const details: Phrase[] =
    facts.length > 0
      ? [' (', ...facts.flatMap((fact, index) => (index === 0 ? fact : ['; ', ...fact])), ')']
      : [];
  return { details, quotes };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
