import type { Database } from '@complivue/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import { expireEndedTrials } from '../modules/subscriptions/trial-expiry.ts';

const EXPIRE_TRIALS = 'expire-trials';

/**
 * Background jobs on pg-boss, in the same database on either engine. Every job is idempotent,
 * so several API instances may run the same schedule without doing the work twice.
 */
export async function startJobs(options: {
  database: Database;
  databaseUrl?: string;
  log: FastifyBaseLogger;
}): Promise<{ stop(): Promise<void> }> {
  const { database, log } = options;
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({ connectionString: options.databaseUrl!, max: 2 });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  await boss.start();

  await boss.createQueue(EXPIRE_TRIALS);
  await boss.work(EXPIRE_TRIALS, async () => {
    const expired = await expireEndedTrials(database.db);
    if (expired > 0) log.info({ expired }, 'trials expired');
  });
  // Hourly, and once now so that a server started after a pause catches up at once.
  await boss.schedule(EXPIRE_TRIALS, '0 * * * *');
  await boss.send(EXPIRE_TRIALS);

  return { stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
