import multipart from '@fastify/multipart';
import { todayIn } from '@complivue/shared/calendar-days';
import { DOCUMENT_FILE_TYPES } from '@complivue/shared/file-types';
import {
  eventDrivenTypesFor,
  findRegulatoryDeadlineTemplate,
  OPTIONAL_DEADLINE_SET_KEYS,
  OPTIONAL_DEADLINE_SETS,
} from '@complivue/shared/regulatory-deadlines';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  calendarEventListSchema,
  calendarEventParamsSchema,
  calendarEventSchema,
  calendarOccurrenceSchema,
  calendarOwnersSchema,
  calendarSubscriptionCreatedSchema,
  calendarSubscriptionStatusSchema,
  completionFieldsSchema,
  completionHistorySchema,
  completionParamsSchema,
  type CalendarEventList,
  createCalendarEventSchema,
  eventDrivenDeadlineRequestSchema,
  occurrenceParamsSchema,
  occurrencesQuerySchema,
  occurrencesResponseSchema,
  optionalDeadlineParamsSchema,
  updateCalendarEventSchema,
} from '@complivue/shared/schemas/calendar';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { PUBLIC, requireAll, requirePlan, requireRole } from '../../lib/route-access.ts';
import {
  parseFormFields,
  readMultipartUpload,
  sendAttachment,
  type UploadedFile,
} from '../../lib/uploads.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import { findCompany } from '../companies/institution.ts';
import { profileIsComplete } from '../library/applicability.ts';
import { institutionFacts } from '../companies/institution.ts';
import {
  createFeedToken,
  feedTokenStatus,
  feedUrl,
  resolveFeedToken,
  revokeFeedToken,
} from './calendar-feed.ts';
import { calendarIcs } from './calendar-ics.ts';
import {
  canSeeEvent,
  findCalendarOwners,
  findCompletion,
  findCompletionHistory,
  findOccurrences,
  getVisibleEvent,
  findCalendarEvents,
  toCalendarEvent,
  type CalendarViewer,
  type EventWithOwner,
} from './calendar.queries.ts';
import { seededDeadlineFits } from './calendar-seed.ts';
import {
  addOptionalDeadlines,
  completeOccurrence,
  createCalendarEvent,
  createEventDrivenDeadline,
  deleteCalendarEvent,
  getCompletionFile,
  reopenOccurrence,
  restoreCalendarEvent,
  updateCalendarEvent,
  type CalendarActor,
} from './calendar.service.ts';

/**
 * The calendar's API has the page's requirement (/regulatory-calendar, plan basic:
 * docs/product.md § Route requirements).
 */
const CALENDAR = requirePlan('basic');

/** The caller as the calendar sees them: their institution's facts and their day. */
function calendarActor(request: FastifyRequest): CalendarActor {
  const auth = requireAuth(request);
  return {
    ...requireActor(request),
    name: auth.profile.fullName ?? auth.user.email,
    facts: institutionFacts(auth.company),
    today: todayIn(auth.profile.timezone),
  };
}

const icsFileName = (name: string) =>
  `${
    name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'calendar'
  }-regulatory-calendar.ics`;

/**
 * `GET /api/calendar/events`: the events the viewer sees, with what the page needs to offer the
 * right filings and optional deadlines for the institution's profile.
 */
function eventList(events: EventWithOwner[], viewer: CalendarViewer): CalendarEventList {
  const live = new Set(
    events.flatMap((event) => (event.templateKey && !event.dismissedAt ? [event.templateKey] : [])),
  );
  return {
    events: events
      .filter((event) => canSeeEvent(event, viewer))
      .map((event) => toCalendarEvent(event, viewer)),
    profileComplete: profileIsComplete(viewer.facts),
    institutionType: viewer.facts.institutionType,
    filings: eventDrivenTypesFor(viewer.facts.institutionType),
    optionalDeadlines: OPTIONAL_DEADLINE_SET_KEYS.flatMap((key) => {
      const set = OPTIONAL_DEADLINE_SETS[key];
      const fits = set.templateKeys.every((templateKey) =>
        seededDeadlineFits(viewer.facts, findRegulatoryDeadlineTemplate(templateKey)!),
      );
      if (!fits || set.templateKeys.every((templateKey) => live.has(templateKey))) return [];
      return [
        {
          key,
          action: set.action,
          description: set.description,
          canAdd: hasRoleAtLeast(viewer.role, 'manager'),
        },
      ];
    }),
  };
}

