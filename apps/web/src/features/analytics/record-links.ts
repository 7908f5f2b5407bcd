import { addDays } from '@complivue/shared/calendar-days';
import type { DeadlineOutcome } from '@complivue/shared/deadline-outcomes';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { UPCOMING_DAYS } from '@complivue/shared/schemas/analytics';
import { paths } from '@/config/paths';

/*
 * Where each analytics figure's records are: the record pages' own filters in the URL, so a
 * number opens exactly the list it counts (DESIGN.md, "Every number is a link").
 */

interface Range {
  from: string;
  to: string;
}

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `${path}?${params}`;
};

export const recordLinks = {
  rules: (area?: RegulationArea) => withQuery(paths.compliance, { area }),
  changesClosed: (range: Range, area?: RegulationArea) =>
    withQuery(paths.changeManagement, {
      view: 'list',
      closedFrom: range.from,
      closedTo: range.to,
      area,
    }),
  changesOpened: (range: Range, area?: RegulationArea) =>
    withQuery(paths.changeManagement, {
      view: 'list',
      openedFrom: range.from,
      openedTo: range.to,
      area,
    }),
  openChanges: () => paths.changeManagement,
  changesOverdue: () => withQuery(paths.changeManagement, { view: 'list', overdue: 'true' }),
  change: (changeId: string) => withQuery(paths.changeManagement, { change: changeId }),
  dueDates: (range: Range, outcome?: DeadlineOutcome, area?: RegulationArea) =>
    withQuery(paths.regulatoryCalendar, {
      view: 'list',
      from: range.from,
      to: range.to,
      outcome,
      area,
    }),
  /** The due dates of the 90 days from today (analytics' "upcoming") not yet done. */
  upcoming: (today: string, area?: RegulationArea) =>
    withQuery(paths.regulatoryCalendar, {
      view: 'list',
      from: today,
      to: addDays(today, UPCOMING_DAYS - 1),
      outcome: 'open',
      area,
    }),
  dueDate: (eventId: string, date: string) =>
    withQuery(paths.regulatoryCalendar, { event: eventId, date }),
  /** The feed's items of the period (its UTC days, as analytics counts them). */
  updates: (range: Range, area?: RegulationArea) =>
    withQuery(paths.regulatoryFeeds, { from: range.from, to: range.to, area }),
  risks: () => paths.riskScoring,
  findings: (overdue = false) =>
    withQuery(paths.riskScoring, { view: 'findings', overdue: overdue ? 'true' : undefined }),
  activity: (range: Range, actor?: string) =>
    withQuery(paths.usersActivity, { from: range.from, to: range.to, kind: 'work', actor }),
};
