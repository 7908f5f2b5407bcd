import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
} from '@complivue/db/schema/support';
import type { CreateTicketFields, TicketStatus } from '@complivue/shared/schemas/support';
import { supportTicketLink } from '@complivue/shared/record-links';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import { supportInboxEmail, supportReplyEmail } from '../../lib/email/templates.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { getVisibleTicket, isSupportAgent, type TicketViewer } from './tickets.queries.ts';

/** Who writes: the viewer with a name for the thread, and the request's origin (audit log). */
export interface TicketAuthor extends TicketViewer, RequestOrigin {
  name: string;
}

/** The files are stored before the rows that point at them, and removed again if those fail. */
async function storeAttachments(
  deps: ServiceDeps,
  ticketId: string,
  files: UploadedFile[],
): Promise<(typeof supportTicketAttachments.$inferInsert & { id: string })[]> {
  const stored = files.map((file) => {
    const id = randomUUID();
    return {
      id,
      ticketId,
      messageId: '',
      fileName: file.fileName,
      contentType: file.type.contentType,
      sizeBytes: file.data.length,
      storageKey: `support/${ticketId}/${id}.${file.type.extension}`,
      data: file.data,
    };
  });
  await Promise.all(stored.map((file) => deps.storage.put(file.storageKey, file.data)));
  return stored.map(({ data: _data, ...row }) => row);
}

async function removeStored(deps: ServiceDeps, keys: string[]) {
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).catch((error: unknown) => {
        deps.log.warn({ err: error, key }, 'could not remove an orphaned attachment');
      }),
    ),
  );
}

/** Writes a message with its attachments; the ticket row is written by `write` in the same transaction. */
async function writeMessage(
  deps: ServiceDeps,
  options: {
    ticketId: string;
    author: TicketAuthor;
    body: string;
    files: UploadedFile[];
    write: (tx: Db) => Promise<void>;
  },
): Promise<void> {
  const attachments = await storeAttachments(deps, options.ticketId, options.files);
  try {
    await deps.db.transaction(async (tx) => {
      await options.write(tx);
      const [message] = await tx
        .insert(supportTicketMessages)
        .values({
          ticketId: options.ticketId,
          authorId: options.author.actorUserId,
          authorName: options.author.name,
          fromSupport: isSupportAgent(options.author),
          body: options.body,
        })
        .returning({ id: supportTicketMessages.id });
      if (attachments.length > 0) {
        await tx
          .insert(supportTicketAttachments)
          .values(attachments.map((attachment) => ({ ...attachment, messageId: message!.id })));
      }
    });
  } catch (error) {
    await removeStored(
      deps,
      attachments.map((attachment) => attachment.storageKey),
    );
    throw error;
  }
}

export async function openTicket(
  deps: ServiceDeps,
  options: {
    author: TicketAuthor & { companyId: string };
    companyName: string;
    prioritySupport: boolean;
    fields: CreateTicketFields;
    files: UploadedFile[];
  },
): Promise<{ id: string; number: number }> {
  const { author, fields } = options;
  const ticketId = randomUUID();
  let number = 0;
  await writeMessage(deps, {
    ticketId,
    author,
    body: fields.description,
    files: options.files,
    write: async (tx) => {
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          id: ticketId,
          companyId: author.companyId,
          requesterId: author.actorUserId,
          subject: fields.subject,
          category: fields.category,
          priority: fields.priority,
          prioritySupport: options.prioritySupport,
        })
        .returning({ number: supportTickets.number });
      number = ticket!.number;
    },
  });
  await recordAudit(deps.db, author, {
    action: 'support.ticket_opened',
    actorUserId: author.actorUserId,
    companyId: author.companyId,
    targetType: 'support_ticket',
    targetId: ticketId,
    after: {
      number,
      subject: fields.subject,
      category: fields.category,
      priority: fields.priority,
    },
  });
  await emailSupportInbox(deps, {
    ticketId,
    ticketNumber: number,
    subject: fields.subject,
    companyName: options.companyName,
    authorName: author.name,
    priority: fields.priority,
    message: fields.description,
    isNewTicket: true,
  });
  return { id: ticketId, number };
}

/**
 * A reply on the thread. Support's reply marks the ticket answered and tells the requester in
 * the app and by email; the institution's reply puts it back in support's queue.
 */
