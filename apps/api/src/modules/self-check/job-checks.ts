import { queryRows, type Db } from '@complivue/db/database';
import { sql } from 'drizzle-orm';
import { formatAge, plural, worst, type CheckOutcome } from './check-runner.ts';

/**
 * The background jobs, read from pg-boss's own tables (schema `pgboss`), read only. The
 * schedules are discovered there rather than listed here, so a job added to job-runner.ts is
 * checked without touching this file.
 */

const MINUTE_MS = 60_000;

/**
 * How often a five-field cron expression fires, in minutes, for the shapes the job runner uses
 * (`* * * * *`, `*\/15 * * * *`, `5 * * * *`, `30 6 * * *`); anything else counts as daily,
 * which can only make a late job look later than it is, never hide one that stopped.
 */
export function cronPeriodMinutes(cron: string): number {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = cron.trim().split(/\s+/);
  if (!minute || !hour || !dayOfMonth || !month || !dayOfWeek) return 1440;
  const step = (field: string) => (/^\*\/(\d+)$/.exec(field) ? Number(field.slice(2)) : null);
  if (minute === '*') return 1;
  if (step(minute) && hour === '*') return step(minute)!;
  if (/^\d+$/.test(minute) && hour === '*') return 60;
  if (/^\d+$/.test(minute) && step(hour)) return 60 * step(hour)!;
  if (/^\d+$/.test(minute) && /^\d+$/.test(hour)) {
    if (dayOfMonth === '*' && dayOfWeek === '*') return 1440;
    if (dayOfMonth === '*') return 7 * 1440;
    return 31 * 1440;
  }
  return 1440;
}

export function describePeriod(minutes: number): string {
  if (minutes === 1) return 'every minute';
  if (minutes < 60) return `every ${minutes} minutes`;
  if (minutes === 60) return 'hourly';
  if (minutes < 1440) return `every ${minutes / 60} hours`;
  if (minutes === 1440) return 'daily';
  if (minutes === 7 * 1440) return 'weekly';
  return 'monthly';
}

/**
 * A run may start up to a period late and take a while: late beyond two periods (plus five
 * minutes) is a warning, beyond four periods (plus fifteen) a failure.
 */
export function lateness(periodMinutes: number, ageMs: number): 'pass' | 'warn' | 'fail' {
  if (ageMs > (4 * periodMinutes + 15) * MINUTE_MS) return 'fail';
  if (ageMs > (2 * periodMinutes + 5) * MINUTE_MS) return 'warn';
  return 'pass';
}

interface TablesRow {
  has_job: boolean;
  has_schedule: boolean;
  has_instance: boolean;
}

interface ScheduleRow {
  name: string;
  cron: string;
  created_on: Date | string;
}

interface JobStatsRow {
  name: string;
  last_completed: Date | string | null;
  failures: number | string;
  retrying: number | string;
}

interface InstanceRow {
  live: number | string;
  last_heartbeat: Date | string | null;
}

