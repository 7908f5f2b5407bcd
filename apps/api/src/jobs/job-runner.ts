import type { Database } from '@complivue/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Mailer } from '../lib/email/mailer.ts';
import { deliverDueEmails } from '../lib/email/email-queue.ts';
import { deliverPendingContactRequests } from '../modules/contact/contact-delivery.ts';
import { expireEndedTrials } from '../modules/subscriptions/trial-expiry.ts';
import { purgeExpiredAuditEntries } from '../modules/team/audit-retention.ts';
import { sendDueDigests } from '../modules/feeds/digests.ts';
import { notifyOverdueChanges } from '../modules/changes/change-overdue.ts';
import { notifyOverdueFindingActions } from '../modules/risks/finding-overdue.ts';
import { notifyOverdueTasks } from '../modules/collaboration/task-overdue.ts';
import { sendDueReminders } from '../modules/calendar/calendar-reminders.ts';
import type { RealtimeBus } from '../lib/realtime-bus.ts';
import { seedDefaultFeedSources } from '../modules/feeds/default-feed-sources.ts';
import type { FeedFetchOptions } from '../modules/feeds/feed-fetch.ts';
import { pollDueFeedSources } from '../modules/feeds/feed-poll.ts';
import { snapshotAllRiskRegisters } from '../modules/risks/risk-snapshots.ts';
import { snapshotAllAnalytics } from '../modules/analytics/analytics-snapshots.ts';
import { sendDueAnalyticsReports } from '../modules/analytics/report-delivery.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { onAutomationEvent } from '../modules/automations/automation-events.ts';
import {
  processAutomationEvents,
  retryDueAutomationActions,
} from '../modules/automations/automation-runner.ts';
import { scanTimedTriggers } from '../modules/automations/automation-scan.ts';

const EXPIRE_TRIALS = 'expire-trials';
const DELIVER_CONTACT_REQUESTS = 'deliver-contact-requests';
const DELIVER_QUEUED_EMAILS = 'deliver-queued-emails';
const PURGE_AUDIT_LOG = 'purge-audit-log';
const SEND_DIGESTS = 'send-email-digests';
const NOTIFY_OVERDUE_CHANGES = 'notify-overdue-changes';
const NOTIFY_OVERDUE_FINDING_ACTIONS = 'notify-overdue-finding-actions';
const NOTIFY_OVERDUE_TASKS = 'notify-overdue-tasks';
const SEND_DEADLINE_REMINDERS = 'send-deadline-reminders';
const POLL_FEED_SOURCES = 'poll-feed-sources';
const SNAPSHOT_RISK_REGISTERS = 'snapshot-risk-registers';
const SNAPSHOT_ANALYTICS = 'snapshot-analytics';
const SEND_ANALYTICS_REPORTS = 'send-analytics-reports';
const RUN_AUTOMATIONS = 'run-automations';
const SCAN_AUTOMATION_TRIGGERS = 'scan-automation-triggers';

/**
 * Background jobs on pg-boss, in the same database on either engine. Every job is idempotent,
 * so several API instances may run the same schedule without doing the work twice.
 */
