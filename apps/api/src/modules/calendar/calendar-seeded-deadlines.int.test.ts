import { calendarEvents } from '@complivue/db/schema/calendar';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { REGULATORY_DEADLINE_TEMPLATES } from '@complivue/shared/regulatory-deadlines';
import type { CalendarEvent } from '@complivue/shared/schemas/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarTestKit } from '../../../test/calendar.ts';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { reconcileAllSeededDeadlines } from './calendar-reconcile.ts';

describe('regulatory calendar: the seeded deadlines and the profile they follow', () => {
  let t: TestApp;
  const today = todayIn(null);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, setProfile, institution, occurrences, eventList, events, dashboardDeadlines } =
    calendarTestKit(() => t);

  it('seeds the regulatory deadlines that apply to the profile, once; a deleted one stays deleted', async () => {
    const cu = await institution('credit_union');
    const list = await eventList(cu.admin.cookie);
    const seeded = list.events;
    const keys = seeded.map((event) => event.templateKey).sort();
    // A credit union is not subject to the CRA; the quarterly HMDA submissions are opt-in; the
    // profile does not select the SAFE Act, so the NMLS renewals are not seeded.
    expect(keys).toEqual(
      REGULATORY_DEADLINE_TEMPLATES.filter((template) => !template.optIn)
        .map((template) => template.key)
        .filter((key) => key !== 'cra-public-file' && key !== 'safe-act-registration-renewal')
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
    const hmdaSet = (sets: { key: string }[]) => sets.filter((set) => set.key === 'hmda-quarterly');
    expect(hmdaSet(offered.optionalDeadlines)).toEqual([
      expect.objectContaining({
        key: 'hmda-quarterly',
        action: 'Add the quarterly HMDA deadlines (large filers)',
        canAdd: false,
      }),
    ]);
    expect(hmdaSet((await eventList(cu.manager.cookie)).optionalDeadlines)).toEqual([
      expect.objectContaining({ canAdd: true }),
    ]);
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
    expect(hmdaSet(list.optionalDeadlines)).toEqual([]);
    const q1 = list.events.find((event) => event.templateKey === 'hmda-quarterly-q1')!;
    expect(q1).toMatchObject({ citation: '12 CFR 1003.5(a)(1)(ii)', appliesToInstitution: true });
    // Deleted, it is offered again; adding again restores it (no duplicate).
    await call(cu.manager.cookie, 'DELETE', `/api/calendar/events/${q1.id}`);
    expect(hmdaSet((await eventList(cu.admin.cookie)).optionalDeadlines)).toHaveLength(1);
    expect((await call(cu.admin.cookie, 'POST', url)).statusCode).toBe(201);
    const again = await events(cu.admin.cookie);
    expect(again.filter((event) => event.templateKey?.startsWith('hmda-quarterly-'))).toHaveLength(
      3,
    );
    expect(again.find((event) => event.id === q1.id)?.dismissed).toBe(false);

    // Not offered (and refused) when the profile does not say HMDA.
    const bank = await institution('community_bank');
    await setProfile(bank.admin.cookie, { regulationAreas: ['bsa_aml', 'cra'] });
    expect(hmdaSet((await eventList(bank.admin.cookie)).optionalDeadlines)).toEqual([]);
    const refused = await call(bank.admin.cookie, 'POST', url);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('not_applicable');
  });

  it('adds the OFAC Annual Report of Blocked Property, due September 30, when a manager says it applies', async () => {
    const cu = await institution('credit_union');
    const added = await call(
      cu.manager.cookie,
      'POST',
      '/api/calendar/deadlines/optional/ofac-blocked-property',
    );
    expect(added.statusCode, added.body).toBe(201);
    const [ofac] = added.json().events as CalendarEvent[];
    expect(ofac).toMatchObject({
      templateKey: 'ofac-annual-blocked-property',
      citation: '31 CFR 501.603(b)(2)',
    });
    expect(ofac!.startsOn.slice(5)).toBe('09-30');
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
    // Signed up as a credit union, no areas chosen yet: the BSA/AML program's deadlines and the
    // NMLS renewals of its mortgage loan originators.
    const admin = await signUpThroughApi(t.app, { institutionType: 'credit_union' });
    const companyId = admin.body.session.company.id as string;
    const keysOf = async () =>
      (await events(admin.cookie))
        .filter((event) => !event.dismissed)
        .map((event) => event.templateKey)
        .sort();
    expect((await eventList(admin.cookie)).profileComplete).toBe(false);
    expect(await keysOf()).toEqual([
      'bsa-aml-independent-test',
      'bsa-aml-training',
      'safe-act-registration-renewal',
    ]);

    // No type: nothing is seeded.
    const untyped = await signUpThroughApi(t.app, { institutionType: undefined });
    expect(await events(untyped.cookie)).toEqual([]);

    // HMDA selected: the annual submission and the quarterly recording deadlines come in (the
    // quarterly submissions stay opt-in); the SAFE Act not selected, the untouched renewal goes.
    await setProfile(admin.cookie, { regulationAreas: ['hmda', 'bsa_aml'] });
    expect(await keysOf()).toEqual([
      'bsa-aml-independent-test',
      'bsa-aml-training',
      'hmda-annual-lar',
      'hmda-recording-q1',
      'hmda-recording-q2',
      'hmda-recording-q3',
      'hmda-recording-q4',
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
      'hmda-recording-q1',
      'hmda-recording-q2',
      'hmda-recording-q3',
      'hmda-recording-q4',
    ]);
  });
});