interface LastErrorRow {
  name: string;
  message: string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function checkJobs(options: {
  db: Db;
  now: Date;
  /** The operator also sees each queue's last error (it may name an institution's record). */
  revealErrors: boolean;
}): Promise<CheckOutcome> {
  const { db, now } = options;
  const [tables] = await queryRows<TablesRow>(
    db,
    sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS has_job,
               to_regclass('pgboss.schedule') IS NOT NULL AS has_schedule,
               to_regclass('pgboss.instance') IS NOT NULL AS has_instance`,
  );
  if (!tables?.has_job || !tables.has_schedule) {
    return {
      status: 'fail',
      reason:
        'The job runner has never started on this database: trial expiry, reminders, digests and feed polling are not running.',
    };
  }

  const lines: string[] = [];
  const statuses: ('pass' | 'warn' | 'fail')[] = [];

  if (tables.has_instance) {
    // pg-boss refreshes its registry row every heartbeat; three missed beats read as quiet.
    const [instances] = await queryRows<InstanceRow>(
      db,
      sql`SELECT count(*) FILTER (
                 WHERE stopped_on IS NULL
                   AND heartbeat_on > now() - make_interval(secs => 3 * heartbeat_seconds)
               ) AS live,
               max(heartbeat_on) AS last_heartbeat
          FROM pgboss.instance`,
    );
    const live = Number(instances?.live ?? 0);
    if (live === 0) {
      statuses.push('fail');
      lines.push(
        instances?.last_heartbeat
          ? `No job runner is running: the last one reported ${formatAge(toDate(instances.last_heartbeat), now)}.`
          : 'No job runner has ever reported in.',
      );
    } else {
      lines.push(`${plural(live, 'job runner')} running.`);
    }
  }

  const [schedules, stats] = await Promise.all([
    queryRows<ScheduleRow>(
      db,
      sql`SELECT name, cron, created_on FROM pgboss.schedule ORDER BY name`,
    ),
    queryRows<JobStatsRow>(
      db,
      sql`SELECT name,
                 max(completed_on) FILTER (WHERE state = 'completed') AS last_completed,
                 count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 day') AS failures,
                 count(*) FILTER (WHERE state = 'retry') AS retrying
            FROM pgboss.job
           GROUP BY name`,
    ),
  ]);
  const lastErrors = options.revealErrors
    ? await queryRows<LastErrorRow>(
        db,
        sql`SELECT DISTINCT ON (name) name, output #>> '{message}' AS message
              FROM pgboss.job
             WHERE state = 'failed' AND completed_on > now() - interval '1 day'
             ORDER BY name, completed_on DESC`,
      )
    : [];
  const statsByName = new Map(stats.map((row) => [row.name, row]));
  const errorByName = new Map(lastErrors.map((row) => [row.name, row.message]));

  if (schedules.length === 0) {
    statuses.push('fail');
    lines.push('No job is scheduled.');
  }
  let late = 0;
  let failing = 0;
  for (const schedule of schedules) {
    const period = cronPeriodMinutes(schedule.cron);
    const row = statsByName.get(schedule.name);
    const lastCompleted = row?.last_completed ? toDate(row.last_completed) : null;
    // A schedule never run yet is measured from its creation.
    const since = lastCompleted ?? toDate(schedule.created_on);
    const status = lateness(period, now.getTime() - since.getTime());
    const failures = Number(row?.failures ?? 0);
    const retrying = Number(row?.retrying ?? 0);
    if (status !== 'pass') late += 1;
    if (failures > 0) failing += 1;
    statuses.push(status, failures > 0 || retrying > 0 ? 'warn' : 'pass');
    const parts = [
      lastCompleted
        ? `last completed ${formatAge(lastCompleted, now)}`
        : `never completed (scheduled ${formatAge(since, now)})`,
      `${plural(failures, 'failure')} in the last 24 hours`,
    ];
    if (retrying > 0) parts.push(`${retrying} being retried`);
    const lastError = errorByName.get(schedule.name);
    if (lastError) parts.push(`last error: ${lastError}`);
    lines.push(`${schedule.name} (${describePeriod(period)}): ${parts.join(' · ')}`);
  }

  const status = worst(statuses);
  let reason = `${plural(schedules.length, 'scheduled job')} ran on time with no failures in the last 24 hours.`;
  if (status !== 'pass') {
    const problems = [
      lines.some((line) => line.startsWith('No job runner')) ? 'no job runner is running' : '',
      late ? `${plural(late, 'job')} late` : '',
      failing ? `${plural(failing, 'job')} failed in the last 24 hours` : '',
    ].filter(Boolean);
    reason = `Background work is behind: ${problems.join('; ') || 'see below'}. Reminders, digests, feed polling or trial expiry may be delayed.`;
  }
  return { status, reason, details: lines };
}
