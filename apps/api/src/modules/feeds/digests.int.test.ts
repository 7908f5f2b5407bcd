import { companies } from '@complivue/db/schema/companies';
import { digestDeliveries } from '@complivue/db/schema/feeds';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notify, notifyDependencies } from '../notifications/notify.ts';
import { onNewFeedItems } from './feed-alerts.ts';
import { insertFeedItem, insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';
import { duePeriod, isoWeek, sendDueDigests, type DigestDependencies } from './digests.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A time zone in which `moment` is between 9 a.m. and 8 p.m. on a Tuesday–Sunday. */
function zoneInDaytime(moment: Date): string {
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    }).formatToParts(moment);
    const hour = Number(parts.find((part) => part.type === 'hour')?.value);
    const weekday = parts.find((part) => part.type === 'weekday')?.value;
    if (hour >= 9 && hour <= 20 && weekday !== 'Mon') return zone;
  }
  throw new Error('no time zone in daytime');
}

const preferences = (digest: NotificationPreferences['email_digest']): NotificationPreferences => ({
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  email_digest: digest,
});

describe('digest periods', () => {
  it('numbers ISO weeks', () => {
    expect(isoWeek('2026-11-22')).toBe('2026-W47');
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });

  it('is due from 7 a.m. local time, weekly from Monday 7 a.m.', () => {
    // Monday 2026-11-23 06:30 in New York (11:30 UTC).
    const mondayEarly = new Date('2026-11-23T11:30:00Z');
    expect(duePeriod('daily', mondayEarly, 'America/New_York')).toBeNull();
    expect(duePeriod('weekly', mondayEarly, 'America/New_York')).toBeNull();
    const mondayLater = new Date('2026-11-23T12:05:00Z');
    expect(duePeriod('daily', mondayLater, 'America/New_York')).toBe('daily:2026-11-23');
    expect(duePeriod('weekly', mondayLater, 'America/New_York')).toBe('weekly:2026-W48');
    // Later in the week, the same weekly period (a missed Monday is caught up).
    expect(duePeriod('weekly', new Date('2026-11-26T02:00:00Z'), 'America/New_York')).toBe(
      'weekly:2026-W48',
    );
    // Sunday evening in Los Angeles is Monday in UTC: the member's zone decides.
    expect(duePeriod('daily', new Date('2026-11-23T03:00:00Z'), 'America/Los_Angeles')).toBe(
      'daily:2026-11-22',
    );
  });
});

