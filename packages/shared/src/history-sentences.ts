import { AUDIT_ACTION_LABELS } from './audit-actions.ts';
import { formatShortDay, isIsoDay } from './calendar-days.ts';
import { ASSESSMENT_STATUS_LABELS } from './compliance-score.ts';
import {
  ASSETS_SIZE_LABELS,
  INSTITUTION_TYPE_LABELS,
  PRIMARY_REGULATOR_LABELS,
} from './institutions.ts';
import { REGULATION_AREA_INFO, type RegulationArea } from './regulation-areas.ts';
import {
  AGENCY_LABELS,
  CHANGE_STATUS_LABELS,
  FEED_FORMAT_LABELS,
  RISK_RATING_LABELS,
} from './regulatory-monitoring.ts';
import { CONTROL_EFFECTIVENESS_LABELS, IMPACT_LEVELS, LIKELIHOOD_LEVELS } from './risk-scoring.ts';
import { ROLE_LABELS } from './roles.ts';
import { CHANGE_FIELD_LABELS } from './schemas/changes.ts';
import { NOTIFICATION_CATEGORY_LABELS } from './schemas/profile.ts';
import { PRODUCT_LINE_LABELS, RISK_STATUS_LABELS } from './schemas/risks.ts';
import {
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from './schemas/support.ts';

/**
 * Histories as sentences (DESIGN.md rule 6): who did what, with field labels, member names, one
 * date format (`Jan 1, 2026`) and links under readable titles. The pieces here are shared by the
 * User Activity describer (`activity-sentences.ts`) and the change history's
 * (`change-history-sentences.ts`); the web renders the phrases, the PDF and tests read the text.
 */

/** Words, or a link shown under a readable title. */
export type Phrase = string | HistoryLink;
export interface HistoryLink {
  text: string;
  href: string;
  /** Outside the app: opened in a new tab, and its address printed in a PDF. */
  external: boolean;
}

/** A longer text an entry records (a comment, a note, a summary), quoted under the sentence. */
export interface HistoryQuote {
  label: string;
  text: string;
}

export interface HistorySentence {
  /** Who did it: a member's name, the email address of an attempt, or 'System'. */
  actor: string;
  /** What they did, following the name: "set Due date to Jan 1, 2026". */
  predicate: Phrase[];
  quotes: HistoryQuote[];
}

export const isLink = (phrase: Phrase): phrase is HistoryLink => typeof phrase !== 'string';

/** The sentence as plain text; `withAddresses` adds each outside link's address (a PDF). */
export function sentenceText(
  sentence: Pick<HistorySentence, 'actor' | 'predicate'>,
  options: { withAddresses?: boolean } = {},
): string {
  const predicate = sentence.predicate
    .map((phrase) =>
      !isLink(phrase)
        ? phrase
        : options.withAddresses && phrase.external
          ? `${phrase.text} (${phrase.href})`
          : phrase.text,
    )
    .join('');
  return `${sentence.actor} ${predicate}`;
}

/** Adjacent words merged, so that a renderer gets one text node per run. */
export function compactPhrases(phrases: Phrase[]): Phrase[] {
  const merged: Phrase[] = [];
  for (const phrase of phrases) {
    const last = merged.at(-1);
    if (typeof phrase === 'string' && typeof last === 'string')
      merged[merged.length - 1] = last + phrase;
    else if (phrase !== '') merged.push(phrase);
  }
  return merged;
}

/** "a", "a and b", "a, b and c". */
export function joinPhrases(items: Phrase[][]): Phrase[] {
  return items.flatMap((item, index) => [
    ...(index === 0 ? [] : index === items.length - 1 ? [' and '] : [', ']),
    ...item,
  ]);
}

/** A title as the sentence quotes it: “Quarterly BSA/AML report”. */
export const quoteTitle = (text: string) => `“${text}”`;

/** How a field is called in a history; a field not listed is named from its key. */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  ...CHANGE_FIELD_LABELS,
  ...NOTIFICATION_CATEGORY_LABELS,
  role: 'Role',
  status: 'Status',
  plan: 'Plan',
  planName: 'Plan',
  billing: 'Billing',
  planType: 'Billing',
  provider: 'Payment provider',
  currentPeriodStart: 'Period start',
  currentPeriodEnd: 'Period end',
  trialEnd: 'Trial end',
  cancelAtPeriodEnd: 'Cancel at period end',
  hasAccess: 'Access',
  name: 'Name',
  email: 'Email',
  url: 'Address',
  format: 'Format',
  agency: 'Agency',
  agencies: 'Agencies',
  keywords: 'Keywords',
  pollIntervalMinutes: 'Checked every (minutes)',
  enabled: 'Enabled',
  title: 'Title',
  startsOn: 'First date',
  rrule: 'Repeats',
  ownerId: 'Owner',
  owner: 'Owner',
  assigneeId: 'Assignee',
  assignee: 'Assignee',
  reminderDays: 'Reminders (days before)',
  date: 'Due date',
  dueDate: 'Due date',
  effectiveDate: 'Effective date',
  nextReviewDate: 'Next review',
  evidenceNote: 'Evidence note',
  evidenceUrl: 'Evidence link',
  evidenceKept: 'Evidence kept',
  file: 'Evidence file',
  fileName: 'File',
  sizeBytes: 'Size',
  doneByName: 'Done by',
  notes: 'Notes',
  notApplicableReason: 'Reason it does not apply',
  areas: 'Areas',
  regulationAreas: 'Regulation areas',
  statesOfOperation: 'States',
  institutionType: 'Institution type',
  assetsSize: 'Asset size',
  primaryRegulator: 'Primary regulator',
  requireTwoFactor: 'Two-factor required',
  sessionLifetimeHours: 'Session length (hours)',
  allowedEmailDomains: 'Invitation email domains',
  auditRetentionYears: 'Audit retention (years)',
  email_digest: 'Email digest',
  subject: 'Subject',
  category: 'Category',
  priority: 'Priority',
  kind: 'Kind',
  label: 'Evidence',
  version: 'Version',
  events: 'Events',
  mentions: 'Members mentioned',
  members: 'Members',
  method: 'Method',
  reason: 'Reason',
  summary: 'Summary',
  note: 'Note',
  comment: 'Comment',
  filters: 'Filters',
  area: 'Area',
  actor: 'Member',
  productLine: 'Product',
  description: 'Description',
  inherentLikelihood: 'Inherent likelihood',
  inherentImpact: 'Inherent impact',
  residualLikelihood: 'Residual likelihood',
  residualImpact: 'Residual impact',
  residualReason: 'Reason for the residual risk',
  reviewDate: 'Next review',
  acceptanceExpiresOn: 'Acceptance expires',
  template: 'From the starter risk',
  'control.title': 'Control',
  'control.description': 'How the control works',
  'control.ruleIds': 'Library rules',
  'control.effectivenessOverride': 'Effectiveness set by a person',
  'control.overrideReason': 'Reason for the effectiveness',
  action: 'Action',
  from: 'From',
  to: 'To',
};

