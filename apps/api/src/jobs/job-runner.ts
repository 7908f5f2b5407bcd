import type { Database } from '@complivue/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Mailer } from '../lib/email/mailer.ts';
import { deliverPendingContactRequests } from '../modules/contact/contact-delivery.ts';
import { expireEndedTrials } from '../modules/subscriptions/trial-expiry.ts';
import { purgeExpiredAuditEntries } from '../modules/team/audit-retention.ts';

const EXPIRE_TRIALS = 'expire-trials';
const DELIVER_CONTACT_REQUESTS = 'deliver-contact-requests';
const PURGE_AUDIT_LOG = 'purge-audit-log';

/**
 * Background jobs on pg-boss, in the same database on either engine. Every job is idempotent,
 * so several API instances may run the same schedule without doing the work twice.
 */
export async function startJobs(options: {
  database: Database;
  mailer: Mailer;
  contactEmail: string | undefined;
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

  // Contact-form messages whose email failed when they were sent: retried every minute.
  await boss.createQueue(DELIVER_CONTACT_REQUESTS);
  await boss.work(DELIVER_CONTACT_REQUESTS, async () => {
    const outcome = await deliverPendingContactRequests({
      db: database.db,
      mailer: options.mailer,
      contactEmail: options.contactEmail,
    });
    if (outcome.delivered + outcome.failed > 0) log.info(outcome, 'contact requests retried');
  });
  await boss.schedule(DELIVER_CONTACT_REQUESTS, '* * * * *');

  // The audit trail past each institution's retention: daily, at a quiet hour (UTC).
  await boss.createQueue(PURGE_AUDIT_LOG);
  await boss.work(PURGE_AUDIT_LOG, async () => {
    const purged = await purgeExpiredAuditEntries(database.db);
    if (purged > 0) log.info({ purged }, 'audit entries past their retention purged');
  });
  await boss.schedule(PURGE_AUDIT_LOG, '30 6 * * *');

  return { stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
