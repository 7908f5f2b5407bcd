import type { Db } from '@complivue/db/database';
import {
  analyticsReportDeliveries,
  analyticsReportRecipients,
  analyticsReportSchedules,
} from '@complivue/db/schema/analytics';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { completedPeriod, type Period } from '@complivue/shared/analytics-periods';
import { formatShortDay } from '@complivue/shared/calendar-days';
import type { AnalyticsQuery } from '@complivue/shared/schemas/analytics';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { analyticsReportEmail } from '../../lib/email/templates.ts';
import type { Mailer } from '../../lib/email/mailer.ts';
import { institutionFacts } from '../companies/institution.ts';
import { isActiveMemberOf } from '../companies/members.ts';
import { institutionDay } from './analytics-snapshots.ts';
import { boardReportBuffer, findBoardReport, summaryLines } from './board-report.ts';

export interface ReportDeliveryDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
}

type Schedule = typeof analyticsReportSchedules.$inferSelect;

/** Tries of one delivery before it is given up, and the wait after each failure. */
export const REPORT_DELIVERY_ATTEMPTS = 5;
const RETRY_MINUTES = [5, 15, 60, 240];
/** How long an instance holds a delivery it is sending before another may try it. */
const LEASE_MINUTES = 10;

const rangeLabel = (from: string, to: string) => `${formatShortDay(from)} – ${formatShortDay(to)}`;

/** The period a schedule's next report is on, as of `today` (the institution's day). */
export const reportPeriod = (schedule: Pick<Schedule, 'frequency'>, today: string): Period =>
  completedPeriod(schedule.frequency, today, rangeLabel);

const queryOf = (schedule: Schedule, period: Period): AnalyticsQuery => ({
  ...(schedule.frequency === 'quarterly'
    ? { quarter: period.key }
    : { from: period.from, to: period.to }),
  ...(schedule.area && { area: schedule.area }),
});

/**
 * Writes the deliveries of each schedule's period that is due — the last whole week, month or
 * quarter, once it ended after the schedule was made — for each recipient still subscribed and
 * still an active member. The unique (schedule, period, recipient) index makes the first insert
 * win on any instance, so a report goes out once per period.
 */
