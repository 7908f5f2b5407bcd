import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { companies } from '@complivue/db/schema/companies';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarTestKit } from '../../../test/calendar.ts';
import { multipartForm } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PDF = {
  fileName: 'hmda-submission-confirmation.pdf',
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};

describe('regulatory calendar: events, who may change them, their completions and evidence', () => {
  let t: TestApp;
  const today = todayIn(null);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, occurrences, events, createEvent, dashboardDeadlines } =
    calendarTestKit(() => t);

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
});
