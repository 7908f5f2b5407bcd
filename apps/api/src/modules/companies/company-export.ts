import type { Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { invitations } from '@complivue/db/schema/invitations';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { asc, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { csvStream } from '../../lib/csv.ts';
import { activityCsvStream } from '../team/activity-csv.ts';
import { streamActivity } from '../team/activity-queries.ts';
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
  options: { companyId: string; exportedBy: string },
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
      (
        await db
          .select()
          .from(userProfiles)
          .where(eq(userProfiles.companyId, companyId))
          .orderBy(asc(userProfiles.createdAt))
      ).map((member) => [
        member.userId,
        member.email,
        member.fullName ?? '',
        member.jobTitle ?? '',
        member.role,
        member.status,
        iso(member.lastSignInAt),
        iso(member.createdAt),
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
  zip.addReadStreamLazy('activity.csv', (callback) => {
    callback(null, activityCsvStream(streamActivity(db, companyId, {})));
  });
  zip.end();
  return { stream: zip.outputStream as Readable, companyName: company.name };
}
