// @vitest-environment happy-dom
import type {
  CalendarEvent,
  CalendarEventList,
  CalendarOccurrence,
  OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { RegulatoryCalendarPage } from './calendar-page.tsx';

const event = (id: string, title: string, area: CalendarEvent['area']): CalendarEvent => ({
  id,
  kind: 'company',
  templateKey: null,
  filing: null,
  confidential: false,
  title,
  description: '',
  area,
  citation: null,
  startsOn: '2026-01-01',
  rrule: null,
  ownerId: null,
  ownerName: null,
  reminderDays: [],
  createdAt: '2026-01-01T15:00:00.000Z',
  dismissed: false,
  appliesToInstitution: true,
  applicabilityNote: null,
  canEdit: true,
  canComplete: true,
});

const EVENTS = [
  event('10000000-0000-4000-8000-000000000001', 'TRID file review', 'trid'),
  event('10000000-0000-4000-8000-000000000002', 'HMDA data scrub', 'hmda'),
];

const done = (doneAt: string): CalendarOccurrence['completion'] => ({
  id: '20000000-0000-4000-8000-000000000001',
  doneAt,
  doneByName: 'Dana Reyes',
  evidenceNote: '',
  evidenceUrl: null,
  file: null,
  undoneAt: null,
  undoneByName: null,
});

const due = (
  eventIndex: number,
  date: string,
  completion: CalendarOccurrence['completion'] = null,
): CalendarOccurrence => ({
  eventId: EVENTS[eventIndex]!.id,
  date,
  completion,
  overdue: completion === null,
});

/** The fourth quarter of 2026 seen from January 2027: every due date is past. */
const OCCURRENCES = [
  due(0, '2026-10-15', done('2026-10-15T14:00:00.000Z')),
  // 03:30 UTC on Nov 1 is 23:30 on Oct 31 in New York: done on its due date.
  due(0, '2026-10-31', done('2026-11-01T03:30:00.000Z')),
  due(1, '2026-11-16', done('2026-11-20T14:00:00.000Z')),
  due(0, '2026-12-01'),
  due(1, '2026-12-15'),
];

function answerCalendar(call: ApiCall) {
  if (call.path.startsWith('/api/calendar/occurrences?')) {
    const query = new URLSearchParams(call.path.split('?')[1]);
    if (query.get('from')! > query.get('to')!) {
      return {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The end date must be on or after the start date.',
          },
        },
      };
    }
    const body: OccurrencesResponse = {
      today: '2027-01-15',
      from: query.get('from')!,
      to: query.get('to')!,
      occurrences: OCCURRENCES,
      events: EVENTS,
      truncated: false,
    };
    return { body };
  }
  if (call.path === '/api/calendar/events') {
    const body: CalendarEventList = {
      events: EVENTS,
      profileComplete: true,
      institutionType: 'community_bank',
      filings: [],
      optionalDeadlines: [],
    };
    return { body };
  }
  if (call.path === '/api/calendar/subscription') {
    return { body: { active: false, createdAt: null, lastUsedAt: null } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
}

function CurrentSearch() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderCalendar(search: string) {
  const calls = answerApi(answerCalendar);
  const view = renderComponent(
    <>
      <RegulatoryCalendarPage />
      <CurrentSearch />
    </>,
    { route: `/regulatory-calendar?${search}` },
  );
  return { calls, ...view };
}

const rangeSection = async (name: RegExp) =>
  within((await screen.findByRole('heading', { name })).closest('section')!);
/** Each listed due date as its event's title and its day. */
const listedTitles = (section: ReturnType<typeof within>) =>
  section.getAllByRole('listitem').flatMap((item: HTMLElement) => {
    const button = within(item).queryByRole('button', { name: /review|scrub/ });
    return button
      ? [`${button.textContent} ${item.textContent?.match(/\w{3} \d+, \d{4}/)?.[0]}`]
      : [];
  });

describe('Regulatory calendar: a range of due dates by outcome (what analytics links to)', () => {
  beforeEach(() => {
    // Only the clock's date: "today" in US Eastern is Jan 15, 2027.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-15T17:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists only the missed due dates of the range, each with its outcome, behind a removable chip', async () => {
    const { calls, user } = renderCalendar(
      'view=list&from=2026-10-01&to=2026-12-31&outcome=missed',
    );
    const section = await rangeSection(/^Missed: due Oct 1, 2026 – Dec 31, 2026 \(2\)$/);
    expect(listedTitles(section)).toEqual([
      'TRID file review Dec 1, 2026',
      'HMDA data scrub Dec 15, 2026',
    ]);
    expect(section.getAllByText('Missed')).toHaveLength(2);
    expect(
      calls.some((call) => call.path === '/api/calendar/occurrences?from=2026-10-01&to=2026-12-31'),
    ).toBe(true);

    const chips = within(section.getByRole('list', { name: 'Filters' }));
    await user.click(
      chips.getByRole('button', { name: 'Remove the filter: Missed · Oct 1, 2026 – Dec 31, 2026' }),
    );
    // Back to the usual list: overdue first, then what is coming up.
    expect(await screen.findByRole('heading', { name: /^Overdue/ })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?view=list');
  });

  it('tells on time from late by the day it was done in US Eastern', async () => {
    renderCalendar('view=list&from=2026-10-01&to=2026-12-31&outcome=on_time');
    const onTime = await rangeSection(/^Met on time: due Oct 1, 2026 – Dec 31, 2026 \(2\)$/);
    expect(listedTitles(onTime)).toEqual([
      'TRID file review Oct 15, 2026',
      'TRID file review Oct 31, 2026',
    ]);
    expect(onTime.getAllByText('Met on time')).toHaveLength(2);
  });

  it('shows every outcome of the range without one, and an area by its tag as a chip', async () => {
    const { user } = renderCalendar('from=2026-10-01&to=2026-12-31&area=HMDA');
    const section = await rangeSection(/^Due dates: due Oct 1, 2026 – Dec 31, 2026 \(2\)$/);
    expect(listedTitles(section)).toEqual([
      'HMDA data scrub Nov 16, 2026',
      'HMDA data scrub Dec 15, 2026',
    ]);
    expect(section.getByText('Done late')).toBeTruthy();
    expect(section.getByText('Missed')).toBeTruthy();
    const chips = within(section.getByRole('list', { name: 'Filters' }));
    expect(chips.getByText('Due Oct 1, 2026 – Dec 31, 2026')).toBeTruthy();
    await user.click(chips.getByRole('button', { name: 'Remove the filter: Area: HMDA' }));
    await rangeSection(/^Due dates: due Oct 1, 2026 – Dec 31, 2026 \(5\)$/);
  });

  it('shows the server’s refusal of a range that runs backwards', async () => {
    renderCalendar('view=list&from=2026-12-31&to=2026-10-01&outcome=late');
    expect(
      await screen.findByText('The end date must be on or after the start date.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Remove the filter: Done late/ })).toBeTruthy(),
    );
  });
});
