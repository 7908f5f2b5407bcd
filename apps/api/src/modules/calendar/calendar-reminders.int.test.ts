import { openDatabase, type Database } from '@complivue/db/database';
import { calendarRemindersSent } from '@complivue/db/schema/calendar';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@complivue/shared/schemas/profile';
import { addDays, formatShortDay, todayIn } from '@complivue/shared/calendar-days';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies, type notify } from '../notifications/notify.ts';
import { sendDueReminders } from './calendar-reminders.ts';

/** Midday in New York on `day`: a moment whose date there is `day` whatever the season. */
const middayOn = (day: string) => new Date(`${day}T17:00:00Z`);

describe('deadline reminders', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const today = todayIn(null);
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function institution() {
    // Type "other": no seeded regulatory deadline applies, so only the test's events remind.
    const admin = await signUpThroughApi(t.app, { institutionType: 'other' });
    const companyId = admin.body.session.company.id as string;
    const owner = await signedInMember(t.app, { companyId, role: 'user' });
    return { admin, adminId: admin.body.session.user.id as string, companyId, owner };
  }

  const createEvent = async (cookie: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/events',
      headers: { cookie },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; startsOn: string };
  };

  const remindersOf = (eventId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.type, 'calendar.reminder'), like(notifications.link, `%${eventId}%`)),
      );

  it('reminds the owner once, on the right day, in the app and by email', async () => {
    const { admin, owner } = await institution();
    const event = await createEvent(admin.cookie, {
      title: 'Vendor management review',
      startsOn: addDays(today, 10),
      ownerId: owner.userId,
      reminderDays: [7, 1],
    });
    // The owner wants deadline emails at once rather than in a digest.
    await t.db
      .update(userProfiles)
      .set({
        notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, email_digest: 'off' },
      })
      .where(eq(userProfiles.userId, owner.userId));
    const deps = notifyDependencies(t.app);

    // The day before the 7-day reminder: nothing.
    await sendDueReminders(deps, middayOn(addDays(today, 2)));
    expect(await remindersOf(event.id)).toHaveLength(0);

    // Its day: one notification to the owner, and an email.
    await sendDueReminders(deps, middayOn(addDays(today, 3)));
    const [first, ...others] = await remindersOf(event.id);
    expect(others).toHaveLength(0);
    expect(first).toMatchObject({
      userId: owner.userId,
      title: 'Due in 7 days: Vendor management review',
      priority: 'normal',
      link: `/regulatory-calendar?event=${event.id}&date=${event.startsOn}`,
    });
    // (Sign-up may have sent mail of its own: the reminder is the one with its title.)
    let email = await smtp.nextEmail();
    while (!email.body.includes('Vendor management review')) email = await smtp.nextEmail();
    expect(email.to).toEqual([owner.email]);
    expect(email.body).toContain('Due in 7 days: Vendor management review');

    // A second run, that day and the next: nothing more.
    await sendDueReminders(deps, middayOn(addDays(today, 3)));
    await sendDueReminders(deps, middayOn(addDays(today, 4)));
    expect(await remindersOf(event.id)).toHaveLength(1);

    // The 1-day reminder comes on its own day, as high priority.
    await sendDueReminders(deps, middayOn(addDays(today, 9)));
    const all = await remindersOf(event.id);
    expect(all.map((row) => row.title).sort()).toEqual([
      'Due in 7 days: Vendor management review',
      'Due tomorrow: Vendor management review',
    ]);
    expect(all.find((row) => row.title.startsWith('Due tomorrow'))?.priority).toBe('high');
  });

  it('reminds the administrators when no one owns the deadline, and not once it is done', async () => {
    const { admin, adminId } = await institution();
    const unowned = await createEvent(admin.cookie, {
      title: 'Policy annual approval',
      startsOn: addDays(today, 5),
      reminderDays: [2],
    });
    const done = await createEvent(admin.cookie, {
      title: 'Already handled',
      startsOn: addDays(today, 5),
      reminderDays: [2],
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/calendar/events/${done.id}/occurrences/${done.startsOn}/completion`,
      headers: { cookie: admin.cookie },
      payload: { evidenceNote: 'Approved early' },
    });
    await sendDueReminders(notifyDependencies(t.app), middayOn(addDays(today, 3)));
    expect((await remindersOf(unowned.id)).map((row) => row.userId)).toEqual([adminId]);
    expect(await remindersOf(done.id)).toHaveLength(0);
  });

  it('does not send a reminder whose day had passed when the event was created', async () => {
    const { admin, owner } = await institution();
    const late = await createEvent(admin.cookie, {
      title: 'Created late',
      startsOn: addDays(today, 3),
      ownerId: owner.userId,
      reminderDays: [7, 0],
    });
    await sendDueReminders(notifyDependencies(t.app), middayOn(today));
    await sendDueReminders(notifyDependencies(t.app), middayOn(addDays(today, 2)));
    expect(await remindersOf(late.id)).toHaveLength(0);
    // The reminder on the day itself (0 days before) still goes out.
    await sendDueReminders(notifyDependencies(t.app), middayOn(addDays(today, 3)));
    expect((await remindersOf(late.id)).map((row) => row.title)).toEqual([
      'Due today: Created late',
    ]);
  });

  it('sends each reminder once when two instances run the job at the same moment', async () => {
    const { admin, owner } = await institution();
    const event = await createEvent(admin.cookie, {
      title: 'Two instances',
      startsOn: addDays(today, 6),
      ownerId: owner.userId,
      rrule: 'FREQ=DAILY',
      reminderDays: [5],
    });
    // A second instance: on PostgreSQL its own connection pool to the same database.
    let second: Database | null = null;
    if (t.testDatabase.url) {
      second = await openDatabase({ databaseUrl: t.testDatabase.url, dataDir: '', poolSize: 3 });
    }
    try {
      const a = notifyDependencies(t.app);
      const b = { ...a, db: second?.db ?? a.db };
      const now = middayOn(addDays(today, 1));
      await Promise.all([
        sendDueReminders(a, now),
        sendDueReminders(b, now),
        sendDueReminders(a, now),
        sendDueReminders(b, now),
      ]);
      // The daily rule's first due date (day 6) reaches its 5-day reminder on day 1: one each.
      const sent = await remindersOf(event.id);
      expect(sent.map((row) => row.link)).toEqual([
        `/regulatory-calendar?event=${event.id}&date=${addDays(today, 6)}`,
      ]);
    } finally {
      await second?.close();
    }
  });

  it('says only “BSA filing deadline” and its date in a SAR deadline’s reminder', async () => {
    const { admin, owner } = await institution();
    await t.db
      .update(userProfiles)
      .set({
        notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, email_digest: 'off' },
      })
      .where(eq(userProfiles.userId, owner.userId));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/deadlines/event-driven',
      headers: { cookie: admin.cookie },
      payload: {
        type: 'sar',
        triggerDate: addDays(today, -20),
        reference: 'Case 4411',
        ownerId: owner.userId,
        reminderDays: [7],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sar = created.json() as { id: string; startsOn: string };
    await sendDueReminders(notifyDependencies(t.app), middayOn(addDays(today, 3)));
    const [reminder, ...others] = await remindersOf(sar.id);
    expect(others).toHaveLength(0);
    expect(reminder).toMatchObject({
      userId: owner.userId,
      title: `BSA filing deadline due ${formatShortDay(sar.startsOn)}`,
      body: 'A BSA filing deadline is due in 7 days. Open it in the regulatory calendar for the details.',
    });
    let email = await smtp.nextEmail();
    while (!email.body.includes('BSA filing deadline')) email = await smtp.nextEmail();
    expect(email.to).toEqual([owner.email]);
    expect(email.body).not.toMatch(/SAR|4411|1020\.320|[Ss]uspicious/);
  });

  it('releases a reminder whose notification failed, so that the next run sends it', async () => {
    const { admin, owner } = await institution();
    const event = await createEvent(admin.cookie, {
      title: 'Flaky delivery',
      startsOn: addDays(today, 4),
      ownerId: owner.userId,
      reminderDays: [2],
    });
    const deps = notifyDependencies(t.app);
    const now = middayOn(addDays(today, 2));
    const failing: typeof notify = () => Promise.reject(new Error('database unavailable'));
    expect(await sendDueReminders(deps, now, failing)).toEqual({ sent: 0 });
    expect(await remindersOf(event.id)).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(calendarRemindersSent)
        .where(eq(calendarRemindersSent.eventId, event.id)),
    ).toEqual([]);
    // The next run (15 minutes later) sends it, once.
    await sendDueReminders(deps, new Date(now.getTime() + 15 * 60_000));
    await sendDueReminders(deps, new Date(now.getTime() + 30 * 60_000));
    expect((await remindersOf(event.id)).map((row) => row.title)).toEqual([
      'Due in 2 days: Flaky delivery',
    ]);
  });

  it('does not remind of a deleted event', async () => {
    const { admin, owner } = await institution();
    const event = await createEvent(admin.cookie, {
      title: 'Deleted after a completion',
      startsOn: addDays(today, 8),
      ownerId: owner.userId,
      rrule: 'FREQ=WEEKLY',
      reminderDays: [1],
    });
    // Done once, then deleted: kept (for its evidence) but gone from the calendar.
    await t.app.inject({
      method: 'POST',
      url: `/api/calendar/events/${event.id}/occurrences/${event.startsOn}/completion`,
      headers: { cookie: admin.cookie },
      payload: { evidenceNote: 'Done' },
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/calendar/events/${event.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.json().message).toMatch(/kept/);
    await sendDueReminders(notifyDependencies(t.app), middayOn(addDays(today, 14)));
    expect(await remindersOf(event.id)).toHaveLength(0);
  });
});