export async function startJobs(options: {
  database: Database;
  mailer: Mailer;
  contactEmail: string | undefined;
  /** The web app's address, for the links in emails. */
  appUrl: string;
  /** The realtime fan-out, for notifications sent by jobs through notify(). */
  bus: RealtimeBus;
  /** How feeds are fetched (private addresses refused in production, the user agent). */
  feedFetch?: FeedFetchOptions;
  databaseUrl?: string;
  log: FastifyBaseLogger;
  /** What services take (automations' actions call the modules' services). */
  deps: ServiceDeps;
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

  // Queued emails (password resets) whose first attempt failed: retried with back-off.
  await boss.createQueue(DELIVER_QUEUED_EMAILS);
  await boss.work(DELIVER_QUEUED_EMAILS, async () => {
    const sent = await deliverDueEmails({ db: database.db, mailer: options.mailer, log });
    if (sent > 0) log.info({ sent }, 'queued emails retried');
  });
  await boss.schedule(DELIVER_QUEUED_EMAILS, '* * * * *');

  // The audit trail past each institution's retention: daily, at a quiet hour (UTC).
  await boss.createQueue(PURGE_AUDIT_LOG);
  await boss.work(PURGE_AUDIT_LOG, async () => {
    const purged = await purgeExpiredAuditEntries(database.db);
    if (purged > 0) log.info({ purged }, 'audit entries past their retention purged');
  });
  await boss.schedule(PURGE_AUDIT_LOG, '30 6 * * *');

  // Daily and weekly email digests: hourly, each member's period is due from 7 a.m. in their
  // time zone and is claimed in digest_deliveries, so a digest goes out once per period.
  await boss.createQueue(SEND_DIGESTS);
  await boss.work(SEND_DIGESTS, async () => {
    const outcome = await sendDueDigests({
      db: database.db,
      mailer: options.mailer,
      log,
      appUrl: options.appUrl,
    });
    if (outcome.sent > 0) log.info(outcome, 'email digests sent');
  });
  await boss.schedule(SEND_DIGESTS, '5 * * * *');

  // Overdue changes and tasks: hourly, since a due date ends at different hours across the
  // owners' time zones; each item is claimed before its owner is told, so it is told once.
  await boss.createQueue(NOTIFY_OVERDUE_CHANGES);
  await boss.work(NOTIFY_OVERDUE_CHANGES, async () => {
    const outcome = await notifyOverdueChanges({
      db: database.db,
      bus: options.bus,
      mailer: options.mailer,
      log,
      appUrl: options.appUrl,
    });
    if (outcome.changes + outcome.tasks > 0) log.info(outcome, 'overdue changes notified');
  });
  await boss.schedule(NOTIFY_OVERDUE_CHANGES, '15 * * * *');

  // Overdue corrective actions of findings: hourly like the changes, claimed before anyone is
  // told, so each action's owner and the administrators are told once.
  await boss.createQueue(NOTIFY_OVERDUE_FINDING_ACTIONS);
  await boss.work(NOTIFY_OVERDUE_FINDING_ACTIONS, async () => {
    const outcome = await notifyOverdueFindingActions({
      db: database.db,
      bus: options.bus,
      mailer: options.mailer,
      log,
      appUrl: options.appUrl,
    });
    if (outcome.actions > 0) log.info(outcome, 'overdue corrective actions notified');
  });
  await boss.schedule(NOTIFY_OVERDUE_FINDING_ACTIONS, '20 * * * *');

  // Overdue team tasks: hourly like the others, each claimed before its assignee is told once.
  await boss.createQueue(NOTIFY_OVERDUE_TASKS);
  await boss.work(NOTIFY_OVERDUE_TASKS, async () => {
    const outcome = await notifyOverdueTasks({
      db: database.db,
      bus: options.bus,
      mailer: options.mailer,
      log,
      appUrl: options.appUrl,
    });
    if (outcome.tasks > 0) log.info(outcome, 'overdue tasks notified');
  });
  await boss.schedule(NOTIFY_OVERDUE_TASKS, '25 * * * *');

  // Deadline reminders: every 15 minutes, so a reminder goes out soon after its day begins in
  // the owner's time zone; each is claimed in calendar_reminders_sent before it is sent.
  await boss.createQueue(SEND_DEADLINE_REMINDERS);
  await boss.work(SEND_DEADLINE_REMINDERS, async () => {
    const outcome = await sendDueReminders({
      db: database.db,
      bus: options.bus,
      mailer: options.mailer,
      log,
      appUrl: options.appUrl,
    });
    if (outcome.sent > 0) log.info(outcome, 'deadline reminders sent');
  });
  await boss.schedule(SEND_DEADLINE_REMINDERS, '*/15 * * * *');

  // Feed sources: the defaults added when missing, then every minute the sources that are due
  // are leased (FOR UPDATE SKIP LOCKED) and polled; failures are recorded on the source.
  await seedDefaultFeedSources(database.db)
    .then((added) => added > 0 && log.info({ added }, 'default feed sources added'))
    .catch((error: unknown) => log.error({ err: error }, 'default feed sources not added'));
  await boss.createQueue(POLL_FEED_SOURCES);
  await boss.work(POLL_FEED_SOURCES, async () => {
    const outcome = await pollDueFeedSources({
      db: database.db,
      log,
      notify: {
        db: database.db,
        bus: options.bus,
        mailer: options.mailer,
        log,
        appUrl: options.appUrl,
      },
      fetch: options.feedFetch,
    });
    if (outcome.polled > 0) log.info(outcome, 'feed sources polled');
  });
  await boss.schedule(POLL_FEED_SOURCES, '* * * * *');

  // The risk registers' daily snapshots, for the trend of residual risk: hourly, and once now,
  // so each institution's day has its row soon after it begins; later runs that day update
  // today's row (one per institution and day), so a past day keeps its last run's figures.
  await boss.createQueue(SNAPSHOT_RISK_REGISTERS);
  await boss.work(SNAPSHOT_RISK_REGISTERS, async () => {
    const outcome = await snapshotAllRiskRegisters(database.db, {
      onError: (companyId, error) =>
        log.error({ err: error, companyId }, 'risk register snapshot not written'),
    });
    if (outcome.written + outcome.failed > 0) log.info(outcome, 'risk register snapshots');
  });
  await boss.schedule(SNAPSHOT_RISK_REGISTERS, '20 * * * *');
  await boss.send(SNAPSHOT_RISK_REGISTERS);

  // Analytics' daily snapshots, as the risk registers': hourly and once now; today's row is
  // brought up to date by each run of the day, a past day's is never touched, and an
  // institution's first run rebuilds its past from the records' histories (backfilled).
  await boss.createQueue(SNAPSHOT_ANALYTICS);
  await boss.work(SNAPSHOT_ANALYTICS, async () => {
    const outcome = await snapshotAllAnalytics(database.db, {
      onError: (companyId, error) =>
        log.error({ err: error, companyId }, 'analytics snapshot not written'),
    });
    if (outcome.written + outcome.failed > 0) log.info(outcome, 'analytics snapshots');
  });
  await boss.schedule(SNAPSHOT_ANALYTICS, '40 * * * *');
  await boss.send(SNAPSHOT_ANALYTICS);

  // Scheduled analytics reports: every 15 minutes, so a report goes out early on the first day
  // of its period and a failed send is retried on time; each delivery (schedule, period,
  // recipient) is written once, whichever instance wins, and sent under a lease.
  await boss.createQueue(SEND_ANALYTICS_REPORTS);
  await boss.work(SEND_ANALYTICS_REPORTS, async () => {
    const outcome = await sendDueAnalyticsReports({
      db: database.db,
      mailer: options.mailer,
      log,
      appUrl: options.appUrl,
    });
    if (outcome.sent + outcome.failed + outcome.retrying > 0) {
      log.info(outcome, 'scheduled analytics reports');
    }
  });
  await boss.schedule(SEND_ANALYTICS_REPORTS, '*/15 * * * *');

  // Automations: events recorded by a request are run at once on this instance (the wake-up
  // below); the minute's job runs what another instance left and retries failed actions when
  // their wait is over. Runs are unique per rule and event, so instances never run one twice.
  const automations = inProcessRunner(async () => {
    const outcome = await processAutomationEvents(options.deps);
    if (outcome.runs > 0) log.info(outcome, 'automation runs');
  }, log);
  const stopListening = onAutomationEvent(automations.wake);
  await boss.createQueue(RUN_AUTOMATIONS);
  await boss.work(RUN_AUTOMATIONS, async () => {
    await automations.run();
    const retried = await retryDueAutomationActions(options.deps);
    if (retried > 0) log.info({ retried }, 'automation actions retried');
  });
  await boss.schedule(RUN_AUTOMATIONS, '* * * * *');

  // Time-based triggers (a deadline N days away, a review date passed, a schedule): every five
  // minutes and once now, so a schedule fires within five minutes of its time.
  await boss.createQueue(SCAN_AUTOMATION_TRIGGERS);
  await boss.work(SCAN_AUTOMATION_TRIGGERS, async () => {
    const recorded = await scanTimedTriggers(database.db, new Date());
    if (recorded > 0) {
      log.info({ recorded }, 'timed automation events recorded');
      await automations.run();
    }
  });
  await boss.schedule(SCAN_AUTOMATION_TRIGGERS, '*/5 * * * *');
  await boss.send(SCAN_AUTOMATION_TRIGGERS);

  return {
    stop: async () => {
      stopListening();
      await automations.idle();
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

/**
 * One piece of work that a wake-up starts soon and never twice at once on this instance: a wake
 * during a run asks for one more run after it.
 */
function inProcessRunner(work: () => Promise<void>, log: FastifyBaseLogger) {
  let current: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          log.error({ err: error }, 'automation runner failed');
        }
      } while (again);
    })();
    try {
      await current;
    } finally {
      current = null;
    }
  };
  return {
    run,
    wake: () => {
      setImmediate(() => void run());
    },
    idle: async () => {
      if (current) await current;
    },
  };
}
