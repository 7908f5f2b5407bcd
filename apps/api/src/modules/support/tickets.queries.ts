import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
} from '@complivue/db/schema/support';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import {
  SUPPORT_MESSAGES,
  SUPPORT_RESPONSE_TARGETS,
  type TicketDetail,
  type TicketStatus,
  type TicketSummary,
} from '@complivue/shared/schemas/support';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-patterns.ts';

/** Who is looking: tickets are the requester's, their company admins' and the platform's. */
export interface TicketViewer {
  actorUserId: string;
  role: Role;
  companyId: string | null;
}

export const isSupportAgent = (viewer: TicketViewer) => viewer.role === 'super_admin';

/** The tickets a viewer may see, as a WHERE condition. */
export function ticketsVisibleTo(viewer: TicketViewer): SQL | undefined {
  if (isSupportAgent(viewer)) return undefined;
  if (!viewer.companyId) return sql`false`;
  const ofCompany = eq(supportTickets.companyId, viewer.companyId);
  return hasRoleAtLeast(viewer.role, 'admin')
    ? ofCompany
    : and(ofCompany, eq(supportTickets.requesterId, viewer.actorUserId));
}

const summaryColumns = {
  id: supportTickets.id,
  number: supportTickets.number,
  subject: supportTickets.subject,
  category: supportTickets.category,
  priority: supportTickets.priority,
  status: supportTickets.status,
  prioritySupport: supportTickets.prioritySupport,
  createdAt: supportTickets.createdAt,
  lastMessageAt: supportTickets.lastMessageAt,
  companyName: companies.name,
  requesterName: sql<string>`coalesce(${userProfiles.fullName}, ${userProfiles.email}, 'Former member')`,
};

type SummaryRow = Omit<TicketSummary, 'createdAt' | 'lastMessageAt'> & {
  createdAt: Date;
  lastMessageAt: Date;
};

function toSummary(row: SummaryRow): TicketSummary {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

export function responseTarget(prioritySupport: boolean): string {
  return prioritySupport ? SUPPORT_RESPONSE_TARGETS.priority : SUPPORT_RESPONSE_TARGETS.standard;
}

/** One page of the tickets the viewer may see, most recently active first. */
export async function listTickets(
  db: Db,
  viewer: TicketViewer,
  query: { query?: string; page: number; status?: TicketStatus },
) {
  const where = and(
    ticketsVisibleTo(viewer),
    query.status ? eq(supportTickets.status, query.status) : undefined,
    query.query
      ? or(
          ilike(supportTickets.subject, containsPattern(query.query)),
          /^\d{1,12}$/.test(query.query)
            ? eq(supportTickets.number, Number(query.query))
            : undefined,
        )
      : undefined,
  );
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(supportTickets).where(where),
    db
      .select(summaryColumns)
      .from(supportTickets)
      .innerJoin(companies, eq(companies.id, supportTickets.companyId))
      .leftJoin(userProfiles, eq(userProfiles.userId, supportTickets.requesterId))
      .where(where)
      .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.number))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
  ]);
  return { items: rows.map(toSummary), total, page: query.page, pageSize: PAGE_SIZE };
}

/** A ticket the viewer may see, or a 404 that does not tell whether it exists elsewhere. */
export async function getVisibleTicket(db: Db, viewer: TicketViewer, ticketId: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      companyId: supportTickets.companyId,
      requesterId: supportTickets.requesterId,
    })
    .from(supportTickets)
    .innerJoin(companies, eq(companies.id, supportTickets.companyId))
    .leftJoin(userProfiles, eq(userProfiles.userId, supportTickets.requesterId))
    .where(and(eq(supportTickets.id, ticketId), ticketsVisibleTo(viewer)));
  if (!row) throw new AppError('not_found', SUPPORT_MESSAGES.not_found);
  return row;
}

/** The ticket with its whole thread, oldest message first. */
export async function ticketDetail(
  db: Db,
  viewer: TicketViewer,
  ticketId: string,
): Promise<TicketDetail> {
  const {
    companyId: _companyId,
    requesterId: _requesterId,
    ...ticket
  } = await getVisibleTicket(db, viewer, ticketId);
  const messages = await db
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  const attachments =
    messages.length === 0
      ? []
      : await db
          .select()
          .from(supportTicketAttachments)
          .where(
            inArray(
              supportTicketAttachments.messageId,
              messages.map((message) => message.id),
            ),
          )
          .orderBy(asc(supportTicketAttachments.createdAt));
  return {
    ...toSummary(ticket),
    responseTarget: responseTarget(ticket.prioritySupport),
    messages: messages.map((message) => ({
      id: message.id,
      authorName: message.authorName,
      fromSupport: message.fromSupport,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: attachments
        .filter((attachment) => attachment.messageId === message.id)
        .map(({ id, fileName, contentType, sizeBytes }) => ({
          id,
          fileName,
          contentType,
          sizeBytes,
        })),
    })),
  };
}

/** An attachment of a ticket the viewer may see. */
export async function getVisibleAttachment(db: Db, viewer: TicketViewer, attachmentId: string) {
  const [row] = await db
    .select({
      fileName: supportTicketAttachments.fileName,
      contentType: supportTicketAttachments.contentType,
      storageKey: supportTicketAttachments.storageKey,
    })
    .from(supportTicketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
    .where(and(eq(supportTicketAttachments.id, attachmentId), ticketsVisibleTo(viewer)));
  if (!row) throw new AppError('not_found');
  return row;
}
