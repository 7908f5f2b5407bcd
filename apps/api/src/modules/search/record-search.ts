import type { Db } from '@complivue/db/database';
import { calendarEvents } from '@complivue/db/schema/calendar';
import { changeItems } from '@complivue/db/schema/changes';
import { riskFindings } from '@complivue/db/schema/findings';
import { policies } from '@complivue/db/schema/policies';
import { risks } from '@complivue/db/schema/risks';
import { supportTickets } from '@complivue/db/schema/support';
import { decideAccess, PAGE_ACCESS, type SubscriptionFacts } from '@complivue/shared/access';
import { SUBJECT_PAGES } from '@complivue/shared/collaboration';
import { policyNumberLabel } from '@complivue/shared/policies';
import { CHANGE_STATUS_LABELS, changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { findingNumberLabel } from '@complivue/shared/risk-findings';
import { riskNumberLabel, RISK_STATUS_LABELS } from '@complivue/shared/schemas/risks';
import {
  RECORD_KINDS,
  RECORD_RESULTS_PER_KIND,
  type RecordKind,
  type RecordResult,
  type RecordSearchResponse,
} from '@complivue/shared/schemas/search';
import { TICKET_STATUS_LABELS } from '@complivue/shared/schemas/support';
import type { Role } from '@complivue/shared/roles';
import { and, desc, eq, ilike, isNull, ne, or, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  calendarEventLink,
  changeLink,
  findingLink,
  numberedTitle,
  policyLink,
  riskLink,
  supportTicketLink,
} from '@complivue/shared/record-links';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../lib/sql-patterns.ts';
import { ticketsVisibleTo } from '../support/tickets.queries.ts';

/**
 * Search over the institution's own records (issue 26): its changes, calendar deadlines, risks,
 * findings, policies and support tickets, by words of their titles and texts or by the number
 * people quote ("CHG-12", "RSK-3", "12"). Each kind is searched only when the member's plan and
 * role open its page, always within the member's institution, and a confidential SAR deadline
 * (31 CFR 1020.320(e)) is never found: a match on its text would tell that a SAR is being filed.
 */
export interface RecordSearcher {
  actorUserId: string;
  role: Role;
  companyId: string;
  subscription: SubscriptionFacts | null;
}

/** The number prefixes people quote, by kind. */
const NUMBER_PREFIXES: Partial<Record<RecordKind, string>> = {
  change: 'CHG',
  risk: 'RSK',
  finding: 'FND',
  policy: 'POL',
};

const MAX_WORDS = 6;

/** The query's words, each of which a record must hold in one of its texts. */
export function queryWords(query: string): string[] {
  return query.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

/** "CHG-12", "chg 12", "#12" or "12" → 12 for the kind it names (or any kind). */
export function quotedNumber(query: string, kind: RecordKind): number | null {
  const match = /^(?:([a-z]{3})[-\s]?|#)?(\d{1,9})$/i.exec(query.trim());
  if (!match) return null;
  const prefix = match[1]?.toUpperCase();
  if (prefix && prefix !== NUMBER_PREFIXES[kind]) return null;
  return Number(match[2]);
}

/** Every word in at least one of the columns, or the record's number when the query is one. */
function matches(
  query: string,
  columns: AnyColumn[],
  number: { column: AnyColumn; kind: RecordKind } | null,
): SQL {
  const words = queryWords(query).map((word) =>
    or(...columns.map((column) => ilike(column, containsPattern(word))))!,
  );
  const byWords = and(...words)!;
  const quoted = number ? quotedNumber(query, number.kind) : null;
  return quoted === null ? byWords : or(byWords, eq(number!.column, quoted))!;
}

/** How one kind of record is searched and shown. */
interface RecordSource<Fields extends SelectedFields> {
  /** The page the records live on, whose access decides whether they are searched. */
  page: string;
  table: PgTable;
  fields: Fields;
  companyId: AnyColumn;
  /** The texts whose words are searched. */
  searched: AnyColumn[];
  /** The number people quote ("CHG-12"), if the kind has one. */
  number?: AnyColumn;
  /** Most recent first, by this column. */
  newestFirst: AnyColumn;
  /** A further condition on what this member may find, beyond the institution. */
  findableBy?: (searcher: RecordSearcher) => SQL | undefined;
  result: (row: SelectResultFields<Fields>) => RecordResult;
}

interface Search {
  page: string;
  run(db: Db, searcher: RecordSearcher, query: string): Promise<RecordResult[]>;
}

/** One kind's search: within the institution, every word matched, newest first. */
function searchOf<Fields extends SelectedFields>(
  kind: RecordKind,
  source: RecordSource<Fields>,
): Search {
  return {
    page: source.page,
    async run(db, searcher, query) {
      // Drizzle cannot type a builder over a generic selection; the rows are cast back below.
      const fields: SelectedFields = source.fields;
      const rows = (await db
        .select(fields)
        .from(source.table)
        .where(
          and(
            eq(source.companyId, searcher.companyId),
            source.findableBy?.(searcher),
            matches(query, source.searched, source.number ? { column: source.number, kind } : null),
          ),
        )
        .orderBy(desc(source.newestFirst))
        .limit(RECORD_RESULTS_PER_KIND)) as SelectResultFields<Fields>[];
      return rows.map(source.result);
    },
  };
}

const SEARCHES: Record<RecordKind, Search> = {
  change: searchOf('change', {
    page: SUBJECT_PAGES.change,
    table: changeItems,
    fields: {
      id: changeItems.id,
      number: changeItems.number,
      title: changeItems.title,
      status: changeItems.status,
      dueDate: changeItems.dueDate,
    },
    companyId: changeItems.companyId,
    searched: [changeItems.title, changeItems.summary],
    number: changeItems.number,
    newestFirst: changeItems.updatedAt,
    result: (row) => ({
      id: row.id,
      label: numberedTitle(changeNumberLabel(row.number), row.title),
      detail: [CHANGE_STATUS_LABELS[row.status], row.dueDate ? `due ${row.dueDate}` : null]
        .filter(Boolean)
        .join(' · '),
      path: changeLink(row.id),
    }),
  }),
  calendar_event: searchOf('calendar_event', {
    page: SUBJECT_PAGES.calendar_event,
    table: calendarEvents,
    fields: {
      id: calendarEvents.id,
      title: calendarEvents.title,
      startsOn: calendarEvents.startsOn,
      rrule: calendarEvents.rrule,
    },
    companyId: calendarEvents.companyId,
    searched: [calendarEvents.title, calendarEvents.description],
    newestFirst: calendarEvents.startsOn,
    // Never a deleted event, nor a SAR deadline, for anyone: see the module's comment.
    findableBy: () =>
      and(
        isNull(calendarEvents.deletedAt),
        or(isNull(calendarEvents.filing), ne(calendarEvents.filing, 'sar')),
      ),
    result: (row) => ({
      id: row.id,
      label: row.title,
      detail: row.rrule ? `Repeats, from ${row.startsOn}` : `Due ${row.startsOn}`,
      path: calendarEventLink(row.id),
    }),
  }),
  risk: searchOf('risk', {
    page: SUBJECT_PAGES.risk,
    table: risks,
    fields: { id: risks.id, number: risks.number, title: risks.title, status: risks.status },
    companyId: risks.companyId,
    searched: [risks.title, risks.description],
    number: risks.number,
    newestFirst: risks.updatedAt,
    result: (row) => ({
      id: row.id,
      label: numberedTitle(riskNumberLabel(row.number), row.title),
      detail: RISK_STATUS_LABELS[row.status],
      path: riskLink(row.id),
    }),
  }),
  finding: searchOf('finding', {
    page: SUBJECT_PAGES.finding,
    table: riskFindings,
    fields: {
      id: riskFindings.id,
      number: riskFindings.number,
      title: riskFindings.title,
      closedAt: riskFindings.closedAt,
    },
    companyId: riskFindings.companyId,
    searched: [riskFindings.title, riskFindings.description, riskFindings.rootCause],
    number: riskFindings.number,
    newestFirst: riskFindings.updatedAt,
    result: (row) => ({
      id: row.id,
      label: numberedTitle(findingNumberLabel(row.number), row.title),
      detail: row.closedAt ? 'Closed' : 'Open',
      path: findingLink(row.id),
    }),
  }),
  policy: searchOf('policy', {
    page: SUBJECT_PAGES.policy,
    table: policies,
    fields: { id: policies.id, number: policies.number, title: policies.title },
    companyId: policies.companyId,
    searched: [policies.title],
    number: policies.number,
    newestFirst: policies.updatedAt,
    result: (row) => ({
      id: row.id,
      label: numberedTitle(policyNumberLabel(row.number), row.title),
      detail: 'Policy',
      path: policyLink(row.id),
    }),
  }),
  support_ticket: searchOf('support_ticket', {
    page: '/support',
    table: supportTickets,
    fields: {
      id: supportTickets.id,
      number: supportTickets.number,
      subject: supportTickets.subject,
      status: supportTickets.status,
    },
    companyId: supportTickets.companyId,
    searched: [supportTickets.subject],
    number: supportTickets.number,
    newestFirst: supportTickets.updatedAt,
    // A member sees their own tickets, an administrator the institution's; even the platform's
    // agents find only their own institution's here.
    findableBy: (searcher) => ticketsVisibleTo(searcher),
    result: (row) => ({
      id: row.id,
      label: numberedTitle(`Ticket ${row.number}`, row.subject),
      detail: TICKET_STATUS_LABELS[row.status],
      path: supportTicketLink(row.id),
    }),
  }),
};

/** Whether the member's plan and role open the page this kind of record lives on. */
function opensPage(kind: RecordKind, searcher: RecordSearcher): boolean {
  const requirement = PAGE_ACCESS[SEARCHES[kind].page];
  return (
    requirement !== undefined &&
    decideAccess(requirement, { role: searcher.role, subscription: searcher.subscription }).allowed
  );
}

/** The institution's records that match, by kind, in the order of RECORD_KINDS; empty kinds left out. */
export async function searchRecords(
  db: Db,
  searcher: RecordSearcher,
  query: string,
): Promise<RecordSearchResponse> {
  if (queryWords(query).length === 0) return { groups: [] };
  const kinds = RECORD_KINDS.filter((kind) => opensPage(kind, searcher));
  const found = await Promise.all(
    kinds.map(async (kind) => ({ kind, items: await SEARCHES[kind].run(db, searcher, query) })),
  );
  return { groups: found.filter((group) => group.items.length > 0) };
}