/**
 * Internal keys an entry may carry that mean nothing to a reader (record ids, the demo's marker,
 * seeded-deadline keys); member ids are not among them: they are shown as names.
 */
const HIDDEN_KEYS = new Set([
  'demo',
  'set_by',
  'templateKey',
  'templateKeys',
  'fromSupport',
  'set',
]);
const MEMBER_ID_KEYS = new Set(['ownerId', 'assigneeId', 'userId', 'requesterId', 'actor']);

export const isHiddenKey = (key: string) => {
  const last = key.split('.').at(-1)!;
  return HIDDEN_KEYS.has(last) || (/Id$/.test(last) && !MEMBER_ID_KEYS.has(last));
};

/** Fields whose values are prose: quoted under the sentence rather than inline. */
const PROSE_KEYS = new Set([
  'summary',
  'note',
  'notes',
  'evidenceNote',
  'notApplicableReason',
  'comment',
]);
const LONGEST_INLINE = 80;

export const isProse = (key: string, value: unknown) =>
  PROSE_KEYS.has(key) ||
  key.startsWith('impact.') ||
  (typeof value === 'string' && value.length > LONGEST_INLINE && !isWebAddress(value));

const humanise = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A notification channel after its category: "Deadlines by email". */
const CHANNEL_WORDS: Record<string, string> = { in_app: 'in the app', email: 'by email' };

/** A field's label: "Due date"; a nested one from its parts ("Deadlines by email"). */
export function fieldLabel(key: string, labels: Record<string, string> = {}): string {
  const known = labels[key] ?? HISTORY_FIELD_LABELS[key];
  if (known) return known;
  const parts = key.split('.').filter((part) => part !== 'categories');
  const [first, second] = parts;
  if (parts.length === 2 && CHANNEL_WORDS[second!]) {
    return `${fieldLabel(first!, labels)} ${CHANNEL_WORDS[second!]}`;
  }
  return parts
    .map((part, index) => {
      const label = labels[part] ?? HISTORY_FIELD_LABELS[part] ?? humanise(part);
      return index === 0 ? label : label.toLowerCase();
    })
    .join(' ');
}

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/**
 * A title a reader recognises for a web address: "Federal Register document 2026-01234", or
 * "page on consumerfinance.gov"; null for anything that is not an http(s) address.
 */
