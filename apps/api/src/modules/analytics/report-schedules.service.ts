import {
  analyticsReportDeliveries,
  analyticsReportRecipients,
  analyticsReportSchedules,
} from '@complivue/db/schema/analytics';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  REPORT_SCHEDULE_LIMITS,
  REPORT_SCHEDULE_MESSAGES,
} from '@complivue/shared/analytics-messages';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import type {
  ReportSchedule,
  ReportSendOutcome,
  createReportScheduleRequestSchema,
} from '@complivue/shared/schemas/analytics';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { activeMemberNames, memberName } from '../companies/members.ts';
import { institutionDay } from './analytics-snapshots.ts';
import { reportPeriod, sendDueAnalyticsReports } from './report-delivery.ts';

type CreateSchedule = z.output<typeof createReportScheduleRequestSchema>;

/** One schedule of the institution, or 404 (another institution's reads as unknown). */
async function getSchedule(deps: ServiceDeps, actor: Actor, scheduleId: string) {
  const [schedule] = await deps.db
    .select()
    .from(analyticsReportSchedules)
    .where(
      and(
        eq(analyticsReportSchedules.id, scheduleId),
        eq(analyticsReportSchedules.companyId, actor.companyId),
      ),
    );
  if (!schedule) throw new AppError('not_found', REPORT_SCHEDULE_MESSAGES.not_found);
  return schedule;
}

/**
 * The institution's scheduled reports: every one for an administrator, the ones a member
 * receives for anyone else; each with its recipients and its latest period's deliveries.
 */
export async function findReportSchedules(
  deps: ServiceDeps,
  actor: Actor,
): Promise<ReportSchedule[]> {
  const { db } = deps;
  const isAdmin = hasRoleAtLeast(actor.role, 'admin');
  const schedules = await db
    .select({
      schedule: analyticsReportSchedules,
      createdByName: sql<
        string | null
      >`(select ${memberName} from ${userProfiles} where ${userProfiles.userId} = ${analyticsReportSchedules.createdBy})`,
    })
    .from(analyticsReportSchedules)
    .where(
      and(
        eq(analyticsReportSchedules.companyId, actor.companyId),
        isAdmin
          ? undefined
          : sql`exists (select 1 from ${analyticsReportRecipients} r where r.schedule_id = ${analyticsReportSchedules.id} and r.user_id = ${actor.actorUserId})`,
      ),
    )
    .orderBy(desc(analyticsReportSchedules.createdAt));
  if (schedules.length === 0) return [];
  const ids = schedules.map((row) => row.schedule.id);
  const [recipients, deliveries] = await Promise.all([
    db
      .select({
        scheduleId: analyticsReportRecipients.scheduleId,
        userId: analyticsReportRecipients.userId,
        name: memberName,
        unsubscribedAt: analyticsReportRecipients.unsubscribedAt,
      })
      .from(analyticsReportRecipients)
      .innerJoin(userProfiles, eq(userProfiles.userId, analyticsReportRecipients.userId))
      .where(inArray(analyticsReportRecipients.scheduleId, ids)),
    db
      .select({
        scheduleId: analyticsReportDeliveries.scheduleId,
        periodKey: analyticsReportDeliveries.periodKey,
        status: analyticsReportDeliveries.status,
        total: count(),
        latest: sql<string>`max(${analyticsReportDeliveries.createdAt})::text`,
      })
      .from(analyticsReportDeliveries)
      .where(inArray(analyticsReportDeliveries.scheduleId, ids))
      .groupBy(
        analyticsReportDeliveries.scheduleId,
        analyticsReportDeliveries.periodKey,
        analyticsReportDeliveries.status,
      ),
  ]);
  return schedules.map(({ schedule, createdByName }) => {
    const own = recipients.filter((recipient) => recipient.scheduleId === schedule.id);
    const sent = deliveries.filter((delivery) => delivery.scheduleId === schedule.id);
    const latestPeriod = [...sent].sort((a, b) => b.latest.localeCompare(a.latest))[0]?.periodKey;
    const ofLatest = (status: string) =>
      sent
        .filter((delivery) => delivery.periodKey === latestPeriod && delivery.status === status)
        .reduce((total, delivery) => total + delivery.total, 0);
    return {
      id: schedule.id,
      name: schedule.name,
      frequency: schedule.frequency,
      area: schedule.area,
      createdByName,
      createdAt: schedule.createdAt.toISOString(),
      recipients: own.map((recipient) => ({
        userId: recipient.userId,
        name: recipient.name,
        unsubscribed: recipient.unsubscribedAt !== null,
      })),
      receivesIt: own.some(
        (recipient) => recipient.userId === actor.actorUserId && recipient.unsubscribedAt === null,
      ),
      lastDelivery: latestPeriod
        ? {
            periodKey: latestPeriod,
            sent: ofLatest('sent'),
            pending: ofLatest('pending'),
            failed: ofLatest('failed'),
          }
        : null,
    };
  });
}