export async function replyToTicket(
  deps: ServiceDeps,
  options: { author: TicketAuthor; ticketId: string; body: string; files: UploadedFile[] },
): Promise<void> {
  const { author } = options;
  const ticket = await getVisibleTicket(deps.db, author, options.ticketId);
  if (ticket.status === 'closed') throw new AppError('ticket_closed');
  const fromSupport = isSupportAgent(author);
  await writeMessage(deps, {
    ticketId: ticket.id,
    author,
    body: options.body,
    files: options.files,
    write: async (tx) => {
      await tx
        .update(supportTickets)
        .set({ status: fromSupport ? 'answered' : 'open', lastMessageAt: new Date() })
        .where(eq(supportTickets.id, ticket.id));
    },
  });
  await recordAudit(deps.db, author, {
    action: 'support.ticket_replied',
    actorUserId: author.actorUserId,
    companyId: ticket.companyId,
    targetType: 'support_ticket',
    targetId: ticket.id,
    after: { number: ticket.number, fromSupport },
  });
  const url = new URL(supportTicketLink(ticket.id), deps.env.APP_URL).toString();
  if (!fromSupport) {
    await emailSupportInbox(deps, {
      ticketId: ticket.id,
      ticketNumber: ticket.number,
      subject: ticket.subject,
      companyName: ticket.companyName,
      authorName: author.name,
      priority: ticket.priority,
      message: options.body,
      isNewTicket: false,
    });
    return;
  }
  const requester = await notifyRequester(deps, ticket, url);
  if (!requester) return;
  try {
    await deps.mailer.send(
      supportReplyEmail({
        to: requester.email,
        name: requester.name,
        ticketNumber: ticket.number,
        subject: ticket.subject,
        reply: options.body,
        url,
      }),
    );
  } catch (error) {
    // The reply is saved and shown in the app; the email is a courtesy that may be retried by hand.
    deps.log.warn({ err: error, ticketId: ticket.id }, 'support reply email failed');
  }
}

/** The requester's in-app notice; returns where to email them, if they are still active. */
async function notifyRequester(
  deps: ServiceDeps,
  ticket: Awaited<ReturnType<typeof getVisibleTicket>>,
  url: string,
): Promise<{ email: string; name: string } | null> {
  if (!ticket.requesterId) return null;
  await deps.notify({
    companyId: ticket.companyId,
    userIds: [ticket.requesterId],
    type: 'support.reply',
    title: `Support answered ticket ${ticket.number}`,
    body: ticket.subject,
    link: new URL(url).pathname,
  });
  const [requester] = await deps.db
    .select({ email: userProfiles.email, fullName: userProfiles.fullName })
    .from(userProfiles)
    .where(and(eq(userProfiles.userId, ticket.requesterId), eq(userProfiles.status, 'active')));
  if (!requester) return null;
  return { email: requester.email, name: requester.fullName ?? requester.email.split('@')[0]! };
}

async function emailSupportInbox(
  deps: ServiceDeps,
  message: Omit<Parameters<typeof supportInboxEmail>[0], 'to' | 'url'> & { ticketId: string },
) {
  const inbox = deps.env.CONTACT_EMAIL;
  if (!inbox) return;
  try {
    await deps.mailer.send(
      supportInboxEmail({
        ...message,
        to: inbox,
        url: new URL(supportTicketLink(message.ticketId), deps.env.APP_URL).toString(),
      }),
    );
  } catch (error) {
    // The ticket is stored and listed in the Super Admin console; the email only alerts.
    deps.log.warn({ err: error, ticketId: message.ticketId }, 'support inbox email failed');
  }
}

/** Closing or reopening, by the institution or by support. */
export async function setTicketStatus(
  deps: ServiceDeps,
  options: {
    viewer: TicketViewer & RequestOrigin;
    ticketId: string;
    status: Extract<TicketStatus, 'open' | 'closed'>;
  },
): Promise<void> {
  const ticket = await getVisibleTicket(deps.db, options.viewer, options.ticketId);
  if ((ticket.status === 'closed') === (options.status === 'closed')) return;
  await deps.db
    .update(supportTickets)
    .set({ status: options.status })
    .where(eq(supportTickets.id, ticket.id));
  await recordAudit(deps.db, options.viewer, {
    action: options.status === 'closed' ? 'support.ticket_closed' : 'support.ticket_reopened',
    actorUserId: options.viewer.actorUserId,
    companyId: ticket.companyId,
    targetType: 'support_ticket',
    targetId: ticket.id,
    before: { status: ticket.status },
    after: { status: options.status },
  });
}
