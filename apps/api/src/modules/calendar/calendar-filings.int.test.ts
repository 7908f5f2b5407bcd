import { auditLog } from '@complivue/db/schema/audit';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { CalendarEvent } from '@complivue/shared/schemas/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarTestKit } from '../../../test/calendar.ts';
import { signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('regulatory calendar: event-driven filings (CTR, SAR, Form 8300)', () => {
  let t: TestApp;
  const today = todayIn(null);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, occurrences, eventList, events, dashboardDeadlines } = calendarTestKit(
    () => t,
  );

  it('computes CTR and SAR due dates from the trigger date', async () => {
    const { admin, user } = await institution();
    const trigger = addDays(today, -3);
    const ctr = await call(user.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'ctr',
      triggerDate: trigger,
      reference: 'Case 2026-114',
    });
    expect(ctr.statusCode, ctr.body).toBe(201);
    expect(ctr.json()).toMatchObject({
      kind: 'event_driven',
      startsOn: addDays(trigger, 15),
      title: 'CTR due (Case 2026-114)',
      citation: '31 CFR 1010.306(a)(1); 31 CFR 1010.311',
      rrule: null,
      canEdit: true,
    });
    const sar = await call(admin.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'sar',
      triggerDate: trigger,
    });
    expect(sar.json()).toMatchObject({ startsOn: addDays(trigger, 30), title: 'SAR due' });
    expect(sar.json().description).toMatch(/Date of initial detection: /);
    expect(sar.json().description).toMatch(/31 CFR 1020\.320\(b\)\(3\)/);

    const future = await call(admin.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'ctr',
      triggerDate: addDays(today, 2),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.code).toBe('trigger_in_future');
  });

  it('words and cites event-driven filings for the institution’s type: Form 8300, not CTR, for a mortgage lender', async () => {
    const lender = await institution('mortgage_company');
    expect((await eventList(lender.admin.cookie)).filings).toEqual(['form_8300', 'sar']);
    const trigger = addDays(today, -1);
    const ctr = await call(lender.admin.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'ctr',
      triggerDate: trigger,
    });
    expect(ctr.statusCode).toBe(400);
    expect(ctr.json().error.code).toBe('filing_not_offered');
    const form8300 = await call(
      lender.admin.cookie,
      'POST',
      '/api/calendar/deadlines/event-driven',
      {
        type: 'form_8300',
        triggerDate: trigger,
      },
    );
    expect(form8300.statusCode, form8300.body).toBe(201);
    expect(form8300.json()).toMatchObject({
      filing: 'form_8300',
      confidential: false,
      startsOn: addDays(trigger, 15),
      title: 'Form 8300 due',
      citation: '31 CFR 1010.330',
    });
    const sar = await call(lender.admin.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'sar',
      triggerDate: trigger,
    });
    expect(sar.json()).toMatchObject({ citation: '31 CFR 1029.320', confidential: true });
    expect(sar.json().description).not.toMatch(/1020\.320/);

    const bank = await institution('community_bank');
    const refused = await call(bank.admin.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'form_8300',
      triggerDate: trigger,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('keeps a SAR deadline confidential: only managers, administrators, its owner and creator see it', async () => {
    const { admin, user, manager, companyId } = await institution('community_bank');
    const other = await signedInMember(t.app, { companyId, role: 'user' });
    const owner = await signedInMember(t.app, { companyId, role: 'user' });
    const trigger = addDays(today, -2);
    const created = await call(user.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'sar',
      triggerDate: trigger,
      reference: 'Case 77-B',
      ownerId: owner.userId,
      reminderDays: [3],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sar = created.json() as CalendarEvent;
    expect(sar).toMatchObject({ filing: 'sar', confidential: true, title: 'SAR due (Case 77-B)' });
    const dueOn = sar.startsOn;
    const url = `/api/calendar/events/${sar.id}`;
    const range = [addDays(today, -5), addDays(today, 40)] as const;

    for (const allowed of [user, owner, manager, admin]) {
      expect((await events(allowed.cookie)).some((event) => event.id === sar.id)).toBe(true);
      expect(
        (await occurrences(allowed.cookie, ...range)).occurrences.some((o) => o.eventId === sar.id),
      ).toBe(true);
      expect((await call(allowed.cookie, 'GET', url)).statusCode).toBe(200);
    }
    // Another member: it does not exist.
    expect((await events(other.cookie)).some((event) => event.id === sar.id)).toBe(false);
    const theirRange = await occurrences(other.cookie, ...range);
    expect(theirRange.occurrences.some((o) => o.eventId === sar.id)).toBe(false);
    expect(theirRange.events.some((event) => event.id === sar.id)).toBe(false);
    for (const [method, path] of [
      ['GET', url],
      ['PATCH', url],
      ['DELETE', url],
      ['POST', `${url}/occurrences/${dueOn}/completion`],
      ['DELETE', `${url}/occurrences/${dueOn}/completion`],
      ['GET', `${url}/occurrences/${dueOn}/completion/file`],
      ['GET', `${url}/occurrences/${dueOn}/completions`],
    ] as const) {
      const response = await call(
        other.cookie,
        method,
        path,
        method === 'PATCH' ? { title: 'Renamed' } : method === 'POST' ? {} : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.body).not.toMatch(/SAR|77-B/);
    }
    // The dashboard counts it only for those who see it.
    const mine = (await dashboardDeadlines(owner.cookie)).next30Days;
    const theirs = (await dashboardDeadlines(other.cookie)).next30Days;
    expect(mine - theirs).toBe(1);

    // Never in the .ics download (not even an administrator's) or a subscription.
    const ics = await call(admin.cookie, 'GET', '/api/calendar/export.ics');
    expect(ics.statusCode).toBe(200);
    expect(ics.body).not.toMatch(/SAR|77-B|1020\.320/);
    expect(ics.body).not.toContain(sar.id);
    const subscription = await call(owner.cookie, 'POST', '/api/calendar/subscription');
    const feed = await t.app.inject({
      method: 'GET',
      url: new URL(subscription.json().url as string).pathname,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).not.toMatch(/SAR|77-B|1020\.320/);

    // The audit log (read by administrators and support staff) does not name it either.
    const done = await call(owner.cookie, 'POST', `${url}/occurrences/${dueOn}/completion`, {
      evidenceNote: 'Filed SAR, BSA ID 3100-77',
    });
    expect(done.statusCode).toBe(201);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, sar.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'calendar.event_created',
      'calendar.occurrence_completed',
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/SAR|77-B|3100|sar/);
  });
});