/** A new schedule with its recipients (active members of the institution), audited. */
export async function createReportSchedule(
  deps: ServiceDeps,
  options: { actor: Actor; input: CreateSchedule },
): Promise<{ id: string }> {
  const { actor, input } = options;
  const members = await activeMemberNames(deps.db, actor.companyId, input.recipientIds);
  if (members.size !== input.recipientIds.length) throw new AppError('recipient_not_member');
  return deps.db.transaction(async (tx) => {
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(analyticsReportSchedules)
      .where(eq(analyticsReportSchedules.companyId, actor.companyId));
    if (total >= REPORT_SCHEDULE_LIMITS.maxSchedules) {
      throw new AppError('too_many_report_schedules');
    }
    const [schedule] = await tx
      .insert(analyticsReportSchedules)
      .values({
        companyId: actor.companyId,
        name: input.name,
        frequency: input.frequency,
        area: input.area ?? null,
        createdBy: actor.actorUserId,
      })
      .returning({ id: analyticsReportSchedules.id });
    await tx
      .insert(analyticsReportRecipients)
      .values(input.recipientIds.map((userId) => ({ scheduleId: schedule!.id, userId })));
    await recordAudit(tx, actor, {
      action: 'analytics.report_scheduled',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'analytics_report',
      targetId: schedule!.id,
      after: { name: input.name, frequency: input.frequency, recipients: input.recipientIds },
    });
    return { id: schedule!.id };
  });
}

export async function deleteReportSchedule(
  deps: ServiceDeps,
  options: { actor: Actor; scheduleId: string },
): Promise<void> {
  const schedule = await getSchedule(deps, options.actor, options.scheduleId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(analyticsReportSchedules).where(eq(analyticsReportSchedules.id, schedule.id));
    await recordAudit(tx, options.actor, {
      action: 'analytics.report_unscheduled',
      actorUserId: options.actor.actorUserId,
      companyId: options.actor.companyId,
      targetType: 'analytics_report',
      targetId: schedule.id,
      before: { name: schedule.name, frequency: schedule.frequency },
    });
  });
}

/** The caller stops receiving a report (they stay listed, marked unsubscribed). */
export async function unsubscribeFromReport(
  deps: ServiceDeps,
  options: { actor: Actor; scheduleId: string },
): Promise<void> {
  const schedule = await getSchedule(deps, options.actor, options.scheduleId);
  const updated = await deps.db
    .update(analyticsReportRecipients)
    .set({ unsubscribedAt: deps.clock() })
    .where(
      and(
        eq(analyticsReportRecipients.scheduleId, schedule.id),
        eq(analyticsReportRecipients.userId, options.actor.actorUserId),
        isNull(analyticsReportRecipients.unsubscribedAt),
      ),
    )
    .returning({ userId: analyticsReportRecipients.userId });
  if (updated.length === 0) {
    // Not a recipient, or already unsubscribed: an administrator who is not one reads 404 too.
    const [recipient] = await deps.db
      .select()
      .from(analyticsReportRecipients)
      .where(
        and(
          eq(analyticsReportRecipients.scheduleId, schedule.id),
          eq(analyticsReportRecipients.userId, options.actor.actorUserId),
        ),
      );
    if (!recipient) throw new AppError('not_found', REPORT_SCHEDULE_MESSAGES.not_recipient);
    return;
  }
  await recordAudit(deps.db, options.actor, {
    action: 'analytics.report_unsubscribed',
    actorUserId: options.actor.actorUserId,
    companyId: options.actor.companyId,
    targetType: 'analytics_report',
    targetId: schedule.id,
  });
}

/**
 * "Send now": this schedule's report of its last whole period, to each recipient who has not had
 * it yet (one delivery per period and recipient, whoever sends it: the job will not send it again).
 */
export async function sendReportNow(
  deps: ServiceDeps,
  options: { actor: Actor; scheduleId: string },
): Promise<ReportSendOutcome> {
  const schedule = await getSchedule(deps, options.actor, options.scheduleId);
  const now = deps.clock();
  const period = reportPeriod(schedule, institutionDay(now));
  const [{ before } = { before: 0 }] = await deps.db
    .select({ before: count() })
    .from(analyticsReportDeliveries)
    .where(
      and(
        eq(analyticsReportDeliveries.scheduleId, schedule.id),
        eq(analyticsReportDeliveries.periodKey, period.key),
        eq(analyticsReportDeliveries.status, 'sent'),
      ),
    );
  const outcome = await sendDueAnalyticsReports(
    { db: deps.db, mailer: deps.mailer, log: deps.log, appUrl: deps.env.APP_URL },
    { now, scheduleId: schedule.id, force: true },
  );
  await recordAudit(deps.db, options.actor, {
    action: 'analytics.report_sent',
    actorUserId: options.actor.actorUserId,
    companyId: options.actor.companyId,
    targetType: 'analytics_report',
    targetId: schedule.id,
    after: { period: period.key, sent: outcome.sent },
  });
  return {
    periodKey: period.key,
    periodLabel: period.label,
    sent: outcome.sent,
    failed: outcome.failed + outcome.retrying,
    alreadySent: before,
  };
}
