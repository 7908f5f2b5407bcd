import type { Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { invitations } from '@complivue/db/schema/invitations';
import { notifications } from '@complivue/db/schema/notifications';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { dateToDay } from '@complivue/shared/calendar-days';
import type { Role } from '@complivue/shared/roles';
import { changeFiltersSchema } from '@complivue/shared/schemas/changes';
import { asc, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { csvStream } from '../../lib/csv.ts';
import { companyActivityCsv } from '../team/activity-csv.ts';
import { findAllTeamMembers } from '../team/team.queries.ts';
import { calendarIcs } from '../calendar/calendar-ics.ts';
import { findCalendarEvents } from '../calendar/calendar.queries.ts';
import { changesCsv } from '../changes/change-report.ts';
import { assessmentCsv } from '../library/assessment-report.ts';
import { institutionFacts } from '../companies/institution.ts';
import { toCompanyProfile, toSecuritySettings } from './company-profile.ts';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? '';
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

const README = (companyName: string, exportedAt: Date, exportedBy: string) =>
  Buffer.from(
    [
      `Complivue data export of ${companyName}`,
      `Made ${exportedAt.toISOString()} (UTC) by ${exportedBy}.`,
      '',
      'company.json        the institution profile and its security settings',
      'subscriptions.json  plans and their periods, newest first',
      'members.csv         every member, deactivated ones included',
      'invitations.csv     every invitation and what became of it',
      'notifications.csv   notifications sent to members',
      'activity.csv        the audit trail (User Activity), newest first',
      'assessments.csv     the assessment of every library rule that applies, by area',
      'changes.csv         every regulatory change (Change Management), in number order',
      'calendar.ics        the regulatory calendar (iCalendar, recurring deadlines as rules)',
      'calendar-completions.csv  every deadline marked done, with its evidence (undone ones too)',
      '',
      'Times are UTC (ISO 8601). Cells that a spreadsheet would read as a formula start with an',
      'apostrophe. Passwords, two-factor secrets and session tokens are never exported.',
      '',
    ].join('\n'),
  );

/**
 * The institution's data as a ZIP of CSV and JSON files, streamed to the client: each file is
 * read only when the archive reaches it, and the audit trail (the table that grows without
 * bound) in keyset batches. Secrets (password hashes, TOTP secrets, tokens) are in no file.
 */
export async function companyExportArchive(
  db: Db,
  options: {
    companyId: string;
    exportedBy: string;
    /** The administrator exporting: the change register is read as they would read it. */
    exporter: { userId: string; name: string; role: Role };
    appUrl: string;
  },
): Promise<{ stream: Readable; companyName: string }> {
  const { companyId } = options;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error(`company ${companyId} vanished during export`);
  const zip = new ZipFile();
  const exportedAt = new Date();

  zip.addBuffer(README(company.name, exportedAt, options.exportedBy), 'README.txt');
  zip.addBuffer(
    json({
      exportedAt: exportedAt.toISOString(),
      profile: toCompanyProfile(company),
      security: toSecuritySettings(company),
      createdAt: company.createdAt.toISOString(),
    }),
    'company.json',
  );
  const plans = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .orderBy(asc(subscriptions.createdAt));
  zip.addBuffer(
    json(
      plans.reverse().map((plan) => ({
        plan: plan.planName,
        billing: plan.planType,
        status: plan.status,
        currentPeriodStart: iso(plan.currentPeriodStart),
        currentPeriodEnd: iso(plan.currentPeriodEnd),
        trialEnd: iso(plan.trialEnd),
        createdAt: iso(plan.createdAt),
      })),
    ),
    'subscriptions.json',
  );

  const lazyCsv = (
    name: string,
    columns: readonly string[],
    rows: () => Promise<(readonly string[])[]>,
  ) =>
    zip.addReadStreamLazy(name, (callback) => {
      rows().then(
        (loaded) => callback(null, csvStream(columns, loaded)),
        (error: unknown) => callback(error, undefined as never),
      );
    });

  lazyCsv(
    'members.csv',
    ['User id', 'Email', 'Full name', 'Job title', 'Role', 'Status', 'Last sign-in', 'Joined'],
    async () =>
      (await findAllTeamMembers(db, companyId)).map((member) => [
        member.userId,
        member.email,
        member.fullName ?? '',
        member.jobTitle ?? '',
        member.role,
        member.status,
        member.lastSignInAt ?? '',
        member.joinedAt,
      ]),
  );
  lazyCsv(
    'invitations.csv',
    ['Email', 'Role', 'Invited by (user id)', 'Sent', 'Expires', 'Accepted', 'Revoked'],
    async () =>
      (
        await db
          .select()
          .from(invitations)
          .where(eq(invitations.companyId, companyId))
          .orderBy(asc(invitations.createdAt))
      ).map((invitation) => [
        invitation.email,
        invitation.role,
        invitation.invitedBy ?? '',
        iso(invitation.createdAt),
        iso(invitation.expiresAt),
        iso(invitation.acceptedAt),
        iso(invitation.revokedAt),
      ]),
  );
  lazyCsv(
    'notifications.csv',
    ['Recipient (user id)', 'Type', 'Priority', 'Title', 'Body', 'Link', 'Created', 'Read'],
    async () =>
      (
        await db
          .select()
          .from(notifications)
          .where(eq(notifications.companyId, companyId))
          .orderBy(asc(notifications.createdAt))
      ).map((notification) => [
        notification.userId,
        notification.type,
        notification.priority,
        notification.title,
        notification.body,
        notification.link ?? '',
        iso(notification.createdAt),
        iso(notification.readAt),
      ]),
  );
  const lazyStream = (name: string, open: () => Promise<Readable>) =>
    zip.addReadStreamLazy(name, (callback) => {
      open().then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });
  lazyStream('activity.csv', () => companyActivityCsv(db, companyId, {}));
  const facts = institutionFacts(company);
  const today = dateToDay(exportedAt);
  lazyStream('assessments.csv', () =>
    assessmentCsv(db, { userId: options.exporter.userId, companyId, facts }),
  );
  lazyStream('changes.csv', () =>
    changesCsv(
      db,
      { ...options.exporter, actorUserId: options.exporter.userId, companyId, today },
      changeFiltersSchema.parse({}),
    ),
  );
  const events = await findCalendarEvents(db, companyId);
  zip.addBuffer(
    Buffer.from(calendarIcs(events, { companyName: company.name, appUrl: options.appUrl })),
    'calendar.ics',
  );
  lazyCsv(
    'calendar-completions.csv',
    [
      'Deadline',
      'Citation',
      'Due date',
      'Done by',
      'Done at',
      'Evidence note',
      'Evidence link',
      'Evidence file',
      'Undone at',
      'Undone by',
      'Deadline deleted at',
    ],
    async () =>
      (
        await db
          .select({
            title: calendarEvents.title,
            citation: calendarEvents.citation,
            deletedAt: calendarEvents.deletedAt,
            completion: calendarCompletions,
          })
          .from(calendarCompletions)
          .innerJoin(calendarEvents, eq(calendarEvents.id, calendarCompletions.eventId))
          .where(eq(calendarCompletions.companyId, companyId))
          .orderBy(asc(calendarCompletions.occurrenceDate))
      ).map(({ title, citation, deletedAt, completion }) => [
        title,
        citation ?? '',
        completion.occurrenceDate,
        completion.doneByName,
        iso(completion.doneAt),
        completion.evidenceNote,
        completion.evidenceUrl ?? '',
        completion.fileName ?? '',
        iso(completion.undoneAt),
        completion.undoneByName ?? '',
        iso(deletedAt),
      ]),
  );
  zip.end();
  return { stream: zip.outputStream as Readable, companyName: company.name };
}
