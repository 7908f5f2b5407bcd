import multipart from '@fastify/multipart';
import type { Db } from '@complivue/db/database';
import { isSubscriptionUsable } from '@complivue/shared/access';
import { planHasFeature } from '@complivue/shared/features';
import {
  createTicketFieldsSchema,
  replyFieldsSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_ATTACHMENTS_PER_MESSAGE,
  SUPPORT_MESSAGES,
  supportOverviewSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  updateTicketRequestSchema,
} from '@complivue/shared/schemas/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { parseFormFields, readMultipartUpload, sendAttachment } from '../../lib/uploads.ts';
import { requireAuth } from '../auth/access.ts';
import type { AuthContext } from '../auth/session.ts';
import { requireCompanyId } from '../companies/institution.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import {
  getVisibleAttachment,
  listTickets,
  responseTarget,
  ticketDetail,
} from './tickets.queries.ts';
import {
  openTicket,
  replyToTicket,
  setTicketStatus,
  type TicketAuthor,
} from './tickets.service.ts';

const ticketParams = z.object({ ticketId: z.uuid() });
const createdSchema = z.object({ id: z.uuid(), number: z.number().int() });

function authorOf(request: FastifyRequest): TicketAuthor {
  const auth = requireAuth(request);
  return {
    ...requestOrigin(request),
    actorUserId: auth.user.id,
    role: auth.profile.role,
    companyId: auth.profile.companyId,
    name: auth.profile.fullName ?? auth.user.email.split('@')[0] ?? auth.user.email,
  };
}

/**
 * Priority support is the plan's while its subscription opens the product: a member of an
 * institution whose plan ended still gets help, at the standard target.
 */
async function hasPrioritySupport(db: Db, auth: AuthContext): Promise<boolean> {
  const subscription = await findCompanySubscription(db, auth.profile.companyId);
  return isSubscriptionUsable(subscription) && subscription
    ? planHasFeature(subscription.planName, 'priority_support')
    : false;
}

const readAttachments = (request: FastifyRequest) =>
  readMultipartUpload(request, {
    maxFileBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
    maxFiles: SUPPORT_ATTACHMENTS_PER_MESSAGE,
    allowed: SUPPORT_ATTACHMENT_TYPES,
    messages: {
      tooLarge: SUPPORT_MESSAGES.attachment_too_large,
      tooMany: SUPPORT_MESSAGES.too_many_attachments,
      type: SUPPORT_MESSAGES.attachment_type,
      notMultipart: SUPPORT_MESSAGES.not_multipart,
    },
  });

/**
 * Help & Support stays open to every member of an institution, its subscription ended or not:
 * an expired institution must still be able to ask for help
 * (docs/product.md § Deliberate deviations).
 */
const SUPPORT = SIGNED_IN;

/**
 * Help & Support tickets. Members see their own tickets, company admins all of the company's,
 * super admins every ticket (they answer them from the Super Admin console).
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  app.get(
    '/api/support/overview',
    {
      config: { access: SUPPORT },
      schema: {
        tags: ['support'],
        summary: "The plan's support level and first-response target",
        response: { 200: supportOverviewSchema },
      },
    },
    async (request) => {
      const prioritySupport = await hasPrioritySupport(db, requireAuth(request));
      return { prioritySupport, responseTarget: responseTarget(prioritySupport) };
    },
  );

  app.get(
    '/api/support/tickets',
    {
      config: { access: SUPPORT },
      schema: {
        tags: ['support'],
        summary: 'Support tickets you may see, most recently active first',
        querystring: ticketListQuerySchema,
        response: { 200: ticketListResponseSchema },
      },
    },
    async (request) => listTickets(db, authorOf(request), request.query),
  );

  app.post(
    '/api/support/tickets',
    {
      config: { access: SUPPORT, rateLimit: 'support' },
      schema: {
        tags: ['support'],
        summary:
          'Open a ticket: multipart fields subject, category, priority, description and up to 5 files of 10 MB',
        consumes: ['multipart/form-data'],
        response: { 201: createdSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const companyId = requireCompanyId(auth.profile.companyId);
      await enforceRateLimit(request);
      const upload = await readAttachments(request);
      const fields = parseFormFields(createTicketFieldsSchema, upload.fields);
      const created = await openTicket(app.deps, {
        author: { ...authorOf(request), companyId },
        companyName: auth.company?.name ?? '',
        prioritySupport: await hasPrioritySupport(db, auth),
        fields,
        files: upload.files,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/support/tickets/:ticketId',
    {
      config: { access: SUPPORT },
      schema: {
        tags: ['support'],
        summary: 'A ticket with its whole thread',
        params: ticketParams,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request) => ticketDetail(db, authorOf(request), request.params.ticketId),
  );

  app.post(
    '/api/support/tickets/:ticketId/messages',
    {
      config: { access: SUPPORT, rateLimit: 'support-reply' },
      schema: {
        tags: ['support'],
        summary: 'Reply on a ticket: multipart field body and up to 5 files of 10 MB',
        consumes: ['multipart/form-data'],
        params: ticketParams,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(request);
      const author = authorOf(request);
      const upload = await readAttachments(request);
      const { body } = parseFormFields(replyFieldsSchema, upload.fields);
      await replyToTicket(app.deps, {
        author,
        ticketId: request.params.ticketId,
        body,
        files: upload.files,
      });
      return ticketDetail(db, author, request.params.ticketId);
    },
  );

  app.patch(
    '/api/support/tickets/:ticketId',
    {
      config: { access: SUPPORT },
      schema: {
        tags: ['support'],
        summary: 'Close or reopen a ticket',
        params: ticketParams,
        body: updateTicketRequestSchema,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request) => {
      const viewer = authorOf(request);
      await setTicketStatus(app.deps, {
        viewer,
        ticketId: request.params.ticketId,
        status: request.body.status,
      });
      return ticketDetail(db, viewer, request.params.ticketId);
    },
  );

  app.get(
    '/api/support/attachments/:attachmentId',
    {
      config: { access: SUPPORT },
      schema: {
        tags: ['support'],
        summary: 'Download an attachment of a ticket you may see',
        params: z.object({ attachmentId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const attachment = await getVisibleAttachment(
        db,
        authorOf(request),
        request.params.attachmentId,
      );
      const data = await app.storage.get(attachment.storageKey);
      if (!data) throw new AppError('not_found');
      return sendAttachment(reply, {
        data,
        contentType: attachment.contentType,
        fileName: attachment.fileName,
      });
    },
  );
};
