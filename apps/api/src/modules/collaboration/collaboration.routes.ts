import { commentRevisions } from '@complivue/db/schema/collaboration';
import { CHANGE_MESSAGES } from '@complivue/shared/schemas/changes';
import {
  ACTIVITY_MODULES,
  COMMENT_ATTACHMENT_MAX_BYTES,
  COMMENT_ATTACHMENT_TYPES,
  commentWithFileFieldsSchema,
  collaborationMembersSchema,
  commentRequestSchema,
  commentRevisionsSchema,
  createThreadRequestSchema,
  discussionSchema,
  myWorkSchema,
  presenceSchema,
  subjectTypeSchema,
  teamActivityQuerySchema,
  teamActivitySchema,
  threadListSchema,
} from '@complivue/shared/schemas/collaboration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { AppError } from '../../lib/app-error.ts';
import { SUBSCRIBED, requireAll, requireRole } from '../../lib/route-access.ts';
import { parseFormFields, readMultipartUpload, sendAttachment } from '../../lib/uploads.ts';
import { findActiveMembers } from '../companies/members.ts';
import { findTeamActivity } from '../team/activity-queries.ts';
import { findSubjectComments } from './comment-store.ts';
import { discussionActorOf } from './discussion-actor.ts';
import {
  addComment,
  createThread,
  deleteComment,
  editComment,
  type DiscussionActor,
} from './comments.service.ts';
import { requireSubject, toSubjectRef, type Subject } from './discussion-subjects.ts';
import { streamDiscussion } from './discussion-stream.ts';
import { findMyWork } from './my-work.queries.ts';
import { findOnline } from './presence.ts';
import { findThreads, requireCommentOf } from './threads.queries.ts';

/** `/collaboration` and every object's discussion: any member of a subscribed institution. */
const COLLABORATION = SUBSCRIBED;

const subjectParams = z.object({
  type: subjectTypeSchema,
  id: z.string().min(1).max(100),
});
const commentParams = z.object({ commentId: z.uuid() });

/**
 * Team collaboration: discussions on any object (changes, library articles and rules, risks,
 * findings, policies, calendar deadlines, team threads) with @mentions and live updates, the
 * institution's activity stream, each member's inbox and who is online.
 */
