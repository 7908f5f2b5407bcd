import { auditLog } from '@complivue/db/schema/audit';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { REGULATORY_DEADLINE_TEMPLATES } from '@complivue/shared/regulatory-deadlines';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type {
  CalendarEvent,
  CalendarEventList,
  OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { reconcileAllSeededDeadlines } from './calendar-reconcile.ts';

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

  /** Changes the profile the way the administrator does, so the seeded deadlines follow it. */
  const setProfile = async (
    adminCookie: string,
    profile: { institutionType?: string; regulationAreas?: RegulationArea[] },
  ) => {
    const response = await call(adminCookie, 'PATCH', '/api/company', profile);
    expect(response.statusCode, response.body).toBe(200);
  };

  /** An institution with a complete profile, its administrator and a member. */
  async function institution(
    institutionType:
      'credit_union' | 'community_bank' | 'mortgage_company' | 'other' = 'credit_union',
  ) {
    const admin = await signUpThroughApi(t.app, { institutionType });
    const companyId = admin.body.session.company.id as string;
    await setProfile(admin.cookie, {
      institutionType,
      regulationAreas: ['hmda', 'bsa_aml', 'cra', 'trid', 'fair_lending'],
    });
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin, adminId: admin.body.session.user.id as string, companyId, user, manager };
  }

  const occurrences = async (cookie: string, from: string, to: string) => {
    const response = await call(cookie, 'GET', `/api/calendar/occurrences?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OccurrencesResponse;
  };
  const eventList = async (cookie: string) => {
    const response = await call(cookie, 'GET', '/api/calendar/events');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CalendarEventList;
  };
  const events = async (cookie: string) => (await eventList(cookie)).events;
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
    const list = await eventList(cu.admin.cookie);
    const seeded = list.events;
    const keys = seeded.map((event) => event.templateKey).sort();
    // A credit union is not subject to the CRA; the quarterly HMDA submissions are opt-in.
    expect(keys).toEqual(
      REGULATORY_DEADLINE_TEMPLATES.filter((template) => !template.optIn)
        .map((template) => template.key)
        .filter((key) => key !== 'cra-public-file')
        .sort(),
    );
    expect(list).toMatchObject({
      profileComplete: true,
      institutionType: 'credit_union',
      filings: ['ctr', 'sar'],
    });
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
    const refused = await call(cu.user.cookie, 'DELETE', `/api/calendar/events/${hmda.id}`);
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(cu.manager.cookie, 'DELETE', `/api/calendar/events/${hmda.id}`)).statusCode,
    ).toBe(200);
    const after = await events(cu.admin.cookie);
    expect(after).toHaveLength(seeded.length);
    expect(after.find((event) => event.id === hmda.id)?.dismissed).toBe(true);
    const year = await occurrences(cu.admin.cookie, today, addDays(today, 399));
    expect(year.occurrences.some((occurrence) => occurrence.eventId === hmda.id)).toBe(false);
    const restored = await call(
      cu.manager.cookie,
      'POST',
      `/api/calendar/events/${hmda.id}/restore`,
    );
    expect(restored.json()).toMatchObject({ dismissed: false });
  });

  it('adds the quarterly HMDA deadlines of large filers only when a manager chooses to', async () => {
    const cu = await institution('credit_union');
    const offered = await eventList(cu.user.cookie);
    expect(offered.optionalDeadlines).toEqual([
      expect.objectContaining({
        key: 'hmda-quarterly',
        action: 'Add the quarterly HMDA deadlines (large filers)',
        canAdd: false,
      }),
    ]);
    expect((await eventList(cu.manager.cookie)).optionalDeadlines[0]?.canAdd).toBe(true);
    const url = '/api/calendar/deadlines/optional/hmda-quarterly';
    expect((await call(cu.user.cookie, 'POST', url)).statusCode).toBe(403);
    const added = await call(cu.manager.cookie, 'POST', url);
    expect(added.statusCode, added.body).toBe(201);
    const quarterly = (added.json().events as CalendarEvent[]).map((event) => event.templateKey);
    expect(quarterly.sort()).toEqual([
      'hmda-quarterly-q1',
      'hmda-quarterly-q2',
      'hmda-quarterly-q3',
    ]);
    const list = await eventList(cu.admin.cookie);
    expect(list.optionalDeadlines).toEqual([]);
    const q1 = list.events.find((event) => event.templateKey === 'hmda-quarterly-q1')!;
    expect(q1).toMatchObject({ citation: '12 CFR 1003.5(a)(1)(ii)', appliesToInstitution: true });
    // Deleted, it is offered again; adding again restores it (no duplicate).
    await call(cu.manager.cookie, 'DELETE', `/api/calendar/events/${q1.id}`);
    expect((await eventList(cu.admin.cookie)).optionalDeadlines).toHaveLength(1);
    expect((await call(cu.admin.cookie, 'POST', url)).statusCode).toBe(201);
    const again = await events(cu.admin.cookie);
    expect(again.filter((event) => event.templateKey?.startsWith('hmda-quarterly-'))).toHaveLength(
      3,
    );
    expect(again.find((event) => event.id === q1.id)?.dismissed).toBe(false);

    // Not offered (and refused) when the profile does not say HMDA.
    const bank = await institution('community_bank');
    await setProfile(bank.admin.cookie, { regulationAreas: ['bsa_aml', 'cra'] });
    expect((await eventList(bank.admin.cookie)).optionalDeadlines).toEqual([]);
    const refused = await call(bank.admin.cookie, 'POST', url);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('not_applicable');
  });

  it('reads without writing: the list, the occurrences, both iCalendar files and the dashboard', async () => {
    const cu = await institution();
    const rows = () =>
      t.db
        .select({ id: calendarEvents.id, updatedAt: calendarEvents.updatedAt })
        .from(calendarEvents)
        .where(eq(calendarEvents.companyId, cu.companyId))
        .orderBy(calendarEvents.id);
    const feed = await call(cu.user.cookie, 'POST', '/api/calendar/subscription');
    expect(feed.statusCode, feed.body).toBe(201);
    const readEverything = async () => {
      await events(cu.admin.cookie);
      await occurrences(cu.user.cookie, today, addDays(today, 365));
      expect((await call(cu.admin.cookie, 'GET', '/api/calendar/export.ics')).statusCode).toBe(200);
      const ics = await t.app.inject({ method: 'GET', url: new URL(feed.json().url).pathname });
      expect(ics.statusCode).toBe(200);
      await dashboardDeadlines(cu.user.cookie);
    };
    const seeded = await rows();
    expect(seeded.length).toBeGreaterThan(0);
    await readEverything();
    await readEverything();
    expect(await rows()).toEqual(seeded);

    // An institution whose deadlines were never copied in is not seeded by reading either;
    // the start-up pass does it, once.
    await t.db.delete(calendarEvents).where(eq(calendarEvents.companyId, cu.companyId));
    await readEverything();
    expect(await rows()).toEqual([]);
    expect(await reconcileAllSeededDeadlines(t.db, today)).toBeGreaterThanOrEqual(1);
    const reseeded = await rows();
    expect(reseeded).toHaveLength(seeded.length);
    await reconcileAllSeededDeadlines(t.db, today);
    expect(await rows()).toEqual(reseeded);
  });

  it('seeds only what the profile determines, and follows it when it changes', async () => {
    // Signed up as a credit union, no areas chosen yet: only the BSA/AML program's deadlines.
    const admin = await signUpThroughApi(t.app, { institutionType: 'credit_union' });
    const companyId = admin.body.session.company.id as string;
    const keysOf = async () =>
      (await events(admin.cookie))
        .filter((event) => !event.dismissed)
        .map((event) => event.templateKey)
        .sort();
    expect((await eventList(admin.cookie)).profileComplete).toBe(false);
    expect(await keysOf()).toEqual(['bsa-aml-independent-test', 'bsa-aml-training']);

    // No type: nothing is seeded.
    const untyped = await signUpThroughApi(t.app, { institutionType: undefined });
    expect(await events(untyped.cookie)).toEqual([]);

    // HMDA selected: the annual submission comes in (the quarterly ones stay opt-in).
    await setProfile(admin.cookie, { regulationAreas: ['hmda', 'bsa_aml'] });
    expect(await keysOf()).toEqual([
      'bsa-aml-independent-test',
      'bsa-aml-training',
      'hmda-annual-lar',
    ]);
    const owner = await signedInMember(t.app, { companyId, role: 'user' });
    const training = (await events(admin.cookie)).find(
      (event) => event.templateKey === 'bsa-aml-training',
    )!;
    // Touched: an owner assigned.
    await call(admin.cookie, 'PATCH', `/api/calendar/events/${training.id}`, {
      ownerId: owner.userId,
      startsOn: addDays(today, 10),
      rrule: null,
    });
    expect((await dashboardDeadlines(admin.cookie)).next30Days).toBeGreaterThanOrEqual(1);

    // HMDA and BSA/AML no longer selected: the untouched copies go, the touched one stays,
    // flagged as not applying, and is no longer counted.
    await setProfile(admin.cookie, { regulationAreas: ['trid'] });
    expect(await keysOf()).toEqual(['bsa-aml-training']);
    const kept = (await events(admin.cookie))[0]!;
    expect(kept).toMatchObject({ id: training.id, appliesToInstitution: false });
    expect((await dashboardDeadlines(admin.cookie)).next30Days).toBe(0);

    // Back again: the removed ones come back by themselves.
    await setProfile(admin.cookie, { regulationAreas: ['hmda', 'bsa_aml'] });
    expect(await keysOf()).toEqual([
      'bsa-aml-independent-test',
      'bsa-aml-training',
      'hmda-annual-lar',
    ]);
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

  it('keeps another institution’s completions, evidence files and deleted deadlines out of reach', async () => {
    const mine = await institution();
    const theirs = await institution();
    const event = await createEvent(mine.admin.cookie, {
      title: 'Quarterly OFAC list review',
      startsOn: addDays(today, -1),
    });
    const completion = `/api/calendar/events/${event.id}/occurrences/${event.startsOn}/completion`;
    const form = multipartForm({ evidenceNote: 'Screened every member', evidenceUrl: '' }, [PDF]);
    const done = await t.app.inject({
      method: 'POST',
      url: completion,
      headers: { cookie: mine.admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(done.statusCode, done.body).toBe(201);
    const completionId: string = done.json().completion.id;
    const seeded = (await events(mine.admin.cookie)).find(
      (candidate) => candidate.templateKey === 'hmda-annual-lar',
    )!;
    expect(
      (await call(mine.admin.cookie, 'DELETE', `/api/calendar/events/${seeded.id}`)).statusCode,
    ).toBe(200);
    const history = `${completion}s`;
    const before = (await call(mine.admin.cookie, 'GET', history)).json();
    expect(before.completions).toEqual([
      expect.objectContaining({ id: completionId, undoneAt: null }),
    ]);

    const intruder = theirs.admin.cookie;
    // An event of the intruder's own, to reach the completion id through an event they may see.
    const decoy = await createEvent(intruder, { title: 'Decoy', startsOn: event.startsOn });
    const unknown = await call(intruder, 'GET', `/api/calendar/events/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    const attempts = [
      await call(intruder, 'POST', `/api/calendar/events/${seeded.id}/restore`),
      await call(intruder, 'DELETE', completion),
      await call(intruder, 'GET', history),
      await call(
        intruder,
        'GET',
        `/api/calendar/events/${event.id}/completions/${completionId}/file`,
      ),
      await call(intruder, 'GET', `${completion}/file`),
      await call(
        intruder,
        'GET',
        `/api/calendar/events/${decoy.id}/completions/${completionId}/file`,
      ),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(6).fill(404));
    for (const response of attempts) expect(response.rawPayload.includes(PDF.data)).toBe(false);

    // Read back as the institution: still done with its evidence, the deadline still deleted.
    expect((await call(mine.admin.cookie, 'GET', history)).json()).toEqual(before);
    const file = await call(mine.admin.cookie, 'GET', `${completion}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF.data)).toBe(true);
    expect((await events(mine.admin.cookie)).find((item) => item.id === seeded.id)).toMatchObject({
      dismissed: true,
    });
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

  it('bounds every date and the number of events: no request costs more the further it reaches', async () => {
    const { admin, companyId } = await institution('other');
    const monthly = await createEvent(admin.cookie, {
      title: 'Monthly reconciliation',
      startsOn: '2000-01-31',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
    });
    const base = `/api/calendar/events/${monthly.id}/occurrences`;
    for (const date of ['9999-12-31', '2100-01-31', '1999-12-31']) {
      const far = await call(admin.cookie, 'POST', `${base}/${date}/completion`, {});
      expect(far.statusCode, date).toBe(400);
      expect(far.json().error.details[0].message).toBe('Choose a date between 2000 and 2099.');
      expect((await call(admin.cookie, 'GET', `${base}/${date}/completion/file`)).statusCode).toBe(
        400,
      );
      expect((await call(admin.cookie, 'DELETE', `${base}/${date}/completion`)).statusCode).toBe(
        400,
      );
    }
    // The last due date of the century is accepted (its speed is measured by the benchmarks).
    expect((await call(admin.cookie, 'POST', `${base}/2099-12-31/completion`, {})).statusCode).toBe(
      201,
    );

    // At most 2,000 events per institution.
    const existing = (await events(admin.cookie)).length;
    await t.db.insert(calendarEvents).values(
      Array.from({ length: 1999 - existing }, (_, index) => ({
        companyId,
        kind: 'company' as const,
        title: `Filler ${index}`,
        startsOn: '2030-01-01',
      })),
    );
    await createEvent(admin.cookie, { title: 'The 2,000th', startsOn: today });
    const full = await call(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'One too many',
      startsOn: today,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({
      code: 'calendar_full',
      message: expect.stringContaining('2,000 events'),
    });
    const filing = await call(admin.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'ctr',
      triggerDate: today,
    });
    expect(filing.statusCode).toBe(409);
  });

  it('keeps the evidence: undo marks a completion undone, deleting an event with completions hides it', async () => {
    const { admin, user, companyId } = await institution('other');
    const own = await createEvent(user.cookie, {
      title: 'Vendor review',
      startsOn: addDays(today, -1),
    });
    const completion = `/api/calendar/events/${own.id}/occurrences/${own.startsOn}/completion`;
    const complete = async (note: string, file?: typeof PDF) => {
      const form = multipartForm({ evidenceNote: note, evidenceUrl: '' }, file ? [file] : []);
      const response = await t.app.inject({
        method: 'POST',
        url: completion,
        headers: { cookie: user.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().completion as { id: string };
    };
    const first = await complete('First review', PDF);
    expect((await call(user.cookie, 'DELETE', completion)).statusCode).toBe(200);
    expect((await call(user.cookie, 'DELETE', completion)).statusCode).toBe(404);
    // Open again (overdue), and the undone completion is kept with its file.
    const range = await occurrences(user.cookie, addDays(today, -3), today);
    expect(range.occurrences.find((o) => o.eventId === own.id)).toMatchObject({
      completion: null,
      overdue: true,
    });
    const file = await call(
      user.cookie,
      'GET',
      `/api/calendar/events/${own.id}/completions/${first.id}/file`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF.data)).toBe(true);
    expect((await call(user.cookie, 'GET', `${completion}/file`)).statusCode).toBe(404);
    // Done again: both are on record, newest first.
    const second = await complete('Second review');
    const history = (await call(user.cookie, 'GET', `${completion}s`)).json();
    expect(history.completions).toEqual([
      expect.objectContaining({ id: second.id, undoneAt: null, evidenceNote: 'Second review' }),
      expect.objectContaining({
        id: first.id,
        undoneByName: 'Casey Member',
        evidenceNote: 'First review',
        file: expect.objectContaining({ fileName: PDF.fileName }),
      }),
    ]);

    // Deleting it (its creator may) hides it everywhere and keeps every record.
    const deleted = await call(user.cookie, 'DELETE', `/api/calendar/events/${own.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toMatch(/records are kept/);
    expect((await call(admin.cookie, 'GET', `/api/calendar/events/${own.id}`)).statusCode).toBe(
      404,
    );
    expect((await events(admin.cookie)).some((event) => event.id === own.id)).toBe(false);
    expect(
      (await occurrences(admin.cookie, addDays(today, -3), today)).occurrences.some(
        (o) => o.eventId === own.id,
      ),
    ).toBe(false);
    const [row] = await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, own.id));
    expect(row).toMatchObject({ deletedBy: user.userId });
    expect(row!.deletedAt).not.toBeNull();
    const kept = await t.db
      .select()
      .from(calendarCompletions)
      .where(eq(calendarCompletions.eventId, own.id));
    expect(kept).toHaveLength(2);
    const storageKey = kept.find((completionRow) => completionRow.id === first.id)!.storageKey!;
    expect(await t.app.storage.get(storageKey)).not.toBeNull();

    // An event never completed is simply removed.
    const unused = await createEvent(user.cookie, { title: 'Never done', startsOn: today });
    expect(
      (await call(user.cookie, 'DELETE', `/api/calendar/events/${unused.id}`)).json().message,
    ).toBeUndefined();
    expect(
      await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, unused.id)),
    ).toEqual([]);

    // Deleting the institution still removes every evidence file, undone and deleted ones too.
    const name = (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.name;
    const gone = await call(admin.cookie, 'DELETE', '/api/company', { confirmName: name });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.app.storage.get(storageKey)).toBeNull();
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
