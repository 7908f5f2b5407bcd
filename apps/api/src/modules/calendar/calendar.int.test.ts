import { calendarEvents } from '@complivue/db/schema/calendar';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { REGULATORY_DEADLINE_TEMPLATES } from '@complivue/shared/regulatory-deadlines';
import type { CalendarEvent, OccurrencesResponse } from '@complivue/shared/schemas/calendar';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PDF = {
  fileName: 'hmda-submission-confirmation.pdf',
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};

describe('regulatory calendar', () => {
  let t: TestApp;
  const today = todayIn(null);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An institution with a complete profile, its administrator and a member. */
  async function institution(
    institutionType:
      'credit_union' | 'community_bank' | 'mortgage_company' | 'other' = 'credit_union',
  ) {
    const admin = await signUpThroughApi(t.app, { institutionType });
    const companyId = admin.body.session.company.id as string;
    await t.db
      .update(companies)
      .set({ institutionType, regulationAreas: ['hmda', 'bsa_aml', 'cra', 'trid', 'fair_lending'] })
      .where(eq(companies.id, companyId));
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin, adminId: admin.body.session.user.id as string, companyId, user, manager };
  }

  const occurrences = async (cookie: string, from: string, to: string) => {
    const response = await call(cookie, 'GET', `/api/calendar/occurrences?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OccurrencesResponse;
  };
  const events = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/calendar/events')).json().events as CalendarEvent[];
  const createEvent = async (cookie: string, body: Record<string, unknown>) => {
    const response = await call(cookie, 'POST', '/api/calendar/events', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CalendarEvent;
  };
  const dashboardDeadlines = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/dashboard')).json().deadlines as {
      tracked: boolean;
      next30Days: number;
    };

  it('seeds the regulatory deadlines that apply to the profile, once; a deleted one stays deleted', async () => {
    const cu = await institution('credit_union');
    const seeded = await events(cu.admin.cookie);
    const keys = seeded.map((event) => event.templateKey).sort();
    // A credit union is not subject to the CRA.
    expect(keys).toEqual(
      REGULATORY_DEADLINE_TEMPLATES.map((template) => template.key)
        .filter((key) => key !== 'cra-public-file')
        .sort(),
    );
    const hmda = seeded.find((event) => event.templateKey === 'hmda-annual-lar')!;
    expect(hmda).toMatchObject({
      kind: 'regulatory',
      citation: '12 CFR 1003.5(a)(1)(i)',
      rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
      appliesToInstitution: true,
    });
    expect(hmda.startsOn.slice(5)).toBe('03-01');
    expect(hmda.startsOn >= today).toBe(true);
    // Reading again (and the dashboard) adds nothing.
    await dashboardDeadlines(cu.admin.cookie);
    expect(await events(cu.admin.cookie)).toHaveLength(seeded.length);

    const bank = await institution('community_bank');
    const cra = (await events(bank.admin.cookie)).find(
      (event) => event.templateKey === 'cra-public-file',
    );
    expect(cra).toMatchObject({ citation: '12 CFR 25.43; 12 CFR 228.43; 12 CFR 345.43' });

    // A member may not delete a seeded deadline; a manager may, and it is not seeded again.
    const quarterly = seeded.find((event) => event.templateKey === 'hmda-quarterly-q1')!;
    const refused = await call(cu.user.cookie, 'DELETE', `/api/calendar/events/${quarterly.id}`);
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(cu.manager.cookie, 'DELETE', `/api/calendar/events/${quarterly.id}`)).statusCode,
    ).toBe(200);
    const after = await events(cu.admin.cookie);
    expect(after).toHaveLength(seeded.length);
    expect(after.find((event) => event.id === quarterly.id)?.dismissed).toBe(true);
    const year = await occurrences(cu.admin.cookie, today, addDays(today, 399));
    expect(year.occurrences.some((occurrence) => occurrence.eventId === quarterly.id)).toBe(false);
    const restored = await call(
      cu.manager.cookie,
      'POST',
      `/api/calendar/events/${quarterly.id}/restore`,
    );
    expect(restored.json()).toMatchObject({ dismissed: false });
  });

  it('keeps every institution’s events to itself', async () => {
    const mine = await institution();
    const theirs = await institution();
    const event = await createEvent(mine.admin.cookie, {
      title: 'Board compliance report',
      startsOn: addDays(today, 5),
      reminderDays: [2],
    });
    const url = `/api/calendar/events/${event.id}`;
    expect((await call(theirs.admin.cookie, 'GET', url)).statusCode).toBe(404);
    expect(
      (await call(theirs.admin.cookie, 'PATCH', url, { title: 'Taken over' })).statusCode,
    ).toBe(404);
    expect((await call(theirs.admin.cookie, 'DELETE', url)).statusCode).toBe(404);
    expect(
      (
        await call(
          theirs.admin.cookie,
          'POST',
          `${url}/occurrences/${event.startsOn}/completion`,
          {},
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          theirs.admin.cookie,
          'GET',
          `${url}/occurrences/${event.startsOn}/completion/file`,
        )
      ).statusCode,
    ).toBe(404);
    const theirRange = await occurrences(theirs.admin.cookie, today, addDays(today, 30));
    expect(theirRange.occurrences.some((occurrence) => occurrence.eventId === event.id)).toBe(
      false,
    );
    // Another institution's member cannot be made the owner.
    const foreignOwner = await call(mine.admin.cookie, 'PATCH', url, {
      ownerId: theirs.adminId,
    });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().error.code).toBe('owner_not_member');
    expect(await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, event.id))).toEqual(
      [expect.objectContaining({ title: 'Board compliance report', ownerId: null })],
    );
  });

  it('validates recurrence rules: clear 400s, never-ending rules expanded only in the window', async () => {
    const { admin } = await institution('other');
    const bad = await call(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'Broken rule',
      startsOn: today,
      rrule: 'FREQ=SOMETIMES',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_rrule' });
    expect(bad.json().error.message).toMatch(/FREQ=SOMETIMES/);

    const hourly = await call(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'Too often',
      startsOn: today,
      rrule: 'FREQ=HOURLY',
    });
    expect(hourly.json().error.message).toMatch(/at most daily/);

    const impossible = await call(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'Never happens',
      startsOn: today,
      rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error.message).toMatch(/no date in the ten years/);

    const reminder = await call(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'Reminder too early',
      startsOn: today,
      reminderDays: [400],
    });
    expect(reminder.statusCode).toBe(400);
    expect(reminder.json().error.details[0].message).toBe(
      'A reminder is 0 to 365 days before the due date.',
    );

    const daily = await createEvent(admin.cookie, {
      title: 'Daily cash log review',
      startsOn: today,
      rrule: 'RRULE:freq=daily',
    });
    expect(daily.rrule).toBe('FREQ=DAILY');
    const window = await occurrences(admin.cookie, addDays(today, 10), addDays(today, 19));
    expect(
      window.occurrences.filter((occurrence) => occurrence.eventId === daily.id).map((o) => o.date),
    ).toEqual(Array.from({ length: 10 }, (_, index) => addDays(today, 10 + index)));

    const tooWide = await call(
      admin.cookie,
      'GET',
      `/api/calendar/occurrences?from=${today}&to=${addDays(today, 400)}`,
    );
    expect(tooWide.statusCode).toBe(400);
    const reversed = await call(
      admin.cookie,
      'GET',
      `/api/calendar/occurrences?from=${today}&to=${addDays(today, -1)}`,
    );
    expect(reversed.statusCode).toBe(400);

    // A start the rule does not produce moves to the rule's first date.
    const moved = await createEvent(admin.cookie, {
      title: 'Last Friday filing',
      startsOn: '2027-01-01',
      rrule: 'FREQ=MONTHLY;BYDAY=-1FR',
    });
    expect(moved.startsOn).toBe('2027-01-29');
  });

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

  it('lets managers change any event and members only their own; owners complete with evidence', async () => {
    const { admin, user, manager } = await institution();
    const theirs = await createEvent(manager.cookie, {
      title: 'Manager’s review',
      startsOn: addDays(today, 3),
    });
    expect(
      (await call(user.cookie, 'PATCH', `/api/calendar/events/${theirs.id}`, { title: 'Mine now' }))
        .statusCode,
    ).toBe(403);
    const own = await createEvent(user.cookie, {
      title: 'My checklist',
      startsOn: addDays(today, -2),
    });
    expect(own.canEdit).toBe(true);
    expect(
      (await call(user.cookie, 'PATCH', `/api/calendar/events/${own.id}`, { title: 'My list' }))
        .statusCode,
    ).toBe(200);

    // Overdue: due before today and not done.
    let range = await occurrences(user.cookie, addDays(today, -5), today);
    expect(range.occurrences.find((occurrence) => occurrence.eventId === own.id)).toMatchObject({
      overdue: true,
      completion: null,
    });

    // The owner of a seeded deadline may mark it done, not change it.
    const hmda = (await events(admin.cookie)).find(
      (event) => event.templateKey === 'hmda-annual-lar',
    )!;
    await call(admin.cookie, 'PATCH', `/api/calendar/events/${hmda.id}`, {
      ownerId: user.userId,
    });
    const asOwner = (await events(user.cookie)).find((event) => event.id === hmda.id)!;
    expect(asOwner).toMatchObject({ canEdit: false, canComplete: true, ownerName: 'Casey Member' });

    const form = multipartForm(
      { evidenceNote: 'Submitted on the HMDA Platform; confirmation attached.', evidenceUrl: '' },
      [PDF],
    );
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/calendar/events/${hmda.id}/occurrences/${hmda.startsOn}/completion`,
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().completion).toMatchObject({
      doneByName: 'Casey Member',
      file: { fileName: PDF.fileName, contentType: 'application/pdf' },
    });
    const again = await call(
      user.cookie,
      'POST',
      `/api/calendar/events/${hmda.id}/occurrences/${hmda.startsOn}/completion`,
      { evidenceNote: 'twice' },
    );
    expect(again.statusCode).toBe(409);
    const file = await call(
      admin.cookie,
      'GET',
      `/api/calendar/events/${hmda.id}/occurrences/${hmda.startsOn}/completion/file`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.rawPayload.equals(PDF.data)).toBe(true);

    // Not a due date of the event.
    const wrongDay = await call(
      admin.cookie,
      'POST',
      `/api/calendar/events/${own.id}/occurrences/${addDays(today, 40)}/completion`,
      {},
    );
    expect(wrongDay.statusCode).toBe(404);
    expect(wrongDay.json().error.code).toBe('not_an_occurrence');

    // A link that is not http(s) is refused.
    const badLink = await call(
      user.cookie,
      'POST',
      `/api/calendar/events/${own.id}/occurrences/${own.startsOn}/completion`,
      { evidenceUrl: 'javascript:alert(1)' },
    );
    expect(badLink.statusCode).toBe(400);

    const completed = await call(
      user.cookie,
      'POST',
      `/api/calendar/events/${own.id}/occurrences/${own.startsOn}/completion`,
      { evidenceNote: 'Done', evidenceUrl: 'https://intranet.example/checklist' },
    );
    expect(completed.statusCode).toBe(201);
    range = await occurrences(user.cookie, addDays(today, -5), today);
    expect(range.occurrences.find((occurrence) => occurrence.eventId === own.id)).toMatchObject({
      overdue: false,
      completion: { evidenceUrl: 'https://intranet.example/checklist' },
    });
    const undone = await call(
      user.cookie,
      'DELETE',
      `/api/calendar/events/${own.id}/occurrences/${own.startsOn}/completion`,
    );
    expect(undone.statusCode).toBe(200);
    range = await occurrences(user.cookie, addDays(today, -5), today);
    expect(range.occurrences.find((occurrence) => occurrence.eventId === own.id)?.overdue).toBe(
      true,
    );
  });

  it('counts the next 30 days’ open due dates on the dashboard', async () => {
    const { admin } = await institution('other');
    expect(await dashboardDeadlines(admin.cookie)).toEqual({ tracked: true, next30Days: 0 });
    const soon = await createEvent(admin.cookie, {
      title: 'Due soon',
      startsOn: addDays(today, 29),
    });
    await createEvent(admin.cookie, { title: 'Too late', startsOn: addDays(today, 30) });
    await createEvent(admin.cookie, { title: 'Past', startsOn: addDays(today, -1) });
    const weekly = await createEvent(admin.cookie, {
      title: 'Weekly check',
      startsOn: today,
      rrule: 'FREQ=WEEKLY',
    });
    // Today + 29 days holds 5 weekly dates (days 0, 7, 14, 21, 28) and the one-off.
    expect((await dashboardDeadlines(admin.cookie)).next30Days).toBe(6);
    await call(
      admin.cookie,
      'POST',
      `/api/calendar/events/${soon.id}/occurrences/${soon.startsOn}/completion`,
      {},
    );
    expect((await dashboardDeadlines(admin.cookie)).next30Days).toBe(5);
    await call(admin.cookie, 'DELETE', `/api/calendar/events/${weekly.id}`);
    expect((await dashboardDeadlines(admin.cookie)).next30Days).toBe(0);
  });

  it('exports the calendar as iCalendar that parses back to the same events', async () => {
    const { admin } = await institution();
    await createEvent(admin.cookie, {
      title: 'Quarterly TRID review',
      startsOn: '2027-01-31',
      rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1',
      description: 'Sample closing disclosures; commas, semicolons; and a\nnew line.',
    });
    const listed = (await events(admin.cookie)).filter((event) => !event.dismissed);
    const response = await call(admin.cookie, 'GET', '/api/calendar/export.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".*\.ics"/);

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const parsed = calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        title: event.summary,
        startsOn: event.startDate.toString(),
        allDay: event.startDate.isDate,
        rrule: component.getFirstPropertyValue('rrule')?.toString() ?? null,
        description: event.description,
        event,
      };
    });
    expect(
      parsed
        .map(({ title, startsOn, rrule, allDay }) => ({ title, startsOn, rrule, allDay }))
        .sort(byTitle),
    ).toEqual(
      listed
        .map((event) => ({
          title: event.title,
          startsOn: event.startsOn,
          rrule: event.rrule,
          allDay: true,
        }))
        .sort(byTitle),
    );
    const trid = parsed.find((event) => event.title === 'Quarterly TRID review')!;
    expect(trid.description).toContain('commas, semicolons; and a\nnew line.');

    // A calendar app expanding the RRULE finds the same due dates as the API.
    const expanded: string[] = [];
    const iterator = trid.event.iterator();
    for (let next = iterator.next(); next && expanded.length < 5; next = iterator.next()) {
      expanded.push(next.toString());
    }
    const fromApi = await occurrences(admin.cookie, '2027-01-01', '2028-02-01');
    const tridId = listed.find((event) => event.title === 'Quarterly TRID review')!.id;
    expect(expanded).toEqual(
      fromApi.occurrences.filter((o) => o.eventId === tridId).map((o) => o.date),
    );
    expect(expanded).toEqual([
      '2027-01-31',
      '2027-04-30',
      '2027-07-31',
      '2027-10-31',
      '2028-01-31',
    ]);
  });

  it('serves a member’s subscription URL until it is rotated or revoked', async () => {
    const { admin, user, companyId } = await institution();
    expect((await call(user.cookie, 'GET', '/api/calendar/subscription')).json()).toMatchObject({
      active: false,
    });
    const created = await call(user.cookie, 'POST', '/api/calendar/subscription');
    expect(created.statusCode).toBe(201);
    const first = new URL(created.json().url as string);
    expect(first.pathname).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.app.inject({ method: 'GET', url: first.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('SUMMARY:HMDA loan/application register due');
    expect((await call(user.cookie, 'GET', '/api/calendar/subscription')).json()).toMatchObject({
      active: true,
    });

    const rotated = await call(user.cookie, 'POST', '/api/calendar/subscription');
    const second = new URL(rotated.json().url as string);
    expect(second.pathname).not.toBe(first.pathname);
    expect((await t.app.inject({ method: 'GET', url: first.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.pathname })).statusCode).toBe(200);

    // Someone else's token is theirs alone: the admin's own subscription is separate.
    const adminFeed = await call(admin.cookie, 'POST', '/api/calendar/subscription');
    expect(new URL(adminFeed.json().url as string).pathname).not.toBe(second.pathname);

    // A deactivated member's URL stops working.
    await t.db
      .update(userProfiles)
      .set({ status: 'deactivated' })
      .where(and(eq(userProfiles.userId, user.userId), eq(userProfiles.companyId, companyId)));
    expect((await t.app.inject({ method: 'GET', url: second.pathname })).statusCode).toBe(404);
    await t.db
      .update(userProfiles)
      .set({ status: 'active' })
      .where(eq(userProfiles.userId, user.userId));
    expect((await t.app.inject({ method: 'GET', url: second.pathname })).statusCode).toBe(200);

    expect((await call(user.cookie, 'DELETE', '/api/calendar/subscription')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: second.pathname })).statusCode).toBe(404);
    expect((await call(user.cookie, 'DELETE', '/api/calendar/subscription')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/calendar/feed/not-a-token.ics' })).statusCode,
    ).toBe(404);
  });
});

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
