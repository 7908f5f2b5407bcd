import { userProfiles } from '@complivue/db/schema/profiles';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarTestKit } from '../../../test/calendar.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('regulatory calendar: the iCalendar download and subscription feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, occurrences, events, createEvent } = calendarTestKit(() => t);

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
