import type { Db } from '@complivue/db/database';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from './env.ts';
import type { Mailer } from './lib/email/mailer.ts';
import type { FileStorage } from './lib/file-storage.ts';
import type { RealtimeBus } from './lib/realtime-bus.ts';
import {
  notify,
  notifyDependencies,
  type NotificationInput,
} from './modules/notifications/notify.ts';

/**
 * What a service may use (DESIGN.md convention 5). A service never sees Fastify: a handler
 * passes `app.deps` and an options object with the actor, so the service can be called from a
 * job, a CLI command or a test just the same.
 */
export interface ServiceDeps {
  db: Db;
  storage: FileStorage;
  /** Tells members, in the app at once and by email as they chose (notifications/notify.ts). */
  notify: (input: NotificationInput) => Promise<string[]>;
  /** Live updates to open pages, on every instance (a discussion's new comment). */
  realtime: Pick<RealtimeBus, 'publish'>;
  /** Email that is not a notification (a support reply, the support inbox). */
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The configuration, parsed once at start (links in emails need APP_URL). */
  env: Env;
  /** Now, as the service should see it (one place to change for a test of time). */
  clock: () => Date;
}

/** The dependencies as the app holds them; built once at start. */
export function createServiceDeps(app: FastifyInstance): ServiceDeps {
  const notifyDeps = notifyDependencies(app);
  return {
    db: app.database.db,
    storage: app.storage,
    notify: (input) => notify(notifyDeps, input),
    realtime: app.realtime,
    mailer: app.mailer,
    log: app.log,
    env: app.env,
    clock: () => new Date(),
  };
}
