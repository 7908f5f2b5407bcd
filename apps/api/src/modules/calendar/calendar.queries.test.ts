import { describe, expect, it } from 'vitest';
import { expandOccurrences, type EventRow } from './calendar.queries.ts';

const event = (title: string, startsOn: string, rrule: string | null): EventRow => ({
  id: `00000000-0000-4000-8000-${String(title.length).padStart(12, '0')}`,
  companyId: '00000000-0000-4000-8000-000000000000',
  kind: 'company',
  templateKey: null,
  filing: null,
  title,
  description: '',
  area: null,
  citation: null,
  startsOn,
  rrule,
  ownerId: null,
  reminderDays: [],
  createdBy: null,
  dismissedAt: null,
  deletedAt: null,
  deletedBy: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe('expandOccurrences', () => {
  it('keeps the earliest dates of all events when it must stop, not the first events’ dates', () => {
    const daily = event('Daily cash log', '2027-01-01', 'FREQ=DAILY');
    const monthly = event('Monthly board report', '2027-01-05', 'FREQ=MONTHLY;BYMONTHDAY=5');
    const { items, truncated } = expandOccurrences(
      [daily, monthly],
      { from: '2027-01-01', to: '2027-12-31' },
      10,
    );
    expect(truncated).toBe(true);
    expect(items.map((item) => `${item.date} ${item.event.title}`)).toEqual([
      '2027-01-01 Daily cash log',
      '2027-01-02 Daily cash log',
      '2027-01-03 Daily cash log',
      '2027-01-04 Daily cash log',
      '2027-01-05 Daily cash log',
      '2027-01-05 Monthly board report',
      '2027-01-06 Daily cash log',
      '2027-01-07 Daily cash log',
      '2027-01-08 Daily cash log',
      '2027-01-09 Daily cash log',
    ]);
  });

  it('leaves deleted events out and says nothing was cut when nothing was', () => {
    const kept = event('Kept', '2027-03-01', null);
    const dismissed = { ...event('Dismissed', '2027-03-02', null), dismissedAt: new Date() };
    const deleted = { ...event('Deleted', '2027-03-03', null), deletedAt: new Date() };
    expect(
      expandOccurrences([kept, dismissed, deleted], { from: '2027-01-01', to: '2027-12-31' }),
    ).toEqual({ items: [{ event: kept, date: '2027-03-01' }], truncated: false });
  });

  it('stays bounded with many events: each one is expanded only up to the last date kept', () => {
    const events = Array.from({ length: 300 }, (_, index) =>
      event(`Daily ${index}`, '2027-01-01', 'FREQ=DAILY'),
    );
    const started = performance.now();
    const { items, truncated } = expandOccurrences(events, {
      from: '2027-01-01',
      to: '2028-01-31',
    });
    expect(truncated).toBe(true);
    expect(items).toHaveLength(5000);
    // 300 events a day: the first 5,000 dates are those of the first 17 days.
    expect(items.at(-1)!.date).toBe('2027-01-17');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
