import {
  createTeamTaskRequestSchema,
  teamTaskListSchema,
  teamTaskQuerySchema,
  updateTeamTaskRequestSchema,
} from '@complivue/shared/schemas/collaboration';
import { SUBJECT_TYPES, type SubjectType } from '@complivue/shared/collaboration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { SUBSCRIBED } from '../../lib/route-access.ts';
import { discussionActorOf } from './discussion-actor.ts';
import { requireSubject, toSubjectRef } from './discussion-subjects.ts';
import { findTasks } from './tasks.queries.ts';
import { createTask, deleteTask, requireTask, updateTask } from './tasks.service.ts';
import type { DiscussionActor } from './comments.service.ts';

const taskParams = z.object({ taskId: z.uuid() });

/** `type:id` of a query, as a subject the schema's pattern already shaped. */
function parseSubject(value: string): { type: SubjectType; id: string } {
  const at = value.indexOf(':');
  const type = value.slice(0, at) as SubjectType;
  if (!SUBJECT_TYPES.includes(type)) {
    throw new AppError('validation_failed', 'Name the item as type:id', [
      { path: 'subject', message: 'Name the item as type:id' },
    ]);
  }
  return { type, id: value.slice(at + 1) };
}

/**
 * Team tasks: on any object a member may see, or free-standing; assigned to a member (told),
 * due today or later, with a checklist; overdue ones told once (collaboration/task-overdue.ts).
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** The tasks of the object the task is on (or the free-standing ones), as they now are. */
  async function tasksOf(
    actor: DiscussionActor,
    subject: { type: SubjectType; id: string } | null,
  ) {
    const found = subject ? await requireSubject(db, actor, subject.type, subject.id) : null;
    return {
      tasks: await findTasks(db, {
        companyId: actor.companyId,
        subject: found && toSubjectRef(found),
        today: actor.today,
      }),
    };
  }
  async function tasksBeside(actor: DiscussionActor, taskId: string) {
    const { row } = await requireTask(db, actor, taskId);
    return tasksOf(
      actor,
      row.subjectType && row.subjectId ? { type: row.subjectType, id: row.subjectId } : null,
    );
  }

  app.get(
    '/api/tasks',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['collaboration'],
        summary:
          'The tasks of one object you may see (`subject=type:id`), or the free-standing ones; open first',
        querystring: teamTaskQuerySchema,
        response: { 200: teamTaskListSchema },
      },
    },
    async (request) =>
      tasksOf(
        discussionActorOf(request),
        request.query.subject ? parseSubject(request.query.subject) : null,
      ),
  );

  app.post(
    '/api/tasks',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['collaboration'],
        summary:
          'Add a task on an object you may see (not a change: its tasks are on the change) or free-standing; the assignee is told',
        body: createTeamTaskRequestSchema,
        response: { 201: teamTaskListSchema },
      },
    },
    async (request, reply) => {
      const actor = discussionActorOf(request);
      await createTask(app.deps, { actor, request: request.body });
      return reply.status(201).send(await tasksOf(actor, request.body.subject ?? null));
    },
  );

  app.patch(
    '/api/tasks/:taskId',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['collaboration'],
        summary:
          'Change a task (its creator, its assignee, a manager or an administrator): done, assignee, due date, checklist',
        params: taskParams,
        body: updateTeamTaskRequestSchema,
        response: { 200: teamTaskListSchema },
      },
    },
    async (request) => {
      const actor = discussionActorOf(request);
      await updateTask(app.deps, { actor, taskId: request.params.taskId, request: request.body });
      return tasksBeside(actor, request.params.taskId);
    },
  );

  app.delete(
    '/api/tasks/:taskId',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['collaboration'],
        summary: 'Delete a task (its creator, a manager or an administrator)',
        params: taskParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTask(app.deps, {
        actor: discussionActorOf(request),
        taskId: request.params.taskId,
      });
      return reply.status(204).send(null);
    },
  );
};