describe('email digests', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let deps: DigestDependencies;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    deps = { db: t.db, mailer: t.app.mailer, log: t.app.log, appUrl: t.app.env.APP_URL };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = (email: string) => smtp.received.filter((message) => message.to.includes(email));

  it('sends each member’s digest once per period, with what they were not emailed', async () => {
    const now = new Date(Date.now() + 60_000);
    const zone = zoneInDaytime(now);
    const admin = await signUpThroughApi(t.app, { companyName: 'Digest Credit Union' });
    const companyId = admin.body.session.company.id as string;
    await setCompanyPlan(t.db, companyId, 'basic');
    await t.db
      .update(companies)
      .set({ primaryRegulator: 'ncua', regulationAreas: ['trid', 'hmda'] })
      .where(eq(companies.id, companyId));
    const daily = await signedInMember(t.app, { companyId, role: 'user' });
    const weekly = await signedInMember(t.app, { companyId, role: 'manager' });
    const off = await signedInMember(t.app, { companyId, role: 'user' });
    const quiet = await signedInMember(t.app, { companyId, role: 'user' });
    const adminId = admin.body.session.user.id as string;
    for (const [userId, digest] of [
      [daily.userId, 'daily'],
      [weekly.userId, 'weekly'],
      [off.userId, 'off'],
      [quiet.userId, 'daily'],
      [adminId, 'daily'],
    ] as const) {
      await t.db
        .update(userProfiles)
        .set({ notificationPreferences: preferences(digest), timezone: zone })
        .where(eq(userProfiles.userId, userId));
    }
    // The quiet member wants only deadlines by email, and has none.
    await t.db
      .update(userProfiles)
      .set({
        notificationPreferences: {
          ...preferences('daily'),
          categories: {
            ...DEFAULT_NOTIFICATION_PREFERENCES.categories,
            regulatory_updates: { in_app: true, email: false },
          },
        },
      })
      .where(eq(userProfiles.userId, quiet.userId));
    // The administrator wants nothing by email: no digest either.
    await t.db
      .update(userProfiles)
      .set({
        notificationPreferences: {
          ...preferences('daily'),
          categories: {
            regulatory_updates: { in_app: true, email: false },
            deadlines: { in_app: true, email: false },
            tasks: { in_app: true, email: false },
            mentions: { in_app: true, email: false },
          },
        },
      })
      .where(eq(userProfiles.userId, adminId));

    const notifyDeps = notifyDependencies(t.app);
    const recipients = [daily.userId, weekly.userId, off.userId, adminId];
    await notify(notifyDeps, {
      companyId,
      userIds: recipients,
      type: 'calendar.reminder',
      category: 'deadlines',
      priority: 'high',
      title: 'HMDA submission due March 1',
      body: 'File the loan/application register (12 CFR 1003.5(a)(1)).',
      link: '/regulatory-calendar',
    });
    await notify(notifyDeps, {
      companyId,
      userIds: recipients,
      type: 'changes.task_assigned',
      category: 'tasks',
      title: 'Task assigned: update the LE tolerance checklist',
      link: '/change-management',
    });
    // Account notices have no category: never in a digest.
    await notify(notifyDeps, {
      companyId,
      userIds: recipients,
      type: 'role.changed',
      title: 'Your role is now Manager',
    });
    // "off" was emailed at once (deadlines are emailed by default; tasks are not).
    expect(mailTo(off.email).map((message) => message.body)).toEqual([
      expect.stringContaining('HMDA submission due March 1'),
    ]);

    // A relevant update that matched no watchlist: profile TRID, the NCUA, a final rule = 40.
    const source = await insertFeedSource(t.db, { name: 'NCUA letters' });
    const item = await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'NCUA final rule on Closing Disclosure record retention',
      documentType: 'final_rule',
      areas: ['trid'],
      agencies: ['NCUA'],
      sortAt: new Date(),
    });
    await onNewFeedItems(notifyDeps, [item]);

    const [first, second] = await Promise.all([
      sendDueDigests(deps, now),
      sendDueDigests(deps, now),
    ]);
    expect(first!.sent + second!.sent).toBe(2);
    expect((await sendDueDigests(deps, now)).sent).toBe(0);

    const [dailyMail, ...moreDaily] = mailTo(daily.email);
    expect(moreDaily).toEqual([]);
    expect(dailyMail!.body).toContain(
      'Subject: Your daily Complivue digest: 1 notification, 1 regulatory update',
    );
    expect(dailyMail!.body).toContain('[High priority] [Unread] HMDA submission due March 1');
    // Tasks are not wanted by email by default; account notices are never in a digest.
    expect(dailyMail!.body).not.toContain('Task assigned');
    expect(dailyMail!.body).not.toContain('Your role is now Manager');
    expect(dailyMail!.body).toContain('NCUA final rule on Closing Disclosure record retention');
    expect(dailyMail!.body).toContain(`/regulatory-feeds?item=${item}`);

    const weeklyMail = mailTo(weekly.email);
    expect(weeklyMail).toHaveLength(1);
    expect(weeklyMail[0]!.body).toContain('Subject: Your weekly Complivue digest');
    expect(mailTo(off.email)).toHaveLength(1);
    expect(mailTo(admin.input.email)).toEqual([]);
    // The quiet member had a period due but received nothing to report: no email.
    expect(mailTo(quiet.email)).toEqual([]);
    const deliveries = await t.db.select().from(digestDeliveries);
    expect(deliveries.map((row) => row.userId).sort()).toEqual(
      [daily.userId, weekly.userId].sort(),
    );

    // The next day: only what arrived since the previous digest.
    await t.db.insert(notifications).values({
      companyId,
      userId: daily.userId,
      type: 'calendar.reminder',
      category: 'deadlines',
      title: 'CTR filing due in 3 days',
      createdAt: new Date(now.getTime() + HOUR_MS),
    });
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect((await sendDueDigests(deps, tomorrow)).sent).toBe(1);
    const nextDay = mailTo(daily.email);
    expect(nextDay).toHaveLength(2);
    expect(nextDay[1]!.body).toContain('CTR filing due in 3 days');
    expect(nextDay[1]!.body).not.toContain('HMDA submission due March 1');
    expect(nextDay[1]!.body).not.toContain('NCUA final rule');
  });
});