async function queueDueDeliveries(
  db: Db,
  options: { now: Date; scheduleId?: string; force?: boolean },
): Promise<void> {
  const today = institutionDay(options.now);
  const schedules = await db
    .select()
    .from(analyticsReportSchedules)
    .where(options.scheduleId ? eq(analyticsReportSchedules.id, options.scheduleId) : undefined);
  for (const schedule of schedules) {
    const period = reportPeriod(schedule, today);
    if (!options.force && period.to < institutionDay(schedule.createdAt)) continue;
    const recipients = await db
      .select({ userId: analyticsReportRecipients.userId })
      .from(analyticsReportRecipients)
      .innerJoin(userProfiles, eq(userProfiles.userId, analyticsReportRecipients.userId))
      .where(
        and(
          eq(analyticsReportRecipients.scheduleId, schedule.id),
          isNull(analyticsReportRecipients.unsubscribedAt),
          isActiveMemberOf(schedule.companyId),
        ),
      );
    if (recipients.length === 0) continue;
    await db
      .insert(analyticsReportDeliveries)
      .values(
        recipients.map(({ userId }) => ({
          companyId: schedule.companyId,
          scheduleId: schedule.id,
          periodKey: period.key,
          userId,
          nextAttemptAt: options.now,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Takes up to `limit` due deliveries for this instance (a lease, so no other sends them). */
async function claimDueDeliveries(db: Db, now: Date, scheduleId?: string) {
  const leaseUntil = new Date(now.getTime() + LEASE_MINUTES * 60_000);
  const due = db
    .select({ id: analyticsReportDeliveries.id })
    .from(analyticsReportDeliveries)
    .where(
      and(
        eq(analyticsReportDeliveries.status, 'pending'),
        sql`${analyticsReportDeliveries.nextAttemptAt} <= ${now}`,
        sql`(${analyticsReportDeliveries.leaseUntil} IS NULL OR ${analyticsReportDeliveries.leaseUntil} < ${now})`,
        scheduleId ? eq(analyticsReportDeliveries.scheduleId, scheduleId) : undefined,
      ),
    )
    .orderBy(analyticsReportDeliveries.nextAttemptAt)
    .limit(50)
    .for('update', { skipLocked: true });
  return db
    .update(analyticsReportDeliveries)
    .set({ leaseUntil, attempts: sql`${analyticsReportDeliveries.attempts} + 1` })
    .where(inArray(analyticsReportDeliveries.id, due))
    .returning();
}

type Delivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/**
 * One report to one recipient: the board report of the period, read as that member reads
 * analytics (a SAR deadline only if they may see it), attached to an email. Throws when the
 * mail server refuses it.
 */
async function sendDelivery(
  deps: ReportDeliveryDeps,
  delivery: Delivery,
  now: Date,
): Promise<'sent' | 'no_recipient'> {
  const [row] = await deps.db
    .select({
      schedule: analyticsReportSchedules,
      company: {
        name: companies.name,
        institutionType: companies.institutionType,
        regulationAreas: companies.regulationAreas,
      },
    })
    .from(analyticsReportSchedules)
    .innerJoin(companies, eq(companies.id, analyticsReportSchedules.companyId))
    .where(eq(analyticsReportSchedules.id, delivery.scheduleId));
  const [recipient] = await deps.db
    .select({ email: userProfiles.email, name: userProfiles.fullName, role: userProfiles.role })
    .from(userProfiles)
    .where(and(eq(userProfiles.userId, delivery.userId), isActiveMemberOf(delivery.companyId)));
  // Deactivated since it was queued (or the schedule is gone): nobody to send it to.
  if (!row || !recipient?.email) return 'no_recipient';
  const today = institutionDay(now);
  const period = reportPeriod(row.schedule, today);
  const report = await findBoardReport(
    deps.db,
    {
      companyId: delivery.companyId,
      actorUserId: delivery.userId,
      role: recipient.role,
      facts: institutionFacts(row.company),
      today,
      advanced: true,
    },
    queryOf(row.schedule, period),
  );
  const pdf = await boardReportBuffer(report, {
    preparedBy: `Complivue, for the scheduled report “${row.schedule.name}”`,
    now,
  });
  await deps.mailer.send({
    ...analyticsReportEmail({
      to: recipient.email,
      institution: row.company.name,
      scheduleName: row.schedule.name,
      periodLabel: report.overview.period.label,
      summary: summaryLines(report),
      reportsUrl: `${deps.appUrl}/analytics/reports`,
    }),
    attachments: [
      {
        filename: `${row.schedule.name.replace(/[^\w-]+/g, '-').toLowerCase()}-${period.key.replace('..', '-to-')}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  });
  return 'sent';
}

/**
 * The job (hourly) and "Send now": queues what is due, then sends what this instance claims.
 * A failure is retried after 5, 15, 60 and 240 minutes, then recorded as failed.
 */
export async function sendDueAnalyticsReports(
  deps: ReportDeliveryDeps,
  options: { now?: Date; scheduleId?: string; force?: boolean } = {},
): Promise<{ sent: number; failed: number; retrying: number }> {
  const now = options.now ?? new Date();
  await queueDueDeliveries(deps.db, { now, scheduleId: options.scheduleId, force: options.force });
  const claimed = await claimDueDeliveries(deps.db, now, options.scheduleId);
  const outcome = { sent: 0, failed: 0, retrying: 0 };
  for (const delivery of claimed) {
    try {
      const result = await sendDelivery(deps, delivery, now);
      await deps.db
        .update(analyticsReportDeliveries)
        .set(
          result === 'sent'
            ? { status: 'sent', sentAt: now, leaseUntil: null, lastError: null }
            : {
                status: 'failed',
                leaseUntil: null,
                lastError: 'The recipient is no longer an active member.',
              },
        )
        .where(eq(analyticsReportDeliveries.id, delivery.id));
      if (result === 'sent') outcome.sent += 1;
      else outcome.failed += 1;
    } catch (error) {
      const giveUp = delivery.attempts >= REPORT_DELIVERY_ATTEMPTS;
      const wait = RETRY_MINUTES[Math.min(delivery.attempts - 1, RETRY_MINUTES.length - 1)]!;
      deps.log.warn(
        { err: error, deliveryId: delivery.id, attempts: delivery.attempts },
        'scheduled report not sent',
      );
      await deps.db
        .update(analyticsReportDeliveries)
        .set({
          status: giveUp ? 'failed' : 'pending',
          leaseUntil: null,
          nextAttemptAt: new Date(now.getTime() + wait * 60_000),
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(analyticsReportDeliveries.id, delivery.id));
      if (giveUp) outcome.failed += 1;
      else outcome.retrying += 1;
    }
  }
  return outcome;
}
