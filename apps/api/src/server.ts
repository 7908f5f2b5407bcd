import { openDatabase, type Database } from '@complivue/db/database';
import { migrateDatabase } from '@complivue/db/migrate';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { todayIn } from '@complivue/shared/calendar-days';
import { startJobs } from './jobs/job-runner.ts';
import { reconcileAllSeededDeadlines } from './modules/calendar/calendar-reconcile.ts';
import { feedFetchOptions } from './modules/feeds/feed-poll.ts';
import type { Env } from './env.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** Opens and migrates the database, builds the app and listens; `stop` undoes all of it. */
export async function startServer(env: Env): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  try {
    await migrateDatabase(database);
    const serveWebApp = (env.SERVE_WEB_APP ?? String(env.NODE_ENV === 'production')) === 'true';
    const app = await buildApp({ env, database, serveWebApp });
    // Before the first request: institutions never seeded, or a template added by this
    // release, get their regulatory deadlines (reads no longer seed, decision 0017).
    const reconciled = await reconcileAllSeededDeadlines(database.db, todayIn(null));
    if (reconciled > 0) app.log.info({ reconciled }, 'seeded regulatory deadlines reconciled');
    const jobs = await startJobs({
      database,
      databaseUrl: env.DATABASE_URL,
      log: app.log,
      mailer: app.mailer,
      contactEmail: env.CONTACT_EMAIL,
      appUrl: env.APP_URL,
      bus: app.realtime,
      feedFetch: feedFetchOptions(env),
      deps: app.deps,
    });
    const url = await app.listen({ host: env.HOST, port: env.PORT });
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await app.close();
        await jobs.stop();
        await database.close();
      })());
    return { app, database, url, stop };
  } catch (error) {
    await database.close();
    throw error;
  }
}