export const collaborationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });

  /** The discussion as the member sees it, after a change or on request. */
  const discussion = async (actor: DiscussionActor, type: Subject['type'], id: string) => {
    const subject = await requireSubject(db, actor, type, id);
    return {
      subject: toSubjectRef(subject),
      comments: await findSubjectComments(db, { companyId: actor.companyId, type, id }),
    };
  };

  app.get(
    '/api/collaboration/members',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'Active members of your institution, to @mention',
        response: { 200: collaborationMembersSchema },
      },
    },
    async (request) => {
      const members = await findActiveMembers(db, discussionActorOf(request).companyId);
      return { members: members.map(({ userId, name, email }) => ({ userId, name, email })) };
    },
  );

  app.get(
    '/api/discussions/:type/:id',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'The discussion of one object you may see, oldest comment first',
        params: subjectParams,
        response: { 200: discussionSchema },
      },
    },
    async (request) =>
      discussion(discussionActorOf(request), request.params.type, request.params.id),
  );

  app.post(
    '/api/discussions/:type/:id/comments',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary:
          'Comment; members mentioned as @[Name](userId) must be active members who may see the object, and are notified once each',
        params: subjectParams,
        body: commentRequestSchema,
        response: { 201: discussionSchema },
      },
    },
    async (request, reply) => {
      const actor = discussionActorOf(request);
      const { type, id } = request.params;
      await addComment(app.deps, { actor, subject: { type, id }, body: request.body.body });
      return reply.status(201).send(await discussion(actor, type, id));
    },
  );

  app.post(
    '/api/discussions/:type/:id/attachments',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary:
          'Comment with a file (multipart: field "file", up to 25 MB, and an optional "body" with @mentions)',
        consumes: ['multipart/form-data'],
        params: subjectParams,
        response: { 201: discussionSchema },
      },
    },
    async (request, reply) => {
      const actor = discussionActorOf(request);
      const { type, id } = request.params;
      // Before reading a 25 MB body: the object must be one the member may see.
      await requireSubject(db, actor, type, id);
      const upload = await readMultipartUpload(request, {
        maxFileBytes: COMMENT_ATTACHMENT_MAX_BYTES,
        maxFiles: 1,
        allowed: COMMENT_ATTACHMENT_TYPES,
        messages: {
          tooLarge: CHANGE_MESSAGES.attachment_too_large,
          tooMany: CHANGE_MESSAGES.attachment_one_file,
          type: CHANGE_MESSAGES.attachment_type,
          notMultipart: CHANGE_MESSAGES.attachment_not_multipart,
        },
      });
      const [file] = upload.files;
      if (!file) throw new AppError('file_missing', CHANGE_MESSAGES.attachment_missing);
      const { body } = parseFormFields(commentWithFileFieldsSchema, upload.fields);
      await addComment(app.deps, { actor, subject: { type, id }, body, file });
      return reply.status(201).send(await discussion(actor, type, id));
    },
  );

  app.get(
    '/api/comments/:commentId/attachment',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'Download the file of a comment on an object you may see',
        params: commentParams,
      },
    },
    async (request, reply) => {
      const actor = discussionActorOf(request);
      const comment = await requireCommentOf(db, actor.companyId, request.params.commentId);
      await requireSubject(db, actor, comment.subjectType, comment.subjectId);
      const missing = new AppError('not_found', CHANGE_MESSAGES.attachment_not_found);
      if (!comment.attachmentStorageKey || comment.deletedAt) throw missing;
      const data = await app.storage.get(comment.attachmentStorageKey);
      if (!data) throw missing;
      return sendAttachment(reply, {
        data,
        contentType: comment.attachmentContentType ?? 'application/octet-stream',
        fileName: comment.attachmentFileName ?? 'attachment',
      });
    },
  );

  app.get(
    '/api/discussions/:type/:id/stream',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary:
          'Server-sent events: `discussion` with { record: comment | task, id, change: added | edited | deleted } each time one of the object’s comments or tasks changes',
        params: subjectParams,
      },
    },
    async (request, reply) => {
      const actor = discussionActorOf(request);
      const subject = await requireSubject(db, actor, request.params.type, request.params.id);
      streamDiscussion(app, request, reply, {
        companyId: actor.companyId,
        subject,
        openStreams,
      });
    },
  );

  app.patch(
    '/api/comments/:commentId',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'Edit your comment (the text before is kept for administrators)',
        params: commentParams,
        body: commentRequestSchema,
        response: { 200: discussionSchema },
      },
    },
    async (request) => {
      const actor = discussionActorOf(request);
      await editComment(app.deps, {
        actor,
        commentId: request.params.commentId,
        body: request.body.body,
      });
      const comment = await requireCommentOf(db, actor.companyId, request.params.commentId);
      return discussion(actor, comment.subjectType, comment.subjectId);
    },
  );

  app.delete(
    '/api/comments/:commentId',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'Delete a comment (its author, or an administrator); a marker stays in its place',
        params: commentParams,
        response: { 200: discussionSchema },
      },
    },
    async (request) => {
      const actor = discussionActorOf(request);
      await deleteComment(app.deps, { actor, commentId: request.params.commentId });
      const comment = await requireCommentOf(db, actor.companyId, request.params.commentId);
      return discussion(actor, comment.subjectType, comment.subjectId);
    },
  );

  app.get(
    '/api/comments/:commentId/revisions',
    {
      config: { access: requireAll(requireRole('admin'), COLLABORATION) },
      schema: {
        tags: ['collaboration'],
        summary: 'What a comment said before each edit or its deletion, and who changed it',
        params: commentParams,
        response: { 200: commentRevisionsSchema },
      },
    },
    async (request) => {
      const actor = discussionActorOf(request);
      const comment = await requireCommentOf(db, actor.companyId, request.params.commentId);
      // An administrator reads the trail of comments on objects they may see.
      await requireSubject(db, actor, comment.subjectType, comment.subjectId);
      const rows = await db
        .select()
        .from(commentRevisions)
        .where(eq(commentRevisions.commentId, comment.id))
        .orderBy(asc(commentRevisions.createdAt), asc(commentRevisions.id));
      return {
        revisions: rows.map((row) => ({
          body: row.body,
          change: row.change,
          changedByName: row.changedByName,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/collaboration/threads',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'The team’s threads, the most recently active first',
        response: { 200: threadListSchema },
      },
    },
    async (request) => ({ threads: await findThreads(db, discussionActorOf(request).companyId) }),
  );

  app.post(
    '/api/collaboration/threads',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'Start a team thread with its first comment',
        body: createThreadRequestSchema,
        response: { 201: discussionSchema },
      },
    },
    async (request, reply) => {
      const actor = discussionActorOf(request);
      const id = await createThread(app.deps, { actor, request: request.body });
      return reply.status(201).send(await discussion(actor, 'thread', id));
    },
  );

  app.get(
    '/api/collaboration/activity',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary:
          'The institution’s work, newest first, 25 a page: comments, decisions, status changes, uploads; by module, member and object',
        querystring: teamActivityQuerySchema,
        response: { 200: teamActivitySchema },
      },
    },
    async (request) => {
      const actor = discussionActorOf(request);
      const { module, actor: member, subject, page } = request.query;
      const [type, ...rest] = subject?.split(':') ?? [];
      return findTeamActivity(db, actor.companyId, {
        prefixes: module
          ? ACTIVITY_MODULES[module].prefixes
          : Object.values(ACTIVITY_MODULES).flatMap((entry) => entry.prefixes),
        actor: member,
        target: type ? { type, id: rest.join(':') } : undefined,
        page,
      });
    },
  );

  app.get(
    '/api/collaboration/my-work',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary:
          'Your open tasks in every module (overdue first), the comments that mention you (30 days) and the approvals waiting on you',
        response: { 200: myWorkSchema },
      },
    },
    async (request) => findMyWork(db, discussionActorOf(request), new Date()),
  );

  app.get(
    '/api/collaboration/online',
    {
      config: { access: COLLABORATION },
      schema: {
        tags: ['collaboration'],
        summary: 'Members of your institution with the app open now',
        response: { 200: presenceSchema },
      },
    },
    async (request) => findOnline(db, discussionActorOf(request).companyId, new Date()),
  );
};
