import {
  analyticsReportDeliveries,
  analyticsReportSchedules,
  analyticsSavedViews,
} from '@complivue/db/schema/analytics';
import { addDays } from '@complivue/shared/calendar-days';
import type { ReportScheduleList, SavedView } from '@complivue/shared/schemas/analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../lib/email/mailer.ts';
import { changeTestKit } from '../../../test/changes.ts';
import { setCompanyPlan } from '../../../test/feed-items.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { institutionDay } from './analytics-snapshots.ts';
import { sendDueAnalyticsReports } from './report-delivery.ts';

/** Noon in US Eastern of the Monday after `day` (a weekly report's day). */
function nextMondayNoon(day: string): Date {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return new Date(`${addDays(day, (8 - weekday) % 7 || 7)}T17:00:00Z`);
}

describe('analytics: scheduled reports and saved views', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const { call, institution } = changeTestKit(() => t);

  async function enterprise() {
    const members = await institution();
    await setCompanyPlan(t.db, members.companyId, 'enterprise');
    return members;
  }
  async function schedule(cookie: string, body: Record<string, unknown>) {
    const response = await call(cookie, 'POST', '/api/analytics/report-schedules', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  const deliver = (now: Date, mailer: Mailer = t.app.mailer) =>
    sendDueAnalyticsReports(
      { db: t.db, mailer, log: t.app.log, appUrl: 'https://app.test' },
      { now },
    );
  const deliveriesOf = (scheduleId: string) =>
    t.db
      .select()
      .from(analyticsReportDeliveries)
      .where(eq(analyticsReportDeliveries.scheduleId, scheduleId));

  it('emails each period’s board report once per recipient, with the PDF, even when two instances run the job', async () => {
    const { admin, user, companyId } = await enterprise();
    const userEmail = (await call(user.cookie, 'GET', '/api/auth/session')).json().user.email;
    const id = await schedule(admin.cookie, {
      name: 'Weekly compliance summary',
      frequency: 'weekly',
      recipientIds: [user.userId],
    });
    // The week that ended before the schedule was made is not sent.
    expect(await deliver(new Date())).toMatchObject({ sent: 0 });

    const monday = nextMondayNoon(institutionDay(new Date()));
    const [first, second] = await Promise.all([deliver(monday), deliver(monday)]);
    expect(first.sent + second.sent).toBe(1);
    const email = await smtp.nextEmail(userEmail);
    expect(email.body).toMatch(
      /Weekly compliance summary for \w{3} \d+, \d{4}\W+\w{3} \d+, \d{4} is attached/,
    );
    expect(email.body).toContain('Regulatory changes: 0 implemented and closed');
    expect(email.body).toMatch(
      /Content-Type: application\/pdf;\s+name=weekly-compliance-summary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf/,
    );
    expect(email.body).toContain('https://app.test/analytics/reports');
    // Again the same day: nothing more.
    expect(await deliver(monday)).toMatchObject({ sent: 0 });
    expect(await deliveriesOf(id)).toMatchObject([{ status: 'sent', attempts: 1 }]);

    // The recipient unsubscribes: the next week's report is not sent to them.
    const unsubscribed = await call(
      user.cookie,
      'POST',
      `/api/analytics/report-schedules/${id}/unsubscribe`,
    );
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(204);
    expect(await deliver(new Date(monday.getTime() + 7 * 86_400_000))).toMatchObject({ sent: 0 });
    const listed = (
      await call(admin.cookie, 'GET', '/api/analytics/report-schedules')
    ).json<ReportScheduleList>();
    expect(listed.schedules[0]!.recipients).toEqual([
      expect.objectContaining({ userId: user.userId, unsubscribed: true }),
    ]);
    expect(smtp.received.filter((mail) => mail.to.includes(userEmail))).toEqual([]);
    void companyId;
  });

  it('retries a report the mail server refused, then gives it up and says so', async () => {
    const { admin } = await enterprise();
    const id = await schedule(admin.cookie, {
      name: 'Monthly board pack',
      frequency: 'monthly',
      recipientIds: [admin.userId],
    });
    let refusals = 1;
    const flaky: Mailer = {
      mode: 'smtp',
      async send(message) {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('451 try again later');
        }
        await t.app.mailer.send(message);
      },
    };
    // The first of next month, at noon Eastern: last month is due.
    const today = institutionDay(new Date());
    const firstOfNext = addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7);
    const due = new Date(`${firstOfNext}-01T17:00:00Z`);
    expect(await deliver(due, flaky)).toMatchObject({ sent: 0, retrying: 1 });
    expect(await deliveriesOf(id)).toMatchObject([
      { status: 'pending', attempts: 1, lastError: '451 try again later' },
    ]);
    // Not before its wait is over; then sent.
    expect(await deliver(new Date(due.getTime() + 60_000), flaky)).toMatchObject({ sent: 0 });
    expect(await deliver(new Date(due.getTime() + 6 * 60_000), flaky)).toMatchObject({ sent: 1 });

    // A server that always refuses: five tries, then "failed", shown on the schedule.
    const refusing: Mailer = {
      mode: 'smtp',
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
    };
    const other = await schedule(admin.cookie, {
      name: 'Quarterly board report',
      frequency: 'quarterly',
      recipientIds: [admin.userId],
    });
    let at = new Date(`${addDays(`${firstOfNext}-01`, 100).slice(0, 7)}-01T17:00:00Z`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await deliver(at, refusing);
      at = new Date(at.getTime() + 5 * 3_600_000);
    }
    const [given] = await deliveriesOf(other);
    expect(given).toMatchObject({ status: 'failed', attempts: 5 });
    const listed = (
      await call(admin.cookie, 'GET', '/api/analytics/report-schedules')
    ).json<ReportScheduleList>();
    expect(listed.schedules.find((entry) => entry.id === other)!.lastDelivery).toMatchObject({
      failed: 1,
      sent: 0,
    });
  });

  it('does not send a report to a member deactivated since it was due, and says why', async () => {
    const { admin, manager } = await enterprise();
    const id = await schedule(admin.cookie, {
      name: 'Weekly for the BSA officer',
      frequency: 'weekly',
      recipientIds: [manager.userId],
    });
    const refusing: Mailer = { mode: 'smtp', send: () => Promise.reject(new Error('451 later')) };
    const monday = nextMondayNoon(institutionDay(new Date()));
    expect(await deliver(monday, refusing)).toMatchObject({ retrying: 1 });
    const deactivated = await call(
      admin.cookie,
      'POST',
      `/api/team/members/${manager.userId}/deactivate`,
    );
    expect(deactivated.statusCode, deactivated.body).toBeLessThan(300);
    expect(await deliver(new Date(monday.getTime() + 6 * 60_000))).toMatchObject({
      sent: 0,
      failed: 1,
    });
    expect(await deliveriesOf(id)).toMatchObject([
      { status: 'failed', lastError: 'The recipient is no longer an active member.' },
    ]);
  });

  it('sends now on request, never twice for one period, only to members, only on the enterprise plan', async () => {
    const { admin, manager, user, companyId } = await enterprise();
    const outsider = await institution();
    const refused = await call(admin.cookie, 'POST', '/api/analytics/report-schedules', {
      name: 'Leaky',
      frequency: 'weekly',
      recipientIds: [outsider.admin.userId],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('recipient_not_member');

    const id = await schedule(admin.cookie, {
      name: 'Weekly to the committee',
      frequency: 'weekly',
      recipientIds: [admin.userId, manager.userId],
    });
    const send = () => call(admin.cookie, 'POST', `/api/analytics/report-schedules/${id}/send`);
    const firstSend = await send();
    expect(firstSend.statusCode, firstSend.body).toBe(200);
    expect(firstSend.json()).toMatchObject({ sent: 2, alreadySent: 0 });
    expect((await send()).json()).toMatchObject({ sent: 0, alreadySent: 2 });

    // A member sees the reports they receive, not the others; only administrators schedule.
    expect(
      (await call(user.cookie, 'GET', '/api/analytics/report-schedules')).json<ReportScheduleList>()
        .schedules,
    ).toEqual([]);
    const managerView = (
      await call(manager.cookie, 'GET', '/api/analytics/report-schedules')
    ).json<ReportScheduleList>();
    expect(managerView.schedules.map((entry) => [entry.id, entry.receivesIt])).toEqual([
      [id, true],
    ]);
    const byUser = await call(user.cookie, 'POST', '/api/analytics/report-schedules', {
      name: 'Mine',
      frequency: 'weekly',
      recipientIds: [user.userId],
    });
    expect(byUser.statusCode).toBe(403);

    await setCompanyPlan(t.db, companyId, 'professional');
    expect((await call(admin.cookie, 'GET', '/api/analytics/report-schedules')).statusCode).toBe(
      403,
    );
  });

  it('keeps scheduled reports and saved views inside the institution', async () => {
    const a = await enterprise();
    const b = await enterprise();
    const id = await schedule(a.admin.cookie, {
      name: 'A’s weekly',
      frequency: 'weekly',
      recipientIds: [a.admin.userId],
    });
    const saved = await call(a.manager.cookie, 'POST', '/api/analytics/saved-views', {
      name: 'TRID this quarter',
      view: 'compliance',
      query: { area: 'trid' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const viewId = saved.json<{ id: string }>().id;

    for (const [method, url] of [
      ['DELETE', `/api/analytics/report-schedules/${id}`],
      ['POST', `/api/analytics/report-schedules/${id}/send`],
      ['POST', `/api/analytics/report-schedules/${id}/unsubscribe`],
      ['DELETE', `/api/analytics/saved-views/${viewId}`],
    ] as const) {
      const response = await call(b.admin.cookie, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      await t.db.select().from(analyticsReportSchedules).where(eq(analyticsReportSchedules.id, id)),
    ).toHaveLength(1);
    expect(
      await t.db.select().from(analyticsSavedViews).where(eq(analyticsSavedViews.id, viewId)),
    ).toHaveLength(1);
    expect(await deliveriesOf(id)).toEqual([]);
    expect((await call(b.admin.cookie, 'GET', '/api/analytics/saved-views')).json().views).toEqual(
      [],
    );

    // Shared with the institution; a name once; deleted by its author or an administrator.
    const views = (await call(a.user.cookie, 'GET', '/api/analytics/saved-views')).json<{
      views: SavedView[];
    }>().views;
    expect(views).toEqual([
      expect.objectContaining({
        name: 'TRID this quarter',
        view: 'compliance',
        query: { area: 'trid' },
      }),
    ]);
    const again = await call(a.admin.cookie, 'POST', '/api/analytics/saved-views', {
      name: 'TRID this quarter',
      view: 'overview',
      query: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('saved_view_name_taken');
    expect(
      (await call(a.user.cookie, 'DELETE', `/api/analytics/saved-views/${viewId}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(a.admin.cookie, 'DELETE', `/api/analytics/saved-views/${viewId}`)).statusCode,
    ).toBe(204);
  });
});