/** Regulatory calendar: deadlines, recurrence, completion with evidence, iCalendar export. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart);

  app.get(
    '/api/calendar/occurrences',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Due dates in a range (at most 400 days), each with its event, whether it is done (with the evidence) and whether it is overdue',
        querystring: occurrencesQuerySchema,
        response: { 200: occurrencesResponseSchema },
      },
    },
    async (request) => findOccurrences(db, calendarActor(request), request.query),
  );

  app.get(
    '/api/calendar/events',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Every event of your institution’s calendar that you may see (SAR deadlines: managers, administrators, their owner and creator), deleted regulatory deadlines included; the filings and optional deadlines your profile calls for',
        response: { 200: calendarEventListSchema },
      },
    },
    async (request) => {
      const viewer = calendarActor(request);
      return eventList(await findCalendarEvents(db, viewer.companyId), viewer);
    },
  );

  app.get(
    '/api/calendar/events/:eventId',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'One event of your institution’s calendar',
        params: calendarEventParamsSchema,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => {
      const viewer = calendarActor(request);
      return toCalendarEvent(await getVisibleEvent(db, viewer, request.params.eventId), viewer);
    },
  );

  app.post(
    '/api/calendar/events',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Add a company event: a date, an optional RRULE (daily or coarser), an owner and reminders 0–365 days before',
        body: createCalendarEventSchema,
        response: { 201: calendarEventSchema },
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      const event = await createCalendarEvent(app.deps, {
        actor: viewer,
        input: request.body,
      });
      return reply.status(201).send(toCalendarEvent(event, viewer));
    },
  );

  app.patch(
    '/api/calendar/events/:eventId',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Change an event (managers and administrators; members: the events they own or created)',
        params: calendarEventParamsSchema,
        body: updateCalendarEventSchema,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => {
      const viewer = calendarActor(request);
      const event = await updateCalendarEvent(app.deps, {
        actor: viewer,
        eventId: request.params.eventId,
        changes: request.body,
      });
      return toCalendarEvent(event, viewer);
    },
  );

  app.delete(
    '/api/calendar/events/:eventId',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Delete an event; a seeded regulatory deadline is kept as deleted (not seeded again, restorable), an event with completions is kept hidden with its evidence',
        params: calendarEventParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { kept } = await deleteCalendarEvent(app.deps, {
        actor: calendarActor(request),
        eventId: request.params.eventId,
      });
      return {
        ok: true as const,
        ...(kept ? { message: 'Deleted from the calendar; its records are kept.' } : {}),
      };
    },
  );

  app.post(
    '/api/calendar/events/:eventId/restore',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Restore a seeded regulatory deadline your institution deleted',
        params: calendarEventParamsSchema,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => {
      const viewer = calendarActor(request);
      return toCalendarEvent(
        await restoreCalendarEvent(app.deps, { actor: viewer, eventId: request.params.eventId }),
        viewer,
      );
    },
  );

  app.post(
    '/api/calendar/deadlines/optional/:set',
    {
      // Managers' and administrators' work whoever asks (the service checks it again).
      config: { access: requireAll(CALENDAR, requireRole('manager')) },
      schema: {
        tags: ['calendar'],
        summary:
          'Add an optional set of seeded deadlines, such as the quarterly HMDA submissions of large filers (managers and administrators)',
        params: optionalDeadlineParamsSchema,
        response: { 201: calendarEventListSchema.pick({ events: true }) },
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      const events = await addOptionalDeadlines(app.deps, {
        actor: viewer,
        setKey: request.params.set,
      });
      return reply
        .status(201)
        .send({ events: events.map((event) => toCalendarEvent(event, viewer)) });
    },
  );

  app.post(
    '/api/calendar/deadlines/event-driven',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Add a CTR or Form 8300 (15 days after the transaction or receipt) or SAR (30 days after initial detection) deadline, as your institution type files them; the due date is computed here',
        body: eventDrivenDeadlineRequestSchema,
        response: { 201: calendarEventSchema },
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      const event = await createEventDrivenDeadline(app.deps, {
        actor: viewer,
        input: request.body,
      });
      return reply.status(201).send(toCalendarEvent(event, viewer));
    },
  );

  app.post(
    '/api/calendar/events/:eventId/occurrences/:date/completion',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Mark a due date done with evidence: JSON { evidenceNote, evidenceUrl }, or multipart with those fields and one "file" (up to 25 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        params: occurrenceParamsSchema,
        response: { 201: calendarOccurrenceSchema },
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      let raw: unknown = request.body ?? {};
      let file: UploadedFile | null = null;
      if (request.isMultipart()) {
        const upload = await readMultipartUpload(request, {
          maxFileBytes: CALENDAR_LIMITS.evidenceMaxBytes,
          maxFiles: 1,
          allowed: DOCUMENT_FILE_TYPES,
          messages: {
            tooLarge: CALENDAR_MESSAGES.evidence_too_large,
            tooMany: CALENDAR_MESSAGES.evidence_one_file,
            type: CALENDAR_MESSAGES.evidence_type,
            notMultipart: CALENDAR_MESSAGES.evidence_not_multipart,
          },
        });
        raw = upload.fields;
        file = upload.files[0] ?? null;
      }
      const fields = parseFormFields(completionFieldsSchema, raw);
      const { eventId, date } = request.params;
      await completeOccurrence(app.deps, {
        actor: viewer,
        eventId,
        date,
        fields,
        file,
      });
      const completion = await findCompletion(db, viewer.companyId, { eventId, date });
      return reply.status(201).send({ eventId, date, completion, overdue: false });
    },
  );

  app.delete(
    '/api/calendar/events/:eventId/occurrences/:date/completion',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Undo “done” on a due date: the completion is kept, marked undone, with its evidence',
        params: occurrenceParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await reopenOccurrence(app.deps, { actor: calendarActor(request), ...request.params });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/calendar/events/:eventId/occurrences/:date/completions',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Every completion of a due date, undone ones included, newest first',
        params: occurrenceParamsSchema,
        response: { 200: completionHistorySchema },
      },
    },
    async (request) => {
      const viewer = calendarActor(request);
      const event = await getVisibleEvent(db, viewer, request.params.eventId);
      return {
        completions: await findCompletionHistory(db, viewer.companyId, {
          eventId: event.id,
          date: request.params.date,
        }),
      };
    },
  );

  app.get(
    '/api/calendar/events/:eventId/completions/:completionId/file',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Download the evidence file of one completion (undone ones keep theirs)',
        params: completionParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      const event = await getVisibleEvent(db, viewer, request.params.eventId);
      const completion = await getCompletionFile(db, viewer.companyId, {
        eventId: event.id,
        completionId: request.params.completionId,
      });
      const data = await app.storage.get(completion.storageKey!);
      if (!data) throw new AppError('not_found');
      return sendAttachment(reply, {
        data,
        contentType: completion.contentType ?? 'application/octet-stream',
        fileName: completion.fileName!,
      });
    },
  );

  app.get(
    '/api/calendar/events/:eventId/occurrences/:date/completion/file',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Download the evidence file of a completed due date',
        params: occurrenceParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      await getVisibleEvent(db, viewer, request.params.eventId);
      const completion = await getCompletionFile(db, viewer.companyId, request.params);
      const data = await app.storage.get(completion.storageKey!);
      if (!data) throw new AppError('not_found');
      return sendAttachment(reply, {
        data,
        contentType: completion.contentType ?? 'application/octet-stream',
        fileName: completion.fileName!,
      });
    },
  );

  app.get(
    '/api/calendar/owners',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Active members of your institution who may own a deadline',
        response: { 200: calendarOwnersSchema },
      },
    },
    async (request) => ({
      members: await findCalendarOwners(db, calendarActor(request).companyId),
    }),
  );

  app.get(
    '/api/calendar/export.ics',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Your institution’s calendar as an iCalendar (.ics) file, recurring events as RRULEs; SAR deadlines are never included',
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      const events = await findCalendarEvents(db, viewer.companyId);
      await recordAudit(db, requestOrigin(request), {
        action: 'calendar.exported',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'calendar',
        after: {
          format: 'ics',
          events: events.filter((event) => !event.dismissedAt && event.filing !== 'sar').length,
        },
      });
      const companyName = requireAuth(request).company?.name ?? 'Institution';
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${icsFileName(companyName)}"`)
        .send(calendarIcs(events, { companyName, appUrl: app.env.APP_URL }));
    },
  );

  app.get(
    '/api/calendar/subscription',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Whether you have a calendar subscription URL (the URL itself is shown only once)',
        response: { 200: calendarSubscriptionStatusSchema },
      },
    },
    async (request) => feedTokenStatus(db, requireAuth(request).user.id),
  );

  app.post(
    '/api/calendar/subscription',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary:
          'Create or rotate your secret calendar subscription URL (returned once; the previous URL stops working)',
        response: { 201: calendarSubscriptionCreatedSchema },
      },
    },
    async (request, reply) => {
      const viewer = calendarActor(request);
      const { token, createdAt } = await createFeedToken(db, {
        userId: viewer.actorUserId,
        companyId: viewer.companyId,
      });
      await recordAudit(db, requestOrigin(request), {
        action: 'calendar.subscription_created',
        actorUserId: viewer.actorUserId,
        companyId: viewer.companyId,
        targetType: 'user',
        targetId: viewer.actorUserId,
      });
      return reply
        .status(201)
        .send({ url: feedUrl(app.env.APP_URL, token), createdAt: createdAt.toISOString() });
    },
  );

  app.delete(
    '/api/calendar/subscription',
    {
      config: { access: CALENDAR },
      schema: {
        tags: ['calendar'],
        summary: 'Revoke your calendar subscription URL',
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await revokeFeedToken(db, auth.user.id))) {
        throw new AppError('not_found', CALENDAR_MESSAGES.subscription_missing);
      }
      await recordAudit(db, requestOrigin(request), {
        action: 'calendar.subscription_revoked',
        actorUserId: auth.user.id,
        companyId: auth.profile.companyId,
        targetType: 'user',
        targetId: auth.user.id,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/calendar/feed/:token.ics',
    {
      // Calendar apps cannot sign in: the secret token in the URL is the credential.
      config: { access: PUBLIC },
      schema: {
        tags: ['calendar'],
        summary:
          'A member’s calendar subscription (iCalendar, SAR deadlines never included); unknown, rotated or revoked tokens are 404',
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const subscriber = await resolveFeedToken(db, request.params.token);
      if (!subscriber) throw new AppError('not_found');
      const company = await findCompany(db, subscriber.companyId);
      if (!company) throw new AppError('not_found');
      const events = await findCalendarEvents(db, company.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(calendarIcs(events, { companyName: company.name, appUrl: app.env.APP_URL }));
    },
  );
};
