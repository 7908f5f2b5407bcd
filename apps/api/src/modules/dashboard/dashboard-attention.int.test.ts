import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import type { ChangeListResponse } from '@complivue/shared/schemas/changes';
import type { OccurrencesResponse } from '@complivue/shared/schemas/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * The dashboard's "Needs action": each count is the length of the list it links to (the
 * calendar list's overdue dates, the change list's "Overdue only"), counted only within the
 * institution, with the most overdue first.
 */
describe('GET /api/dashboard: what needs action', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { call, institution, create } = changeTestKit(() => t);
  // Members here have no time zone of their own: the default's today.
  const today = todayIn(null);

  const dashboard = async (cookie: string) => {
    const response = await call(cookie, 'GET', '/api/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>();
  };

  const createEvent = async (cookie: string, body: Record<string, unknown>) => {
    const response = await call(cookie, 'POST', '/api/calendar/events', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; startsOn: string }>();
  };

  /** What the calendar's list shows as "Overdue": the last 12 months' open past due dates. */
  const calendarOverdue = async (cookie: string) => {
    const response = await call(
      cookie,
      'GET',
      `/api/calendar/occurrences?from=${addDays(today, -364)}&to=${today}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OccurrencesResponse>().occurrences.filter((item) => item.overdue);
  };

  it('counts the overdue due dates the calendar lists, most overdue first, with owners', async () => {
    const { admin, user, companyId } = await institution();
    // Seeded regulatory deadlines of the new institution may already be overdue: count ours on top.
    const before = (await dashboard(admin.cookie)).attention.overdueDeadlines.count;
    expect(before).toBe((await calendarOverdue(admin.cookie)).length);

    const created = [];
    for (const daysLate of [2, 40, 7, 300, 1, 90]) {
      created.push(
        await createEvent(admin.cookie, {
          title: `Late by ${daysLate}`,
          startsOn: addDays(today, -daysLate),
          ownerId: user.userId,
        }),
      );
    }
    // Out of the 12 months the list reads, due today, and one marked done: none is overdue.
    await createEvent(admin.cookie, { title: 'Too old', startsOn: addDays(today, -400) });
    await createEvent(admin.cookie, { title: 'Due today', startsOn: today });
    const done = created.pop()!;
    const completed = await call(
      admin.cookie,
      'POST',
      `/api/calendar/events/${done.id}/occurrences/${done.startsOn}/completion`,
      {},
    );
    expect(completed.statusCode, completed.body).toBe(201);

    const { overdueDeadlines } = (await dashboard(admin.cookie)).attention;
    expect(overdueDeadlines.count).toBe(before + 5);
    expect(overdueDeadlines.count).toBe((await calendarOverdue(admin.cookie)).length);
    expect(overdueDeadlines.items).toHaveLength(5);
    const dates = overdueDeadlines.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort());
    const ours = overdueDeadlines.items.find((item) => item.title === 'Late by 300');
    expect(ours).toMatchObject({ date: addDays(today, -300), ownerName: expect.any(String) });
    expect(ours?.eventId).toBe(created[3]!.id);

    // Another institution's overdue work never counts here, nor ours there.
    const other = await institution();
    const theirs = (await dashboard(other.admin.cookie)).attention.overdueDeadlines;
    expect(theirs.items.some((item) => item.title.startsWith('Late by'))).toBe(false);
    expect(theirs.count).toBe((await calendarOverdue(other.admin.cookie)).length);
    expect(companyId).not.toBe(other.companyId);
  });

  it('counts the changes the list’s “Overdue only” filter finds: past due, or with a task past due', async () => {
    const { admin, manager } = await institution();
    const pastDue = await create(admin.cookie, {
      title: 'Past due change',
      ownerId: manager.userId,
    });
    const latePlan = await create(admin.cookie, { title: 'Change with a late task' });
    const onTime = await create(admin.cookie, { title: 'On time', dueDate: addDays(today, 10) });
    const closedLate = await create(admin.cookie, { title: 'Not applicable after all' });
    // Due dates pass with time; the API refuses a past one at entry, so the test moves them.
    await t.db
      .update(changeItems)
      .set({ dueDate: addDays(today, -3) })
      .where(eq(changeItems.id, pastDue.id));
    await t.db
      .update(changeItems)
      .set({ dueDate: addDays(today, -30) })
      .where(eq(changeItems.id, closedLate.id));
    const task = await call(admin.cookie, 'POST', `/api/changes/${latePlan.id}/tasks`, {
      title: 'Update the procedure',
    });
    expect(task.statusCode, task.body).toBe(201);
    await t.db
      .update(changeTasks)
      .set({ dueDate: addDays(today, -1) })
      .where(eq(changeTasks.changeId, latePlan.id));
    const closed = await call(admin.cookie, 'POST', `/api/changes/${closedLate.id}/transition`, {
      to: 'not_applicable',
      note: 'We do not offer this product.',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const { overdueChanges } = (await dashboard(admin.cookie)).attention;
    const list = await call(admin.cookie, 'GET', '/api/changes?overdue=true');
    expect(list.statusCode, list.body).toBe(200);
    expect(overdueChanges.count).toBe(list.json<ChangeListResponse>().total);
    expect(overdueChanges.count).toBe(2);
    expect(overdueChanges.items).toEqual([
      expect.objectContaining({
        id: pastDue.id,
        title: 'Past due change',
        dueDate: addDays(today, -3),
        pastDue: true,
        ownerName: expect.any(String),
      }),
      expect.objectContaining({ id: latePlan.id, pastDue: false, overdueTasks: 1 }),
    ]);
    expect(overdueChanges.items.some((item) => item.id === onTime.id)).toBe(false);

    const other = await institution();
    expect((await dashboard(other.admin.cookie)).attention.overdueChanges).toEqual({
      count: 0,
      items: [],
    });
  });
});