export function readableLinkTitle(address: string): string | null {
  if (!isWebAddress(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'federalregister.gov') {
    const document =
      /\/(?:documents\/\d{4}\/\d{2}\/\d{2}|d|api\/v1\/documents)\/(\d{4}-\d{3,6}|[CER]\d-\d{4}-\d+)/.exec(
        url.pathname,
      );
    if (document) return `Federal Register document ${document[1]}`;
  }
  if (host === 'ecfr.gov') {
    const section = /title-(\d+)\/.*?(?:section-|part-)([\d.]+)\/?$/.exec(url.pathname);
    if (section) return `${section[1]} CFR ${section[2]} on eCFR`;
  }
  return `page on ${host}`;
}

/** A web address as a link under its readable title (`titles` knows some by name). */
export function linkPhrase(address: string, titles: Record<string, string> = {}): Phrase {
  const title = titles[address] ?? readableLinkTitle(address);
  return title ? { text: title, href: address, external: true } : address;
}

/**
 * Text a member wrote (a summary, a note) with each web address in it as a link under its
 * readable title, so that a long Federal Register address does not sit inline.
 */
export function linkifyText(text: string, titles: Record<string, string> = {}): Phrase[] {
  const phrases: Phrase[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"”’)]+/gi)) {
    // A sentence's full stop or comma after an address is not part of it.
    const address = match[0].replace(/[.,;:!?]+$/, '');
    phrases.push(text.slice(last, match.index), linkPhrase(address, titles));
    last = match.index + address.length;
  }
  phrases.push(text.slice(last));
  return compactPhrases(phrases);
}

/** Words for the values of a field that holds a code ("not_assessed" → "Not assessed"). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  riskRating: RISK_RATING_LABELS,
  institutionType: INSTITUTION_TYPE_LABELS,
  assetsSize: ASSETS_SIZE_LABELS,
  primaryRegulator: PRIMARY_REGULATOR_LABELS,
  agency: AGENCY_LABELS,
  agencies: AGENCY_LABELS,
  category: SUPPORT_CATEGORY_LABELS,
  priority: SUPPORT_PRIORITY_LABELS,
  source: { feed: 'Feed item', manual: 'Entered by hand' },
  productLine: PRODUCT_LINE_LABELS,
  effectivenessOverride: CONTROL_EFFECTIVENESS_LABELS,
  // Only a sign-in records a method, as the end of its sentence ("signed in with a password").
  method: {
    password: 'with a password',
    totp: 'with a password and a two-factor code',
    backup_code: 'with a password and a backup code',
  },
  format: { ...FEED_FORMAT_LABELS, csv: 'CSV', pdf: 'PDF', ics: 'iCalendar (.ics)' },
  action: AUDIT_ACTION_LABELS,
};

/** Which status a `status` field holds, by the area of the record (an audit action's prefix). */
const STATUS_LABELS: Record<string, Record<string, string>> = {
  change: CHANGE_STATUS_LABELS,
  library: ASSESSMENT_STATUS_LABELS,
  support: TICKET_STATUS_LABELS,
  risk: RISK_STATUS_LABELS,
};

/** Fields holding a code with no table of words: shown humanised ("past_due" → "Past due"). */
const CODE_FIELDS = new Set([
  'status',
  'plan',
  'planName',
  'billing',
  'planType',
  'kind',
  'email_digest',
  'provider',
  'reason',
]);

/** A risk's ratings by the level's name too ("4 Likely"), as the risk page writes them. */
const RISK_SCALES: Record<string, readonly { level: number; name: string }[]> = {
  inherentLikelihood: LIKELIHOOD_LEVELS,
  residualLikelihood: LIKELIHOOD_LEVELS,
  inherentImpact: IMPACT_LEVELS,
  residualImpact: IMPACT_LEVELS,
};

export interface ValueContext {
  /** A member's name from their id (`ownerId`); undefined for someone no longer a member. */
  memberName?: (userId: string) => string | undefined;
  /** The record's area, for its statuses: `change`, `library`, `support`. */
  area?: string;
  /** Titles of web addresses the reader already knows by name (a feed item's). */
  linkTitles?: Record<string, string>;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

const bytes = (size: number) =>
  size < 1024
    ? `${size} bytes`
    : size < 1024 * 1024
      ? `${(size / 1024).toFixed(0)} KB`
      : `${(size / 1024 / 1024).toFixed(1)} MB`;

/**
 * A value as a reader sees it: a day as `Jan 1, 2026`, a code in words, a member by name, a web
 * address as a link; null for an empty value.
 */
export function formatHistoryValue(
  key: string,
  value: unknown,
  context: ValueContext = {},
): Phrase | null {
  if (isEmpty(value)) return null;
  const field = key.split('.').at(-1)!;
  if (Array.isArray(value)) {
    const items = value
      .map((item) => formatHistoryValue(field, item, context))
      .filter((item): item is Phrase => item !== null)
      .map((item) => (isLink(item) ? item.text : item));
    // "TRID, HMDA and QM": a list reads as one value among the sentence's commas.
    return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]!;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field === 'sizeBytes') return bytes(value);
    const level = RISK_SCALES[field]?.find((entry) => entry.level === value);
    return level ? `${level.level} ${level.name}` : value.toLocaleString('en-US');
  }
  if (typeof value === 'object') {
    // A record inside a list (the demo's members): its values in words, side by side.
    return Object.entries(value as Record<string, unknown>)
      .filter(([inner]) => !isHiddenKey(inner))
      .map(([inner, item]) => formatHistoryValue(inner, item, context))
      .map((item) => (item === null ? '' : isLink(item) ? item.text : item))
      .join(' ')
      .trim();
  }
  if (typeof value !== 'string') return String(value);
  if (MEMBER_ID_KEYS.has(field)) return context.memberName?.(value) ?? 'a former member';
  if (isIsoDay(value)) return formatShortDay(value);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) {
    return formatShortDay(new Date(value).toISOString().slice(0, 10));
  }
  if (isWebAddress(value)) return linkPhrase(value, context.linkTitles);
  if (field === 'areas' || field === 'regulationAreas' || field === 'area') {
    return REGULATION_AREA_INFO[value as RegulationArea]?.tag ?? value;
  }
  const labels = field === 'status' ? STATUS_LABELS[context.area ?? ''] : VALUE_LABELS[field];
  if (labels?.[value]) return labels[value];
  return CODE_FIELDS.has(field) && /^[a-z_]+$/.test(value) ? humanise(value) : value;
}

