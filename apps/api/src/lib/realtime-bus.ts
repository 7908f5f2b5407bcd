import { EventEmitter } from 'node:events';
import { connectListener, type Database } from '@complivue/db/database';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * What travels between instances: who is concerned and which record to read. A notification
 * goes to one user; a discussion event goes to everyone viewing one object (`discussionTopic`).
 * Events carry ids only: each listener reads the record under its own member's access.
 */
export type RealtimeEvent =
  | { kind: 'notification'; userId: string; id: string }
  | {
      kind: 'discussion';
      topic: string;
      /** What changed on the object: one of its comments or tasks. */
      record: 'comment' | 'task';
      id: string;
      change: 'added' | 'edited' | 'deleted';
    };

export interface RealtimeBus {
  /** Delivers the event to every listener of its user or topic, on every API instance. */
  publish(event: RealtimeEvent): Promise<void>;
  /** `key`: a user id (their notifications) or a discussion topic. */
  subscribe(key: string, listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

/** The key of one object's discussion, within one institution. */
export const discussionTopic = (companyId: string, subjectType: string, subjectId: string) =>
  `discussion:${companyId}:${subjectType}:${subjectId}`;

const keyOf = (event: RealtimeEvent) =>
  event.kind === 'notification' ? event.userId : event.topic;

const CHANNEL = 'complivue_realtime';
const RECONNECT_MAX_MS = 30_000;

function isRealtimeEvent(value: unknown): value is RealtimeEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  if (typeof event.id !== 'string') return false;
  if (event.kind === 'notification') return typeof event.userId === 'string';
  return (
    event.kind === 'discussion' &&
    typeof event.topic === 'string' &&
    ['comment', 'task'].includes(event.record as string) &&
    ['added', 'edited', 'deleted'].includes(event.change as string)
  );
}

/**
 * Realtime fan-out. On PostgreSQL, events go through LISTEN/NOTIFY, so a user connected to
 * instance B hears what instance A published (a NOTIFY sent inside a transaction is delivered
 * at commit, never for a rolled-back write); each instance keeps one listening connection and
 * reconnects with back-off. On PGlite (a single instance) an in-process emitter does the same.
 */
export async function createRealtimeBus(
  database: Database,
  log: FastifyBaseLogger,
): Promise<RealtimeBus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (event: RealtimeEvent) => local.emit(keyOf(event), event);
  const subscribe = (key: string, listener: (event: RealtimeEvent) => void) => {
    local.on(key, listener);
    return () => void local.off(key, listener);
  };

  const pool = database.pool;
  if (!pool) {
    return {
      publish: async (event) => void deliver(event),
      subscribe,
      close: async () => void local.removeAllListeners(),
    };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const event: unknown = JSON.parse(message.payload);
      if (isRealtimeEvent(event)) deliver(event);
    } catch (error) {
      log.warn({ err: error }, 'ignoring a malformed realtime event');
    }
  };

  async function listen(): Promise<void> {
    if (closed) return;
    try {
      const connection = await connectListener(database);
      connection.on('notification', onNotification);
      connection.on('error', (error) => {
        log.error({ err: error }, 'realtime listener lost its connection; reconnecting');
        void connection.end().catch(() => undefined);
        if (client === connection) client = undefined;
        scheduleReconnect();
      });
      await connection.query(`LISTEN ${CHANNEL}`);
      client = connection;
      attempt = 0;
    } catch (error) {
      log.error({ err: error }, 'realtime listener could not connect; retrying');
      scheduleReconnect();
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    attempt += 1;
    const delay = Math.min(RECONNECT_MAX_MS, 250 * 2 ** attempt);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, delay);
  }

  await listen();
  return {
    async publish(event) {
      // Delivered to this instance too, through its own LISTEN: one path for every instance.
      await database.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      local.removeAllListeners();
      if (client) {
        client.off('notification', onNotification);
        await client.end().catch(() => undefined);
        client = undefined;
      }
    },
  };
}
