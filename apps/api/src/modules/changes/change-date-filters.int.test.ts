import { changeItems } from '@complivue/db/schema/changes';
import { CHANGE_MESSAGES, type ChangeBoard } from '@complivue/shared/schemas/changes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * The opened/closed filters analytics links to (`?closedFrom=2026-10-01&closedTo=2026-12-31`):
 * each timestamp is taken as a day in the institution's day, US Eastern, both ends included.
 */
describe('change management: opened and closed between two days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, create } = changeTestKit(() => t);

  /** A change opened and (optionally) closed at these instants, as if it had been then. */
  async function changeAt(
    cookie: string,
    title: string,
    createdAt: string,
    closedAt: string | null,
    areas: string[] = ['trid'],
  ) {
    const change = await create(cookie, { title, areas });
    await t.db
      .update(changeItems)
      .set({
        createdAt: new Date(createdAt),
        closedAt: closedAt ? new Date(closedAt) : null,
        status: closedAt ? 'closed' : 'identified',
      })
      .where(eq(changeItems.id, change.id));
    return change;
  }

  const titles = async (cookie: string, url: string) => {
    const response = await call(cookie, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ items: { title: string }[] }>()
      .items.map((item) => item.title)
      .sort();
  };

  it('counts a change on the day it was opened or closed in US Eastern, both ends included', async () => {
    const a = await institution();
    const b = await institution();
    // 02:00 UTC on Oct 1 is still Sep 30 in New York (EDT, UTC−4).
    await changeAt(
      a.user.cookie,
      'Closed Sep 30 Eastern',
      '2026-09-01T15:00:00Z',
      '2026-10-01T02:00:00Z',
    );
    await changeAt(
      a.user.cookie,
      'Closed Oct 1 Eastern',
      '2026-09-01T15:00:00Z',
      '2026-10-01T04:00:00Z',
    );
    // 04:30 UTC on Jan 1 is 23:30 on Dec 31 in New York (EST, UTC−5).
    await changeAt(
      a.user.cookie,
      'Closed Dec 31 Eastern',
      '2026-10-01T03:59:00Z',
      '2027-01-01T04:30:00Z',
    );
    await changeAt(
      a.user.cookie,
      'Closed Jan 1 Eastern',
      '2026-10-01T04:00:00Z',
      '2027-01-01T05:00:00Z',
    );
    await changeAt(
      a.user.cookie,
      'Closed in the quarter, HMDA',
      '2026-10-02T12:00:00Z',
      '2026-11-15T12:00:00Z',
      ['hmda'],
    );
    await changeAt(a.user.cookie, 'Still open', '2026-11-01T12:00:00Z', null);
    // Another institution's change closed in the quarter is never counted.
    await changeAt(
      b.user.cookie,
      'Other institution',
      '2026-10-02T12:00:00Z',
      '2026-11-01T12:00:00Z',
    );

    const quarter = 'closedFrom=2026-10-01&closedTo=2026-12-31';
    expect(await titles(a.user.cookie, `/api/changes?${quarter}`)).toEqual([
      'Closed Dec 31 Eastern',
      'Closed Oct 1 Eastern',
      'Closed in the quarter, HMDA',
    ]);
    // With the other filters, as the analytics link sends them.
    expect(await titles(a.user.cookie, `/api/changes?${quarter}&area=trid`)).toEqual([
      'Closed Dec 31 Eastern',
      'Closed Oct 1 Eastern',
    ]);
    // One end open.
    expect(await titles(a.user.cookie, '/api/changes?closedTo=2026-09-30')).toEqual([
      'Closed Sep 30 Eastern',
    ]);
    expect(await titles(a.user.cookie, '/api/changes?closedFrom=2027-01-01')).toEqual([
      'Closed Jan 1 Eastern',
    ]);
    // Opened: 03:59 UTC on Oct 1 was Sep 30 in New York; 04:00 was Oct 1.
    expect(
      await titles(a.user.cookie, '/api/changes?openedFrom=2026-10-01&openedTo=2026-10-31'),
    ).toEqual(['Closed Jan 1 Eastern', 'Closed in the quarter, HMDA']);
    expect(
      await titles(a.user.cookie, '/api/changes?openedFrom=2026-09-30&openedTo=2026-09-30'),
    ).toEqual(['Closed Dec 31 Eastern']);

    // The board and the CSV take the same filters.
    const board = await call(a.user.cookie, 'GET', `/api/changes/board?${quarter}&area=trid`);
    expect(board.statusCode, board.body).toBe(200);
    const columns = board.json<ChangeBoard>().columns;
    expect(columns.find((column) => column.status === 'closed')?.total).toBe(2);
    expect(columns.reduce((sum, column) => sum + column.total, 0)).toBe(2);
    const csv = await call(a.user.cookie, 'GET', `/api/changes/export.csv?${quarter}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Closed Oct 1 Eastern');
    expect(csv.body).toContain('Closed Dec 31 Eastern');
    expect(csv.body).not.toContain('Closed Sep 30 Eastern');
    expect(csv.body).not.toContain('Closed Jan 1 Eastern');
    expect(csv.body).not.toContain('Other institution');
  });

  it('refuses a date that is not a day, and a range that runs backwards', async () => {
    const a = await institution();
    const refusals = [
      ['/api/changes?closedFrom=2026-02-30', 'closedFrom', 'Enter a date as YYYY-MM-DD.'],
      ['/api/changes?openedTo=10/01/2026', 'openedTo', 'Enter a date as YYYY-MM-DD.'],
      ['/api/changes?openedFrom=1999-12-31', 'openedFrom', 'Choose a date between 2000 and 2099.'],
      [
        '/api/changes?closedFrom=2026-12-31&closedTo=2026-10-01',
        'closedFrom',
        CHANGE_MESSAGES.closed_range,
      ],
      [
        '/api/changes/board?openedFrom=2026-12-31&openedTo=2026-10-01',
        'openedFrom',
        CHANGE_MESSAGES.opened_range,
      ],
      [
        '/api/changes/export.csv?closedFrom=2026-12-31&closedTo=2026-10-01',
        'closedFrom',
        CHANGE_MESSAGES.closed_range,
      ],
    ] as const;
    for (const [url, field, message] of refusals) {
      const response = await call(a.user.cookie, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: `/${field}`, message }],
      });
    }
    // One day is a range of its own.
    const sameDay = await call(
      a.user.cookie,
      'GET',
      '/api/changes?closedFrom=2026-10-01&closedTo=2026-10-01',
    );
    expect(sameDay.statusCode).toBe(200);
  });
});
