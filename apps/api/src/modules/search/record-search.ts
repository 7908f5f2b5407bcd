import type { Db } from '@complivue/db/database';
import { calendarEvents } from '@complivue/db/schema/calendar';
import { changeItems } from '@complivue/db/schema/changes';
import { riskFindings } from '@complivue/db/schema/findings';
import { policies } from '@complivue/db/schema/policies';
import { risks } from '@complivue/db/schema/risks';
import { supportTickets } from '@complivue/db/schema/support';
import { decideAccess, PAGE_ACCESS, type SubscriptionFacts } from '@complivue/shared/access';
import { quoteTitle } from '@complivue/shared/history-sentences';
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
import { containsPattern } from '../../lib/sql-patterns.ts';
import { changeLink } from '../changes/changes.service.ts';
import { findingLink } from '../risks/finding-overdue.ts';
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

/** The page each kind of record lives on, whose access decides whether it is searched. */
const RECORD_PAGES: Record<RecordKind, string> = {
  change: '/change-management',
  calendar_event: '/regulatory-calendar',
  risk: '/risk-scoring',
  finding: '/risk-scoring',
  policy: '/policy-cross-referencing',
  support_ticket: '/support',
};

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

type Search = (db: Db, searcher: RecordSearcher, query: string) => Promise<RecordResult[]>;

const SEARCHES: Record<RecordKind, Search> = {
  async change(db, searcher, query) {
    const rows = await db
      .select({
        id: changeItems.id,
        number: changeItems.number,
        title: changeItems.title,
        status: changeItems.status,
        dueDate: changeItems.dueDate,
      })
      .from(changeItems)
      .where(
        and(
          eq(changeItems.companyId, searcher.companyId),
          matches(query, [changeItems.title, changeItems.summary], {
            column: changeItems.number,
            kind: 'change',
          }),
        ),
      )
      .orderBy(desc(changeItems.updatedAt))
      .limit(RECORD_RESULTS_PER_KIND);
    return rows.map((row) => ({
      id: row.id,
      label: `${changeNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      detail: [CHANGE_STATUS_LABELS[row.status], row.dueDate ? `due ${row.dueDate}` : null]
        .filter(Boolean)
        .join(' · '),
      path: changeLink(row.id),
    }));
  },
  async calendar_event(db, searcher, query) {
    const rows = await db
      .select({
        id: calendarEvents.id,
        title: calendarEvents.title,
        startsOn: calendarEvents.startsOn,
        rrule: calendarEvents.rrule,
      })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.companyId, searcher.companyId),
          isNull(calendarEvents.deletedAt),
          // Never a SAR deadline, for anyone: see the module's comment.
          or(isNull(calendarEvents.filing), ne(calendarEvents.filing, 'sar')),
          matches(query, [calendarEvents.title, calendarEvents.description], null),
        ),
      )
      .orderBy(desc(calendarEvents.startsOn))
      .limit(RECORD_RESULTS_PER_KIND);
    return rows.map((row) => ({
      id: row.id,
      label: row.title,
      detail: row.rrule ? `Repeats, from ${row.startsOn}` : `Due ${row.startsOn}`,
      path: `/regulatory-calendar?event=${row.id}`,
    }));
  },
  async risk(db, searcher, query) {
    const rows = await db
      .select({ id: risks.id, number: risks.number, title: risks.title, status: risks.status })
      .from(risks)
      .where(
        and(
          eq(risks.companyId, searcher.companyId),
          matches(query, [risks.title, risks.description], { column: risks.number, kind: 'risk' }),
        ),
      )
      .orderBy(desc(risks.updatedAt))
      .limit(RECORD_RESULTS_PER_KIND);
    return rows.map((row) => ({
      id: row.id,
      label: `${riskNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      detail: RISK_STATUS_LABELS[row.status],
      path: `/risk-scoring?risk=${row.id}`,
    }));
  },
  async finding(db, searcher, query) {
    const rows = await db
      .select({
        id: riskFindings.id,
        number: riskFindings.number,
        title: riskFindings.title,
        closedAt: riskFindings.closedAt,
      })
      .from(riskFindings)
      .where(
        and(
          eq(riskFindings.companyId, searcher.companyId),
          matches(query, [riskFindings.title, riskFindings.description, riskFindings.rootCause], {
            column: riskFindings.number,
            kind: 'finding',
          }),
        ),
      )
      .orderBy(desc(riskFindings.updatedAt))
      .limit(RECORD_RESULTS_PER_KIND);
    return rows.map((row) => ({
      id: row.id,
      label: `${findingNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      detail: row.closedAt ? 'Closed' : 'Open',
      path: findingLink(row.id),
    }));
  },
  async policy(db, searcher, query) {
    const rows = await db
      .select({ id: policies.id, number: policies.number, title: policies.title })
      .from(policies)
      .where(
        and(
          eq(policies.companyId, searcher.companyId),
          matches(query, [policies.title], { column: policies.number, kind: 'policy' }),
        ),
      )
      .orderBy(desc(policies.updatedAt))
      .limit(RECORD_RESULTS_PER_KIND);
    return rows.map((row) => ({
      id: row.id,
      label: `${policyNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      detail: 'Policy',
      path: `/policy-cross-referencing?policy=${row.id}`,
    }));
  },
  async support_ticket(db, searcher, query) {
    const rows = await db
      .select({
        id: supportTickets.id,
        number: supportTickets.number,
        subject: supportTickets.subject,
        status: supportTickets.status,
      })
      .from(supportTickets)
      .where(
        and(
          // A member sees their own tickets, an administrator the institution's; even the
          // platform's agents find only their own institution's here.
          eq(supportTickets.companyId, searcher.companyId),
          ticketsVisibleTo(searcher),
          matches(query, [supportTickets.subject], {
            column: supportTickets.number,
            kind: 'support_ticket',
          }),
        ),
      )
      .orderBy(desc(supportTickets.updatedAt))
      .limit(RECORD_RESULTS_PER_KIND);
    return rows.map((row) => ({
      id: row.id,
      label: `Ticket ${row.number} ${quoteTitle(row.subject)}`,
      detail: TICKET_STATUS_LABELS[row.status],
      path: `/support/tickets/${row.id}`,
    }));
  },
};

/** Whether the member's plan and role open the page this kind of record lives on. */
function opensPage(kind: RecordKind, searcher: RecordSearcher): boolean {
  const requirement = PAGE_ACCESS[RECORD_PAGES[kind]];
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
    kinds.map(async (kind) => ({ kind, items: await SEARCHES[kind](db, searcher, query) })),
  );
  return { groups: found.filter((group) => group.items.length > 0) };
}