/** One field's move in words: "set Due date to Jan 1, 2026", "changed Risk from Low to High". */
export function fieldClause(label: string, from: Phrase | null, to: Phrase | null): Phrase[] {
  if (from === null && to === null) return [`cleared ${label}`];
  if (from === null) return [`set ${label} to `, to!];
  if (to === null) return [`cleared ${label} (was `, from, ')'];
  return [`changed ${label} from `, from, ' to ', to];
}

/** Nested objects as dotted keys (`categories.deadlines.email`), so each leaf is a field. */
export function flattenFields(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return prefix ? { [prefix]: value } : {};
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      Object.entries(flattenFields(inner, prefix ? `${prefix}.${key}` : key)),
    ),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface FieldChange {
  key: string;
  from: unknown;
  to: unknown;
}

/**
 * The fields that moved between `before` and `after` (nested ones flattened), without internal
 * keys and those in `skip`, in the order `order` gives (the others after, as recorded).
 */
export function changedFields(
  before: unknown,
  after: unknown,
  options: { skip?: ReadonlySet<string>; order?: readonly string[] } = {},
): FieldChange[] {
  const was = flattenFields(before);
  const now = flattenFields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => !isHiddenKey(key) && !options.skip?.has(key) && !same(was[key], now[key]),
  );
  const order = options.order ?? [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return keys
    .map((key, index) => ({ key, index }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
    .map(({ key }) => ({ key, from: was[key], to: now[key] }));
}

/**
 * Field changes as clauses and quotes: a short value inline ("set Owner to Sam Rivera"), prose
 * (a note, a summary) quoted under the sentence ("changed Summary" and the new text).
 */
export function describeFieldChanges(
  changes: FieldChange[],
  context: ValueContext & { labels?: Record<string, string> } = {},
): { clauses: Phrase[][]; quotes: HistoryQuote[] } {
  const clauses: Phrase[][] = [];
  const quotes: HistoryQuote[] = [];
  for (const change of changes) {
    const label = fieldLabel(change.key, context.labels);
    if (isProse(change.key, change.to) || isProse(change.key, change.from)) {
      const hadText = !isEmpty(change.from);
      const hasText = !isEmpty(change.to);
      clauses.push([
        hasText ? (hadText ? `changed ${label}` : `wrote ${label}`) : `cleared ${label}`,
      ]);
      if (hasText) quotes.push({ label, text: String(change.to) });
      continue;
    }
    clauses.push(
      fieldClause(
        label,
        formatHistoryValue(change.key, change.from, context),
        formatHistoryValue(change.key, change.to, context),
      ),
    );
  }
  return { clauses, quotes };
}
