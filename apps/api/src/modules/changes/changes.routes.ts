import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import multipart from '@fastify/multipart';
import { dayIn } from '@complivue/shared/change-workflow';
import {
  CHANGE_ATTACHMENT_MAX_BYTES,
  CHANGE_ATTACHMENT_TYPES,
  CHANGE_MESSAGES,
  changeBoardSchema,
  changeDraftQuerySchema,
  changeDraftSchema,
  changeDetailSchema,
  changeFiltersSchema,
  changeListQuerySchema,
  changeListResponseSchema,
  changeMembersSchema,
  createChangeRequestSchema,
  createTaskRequestSchema,
  transitionRequestSchema,
  updateChangeRequestSchema,
  updateTaskRequestSchema,
} from '@complivue/shared/schemas/changes';
import { commentRequestSchema } from '@complivue/shared/schemas/collaboration';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { sendCsvAttachment } from '../../lib/csv.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { requirePlan } from '../../lib/route-access.ts';
import { readMultipartUpload, sendAttachment } from '../../lib/uploads.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import { changeReportPdf, changesCsv } from './change-report.ts';
import {
  changeBoard,
  changeDetail,
  findChangeMembers,
  getChange,
  listChanges,
  type ChangeViewer,
} from './changes.queries.ts';
import {
  addAttachment,
  addComment,
  addTask,
  createChange,
  getChangeDraft,
  getChangeAttachment,
  removeAttachment,
  removeTask,
  transitionChange,
  updateChange,
  updateTask,
  type ChangeActor,
} from './changes.service.ts';

/** The page `/change-management` needs the professional plan; so does every route of it. */
const CHANGE_MANAGEMENT = requirePlan('professional');

const changeParams = z.object({ changeId: z.uuid() });
const taskParams = changeParams.extend({ taskId: z.uuid() });
const attachmentParams = changeParams.extend({ attachmentId: z.uuid() });

/** The caller as the changes module sees them; "today" is their day, for overdue. */
function viewerOf(request: FastifyRequest): ChangeActor {
  const auth = requireAuth(request);
  return {
    ...requireActor(request),
    name: auth.profile.fullName ?? auth.user.email,
    today: dayIn(new Date(), auth.profile.timezone),
  };
}

/**
 * Change management: regulatory changes of the institution from identification to closure,
 * with tasks, comments, files, the complete history, a CSV export and a printable record.
 */
