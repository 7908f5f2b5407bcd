import { randomUUID } from 'node:crypto';
import { REALTIME_EVENTS_PER_SECOND } from '@complivue/shared/schemas/notifications';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/session.ts';
import { markGone, markPresent } from '../collaboration/presence.ts';
import {
  findNotificationsAfter,
  findOwnNotification,
  toNotification,
} from './notifications.service.ts';

const HEARTBEAT_MS = 25_000;
const REPLAY_LIMIT = 50;
/**
 * Never more than 10 events a second (docs/product.md § Notifications): one event per tick at most.
 */
const TICK_MS = 1000 / REALTIME_EVENTS_PER_SECOND;
/** A client that reads too slowly is dropped rather than buffered without end. */
const MAX_QUEUE = 500;

/**
 * Server-sent events for one signed-in user: each new notification as `event: notification`
 * with its id, so the browser's Last-Event-ID (or `?lastEventId=` after a manual reconnect)
 * replays exactly what was missed. Events arrive from the realtime bus, on any instance.
 */
export async function streamNotifications(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    auth: AuthContext;
    lastEventId: string | undefined;
    /** Open streams, ended when the server shuts down. */
    openStreams: Set<() => void>;
  },
): Promise<void> {
  const { auth, lastEventId, openStreams } = options;
  const userId = auth.user.id;
  const queue: string[] = [];
  const sent = new Set<string>();
  let closed = false;
  // The member is online while this stream is open (collaboration/presence.ts), on any instance:
  // recorded before the stream answers, so whoever asks next already sees them.
  const companyId = auth.profile.companyId;
  const streamId = randomUUID();
  const present = () =>
    companyId
      ? markPresent(app.database.db, { streamId, companyId, userId }, new Date()).catch(
          (error: unknown) => request.log.warn({ err: error }, 'presence not recorded'),
        )
      : Promise.resolve();
  await present();

  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write('retry: 3000\n\n');

  const enqueue = (id: string, data: unknown) => {
    if (sent.has(id)) return;
    sent.add(id);
    queue.push(`id: ${id}\nevent: notification\ndata: ${JSON.stringify(data)}\n\n`);
    if (queue.length > MAX_QUEUE) close();
  };

  const unsubscribe = app.realtime.subscribe(userId, (event) => {
    void findOwnNotification(app.database.db, { userId, id: event.id })
      .then((row) => {
        if (row && !closed) enqueue(row.id, toNotification(row));
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'realtime event not loaded'));
  });

  const ticker = setInterval(() => {
    const next = queue.shift();
    if (next) response.write(next);
  }, TICK_MS);
  const heartbeat = setInterval(() => {
    response.write(': keep-alive\n\n');
    void present();
  }, HEARTBEAT_MS);

  function close() {
    if (closed) return;
    closed = true;
    openStreams.delete(close);
    unsubscribe();
    clearInterval(ticker);
    clearInterval(heartbeat);
    response.end();
    if (companyId) {
      markGone(app.database.db, streamId).catch((error: unknown) =>
        request.log.warn({ err: error }, 'presence not cleared'),
      );
    }
  }
  request.raw.on('close', close);
  openStreams.add(close);

  if (lastEventId) {
    const missed = await findNotificationsAfter(app.database.db, {
      userId,
      lastId: lastEventId,
      limit: REPLAY_LIMIT,
    });
    for (const row of missed) enqueue(row.id, toNotification(row));
  }
}
