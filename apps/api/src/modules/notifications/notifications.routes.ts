import {
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
} from '@complivue/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { streamNotifications } from './notification-stream.ts';
import {
  countUnread,
  findNotifications,
  findOwnNotification,
  markRead,
} from './notifications.service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = new Set<() => void>();
  // Streams never end on their own: close them before the server waits for connections.
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });

  app.get(
    '/api/notifications',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) =>
      findNotifications(app.database.db, {
        userId: requireAuth(request).user.id,
        ...request.query,
      }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: z.object({ id: z.uuid() }),
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const changed = await markRead(app.database.db, { userId, id: request.params.id });
      // Already read is fine (a retry); someone else's, or an unknown id, is not found.
      if (
        changed === 0 &&
        !(await findOwnNotification(app.database.db, { userId, id: request.params.id }))
      )
        throw new AppError('not_found');
      return { unreadCount: await countUnread(app.database.db, userId) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await markRead(app.database.db, { userId });
      return { unreadCount: 0 };
    },
  );

  app.get(
    '/api/notifications/stream',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary:
          'Server-sent events: each new notification as it is created (at most 10 events a second); Last-Event-ID replays what a reconnecting client missed',
        querystring: z.object({ lastEventId: z.uuid().optional() }),
        headers: z.object({ 'last-event-id': z.uuid().optional() }).loose(),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const lastEventId = request.headers['last-event-id'] ?? request.query.lastEventId;
      await streamNotifications(app, request, reply, { auth, lastEventId, openStreams });
    },
  );
};