export const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  const detail = (viewer: ChangeViewer, changeId: string) => changeDetail(db, viewer, changeId);

  app.get(
    '/api/changes',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Your institution’s regulatory changes, newest first, 25 a page, with filters',
        querystring: changeListQuerySchema,
        response: { 200: changeListResponseSchema },
      },
    },
    async (request) => listChanges(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/changes/board',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary:
          'The board: every status with its count and its first 100 changes (soonest due first)',
        querystring: changeFiltersSchema,
        response: { 200: changeBoardSchema },
      },
    },
    async (request) => changeBoard(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/changes/members',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Active members, to choose an owner or an assignee and to @mention',
        response: { 200: changeMembersSchema },
      },
    },
    async (request) => findChangeMembers(db, viewerOf(request).companyId),
  );

  app.get(
    '/api/changes/export.csv',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'The changes under the same filters as the list, as CSV',
        querystring: changeFiltersSchema,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await recordAudit(db, requestOrigin(request), {
        action: 'change.exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'change',
        after: { format: 'csv', filters: request.query },
      });
      return sendCsvAttachment(
        reply,
        `regulatory-changes-${viewer.today}.csv`,
        await changesCsv(db, viewer, request.query),
      );
    },
  );

  app.get(
    '/api/changes/draft',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary:
          'The change a feed item would start (title, areas, effective date, summary), for the member to confirm; names the open change already started from it',
        querystring: changeDraftQuerySchema,
        response: { 200: changeDraftSchema },
      },
    },
    async (request) =>
      getChangeDraft(app.deps, { actor: viewerOf(request), feedItemId: request.query.feedItemId }),
  );

  app.post(
    '/api/changes',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary:
          'Create a change by hand, or from a feed item (fields left out come from the item; risk and due date stay unset); answers 200 with the open change already started from that item',
        body: createChangeRequestSchema,
        response: { 200: changeDetailSchema, 201: changeDetailSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { id, created } = await createChange(app.deps, {
        actor: viewer,
        body: request.body,
      });
      return reply.status(created ? 201 : 200).send(await detail(viewer, id));
    },
  );

  app.get(
    '/api/changes/:changeId',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'A change with its tasks, comments, attachments and complete history',
        params: changeParams,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => detail(viewerOf(request), request.params.changeId),
  );

  app.patch(
    '/api/changes/:changeId',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Edit fields of an open change; each changed field is recorded from → to',
        params: changeParams,
        body: updateChangeRequestSchema,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await updateChange(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        changes: request.body,
      });
      return detail(viewer, request.params.changeId);
    },
  );

  app.post(
    '/api/changes/:changeId/transition',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary:
          'Move a change through the workflow (403: your role may not; 409: not from its status)',
        params: changeParams,
        body: transitionRequestSchema,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await transitionChange(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        to: request.body.to,
        note: request.body.note,
      });
      return detail(viewer, request.params.changeId);
    },
  );

  app.post(
    '/api/changes/:changeId/tasks',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Add a task (the assignee is notified)',
        params: changeParams,
        body: createTaskRequestSchema,
        response: { 201: changeDetailSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await addTask(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        task: request.body,
      });
      return reply.status(201).send(await detail(viewer, request.params.changeId));
    },
  );

  app.patch(
    '/api/changes/:changeId/tasks/:taskId',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Change a task: title, assignee, due date, done',
        params: taskParams,
        body: updateTaskRequestSchema,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await updateTask(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        taskId: request.params.taskId,
        changes: request.body,
      });
      return detail(viewer, request.params.changeId);
    },
  );

  app.delete(
    '/api/changes/:changeId/tasks/:taskId',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Remove a task (recorded in the history)',
        params: taskParams,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await removeTask(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        taskId: request.params.taskId,
      });
      return detail(viewer, request.params.changeId);
    },
  );

  app.post(
    '/api/changes/:changeId/comments',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary:
          'Comment; members mentioned as @[Name](userId) are notified once each (non-members are ignored)',
        params: changeParams,
        body: commentRequestSchema,
        response: { 201: changeDetailSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await addComment(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        body: request.body.body,
      });
      return reply.status(201).send(await detail(viewer, request.params.changeId));
    },
  );

  app.post(
    '/api/changes/:changeId/attachments',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Attach a file (multipart field "file", up to 25 MB)',
        consumes: ['multipart/form-data'],
        params: changeParams,
        response: { 201: changeDetailSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // Before reading a 25 MB body: the change must exist in this institution.
      await getChange(db, viewer.companyId, request.params.changeId);
      const upload = await readMultipartUpload(request, {
        maxFileBytes: CHANGE_ATTACHMENT_MAX_BYTES,
        maxFiles: 1,
        allowed: CHANGE_ATTACHMENT_TYPES,
        messages: {
          tooLarge: CHANGE_MESSAGES.attachment_too_large,
          tooMany: CHANGE_MESSAGES.attachment_one_file,
          type: CHANGE_MESSAGES.attachment_type,
          notMultipart: CHANGE_MESSAGES.attachment_not_multipart,
        },
      });
      const [file] = upload.files;
      if (!file) throw new AppError('file_missing', CHANGE_MESSAGES.attachment_missing);
      await addAttachment(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        file,
      });
      return reply.status(201).send(await detail(viewer, request.params.changeId));
    },
  );

  app.get(
    '/api/changes/:changeId/attachments/:attachmentId',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Download an attachment',
        params: attachmentParams,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const attachment = await getChangeAttachment(
        db,
        viewer.companyId,
        request.params.changeId,
        request.params.attachmentId,
      );
      const data = await app.storage.get(attachment.storageKey);
      if (!data) throw new AppError('not_found', CHANGE_MESSAGES.attachment_not_found);
      return sendAttachment(reply, {
        data,
        contentType: attachment.contentType,
        fileName: attachment.fileName,
      });
    },
  );

  app.delete(
    '/api/changes/:changeId/attachments/:attachmentId',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'Remove an attachment (its uploader, a manager or an administrator)',
        params: attachmentParams,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await removeAttachment(app.deps, {
        actor: viewer,
        changeId: request.params.changeId,
        attachmentId: request.params.attachmentId,
      });
      return detail(viewer, request.params.changeId);
    },
  );

  app.get(
    '/api/changes/:changeId/report.pdf',
    {
      config: { access: CHANGE_MANAGEMENT },
      schema: {
        tags: ['changes'],
        summary: 'The printable record of a change for examiners (PDF)',
        params: changeParams,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const change = await getChange(db, viewer.companyId, request.params.changeId);
      await recordAudit(db, requestOrigin(request), {
        action: 'change.exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'change',
        targetId: change.id,
        after: { format: 'pdf', number: change.number },
      });
      const stream = await changeReportPdf(db, viewer, {
        changeId: change.id,
        preparedBy: viewer.name,
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${changeNumberLabel(change.number)}-${viewer.today}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
