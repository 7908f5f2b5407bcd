import { quoteTitle } from './history-sentences.ts';

/**
 * Where each kind of the institution's records opens in the app: one address per kind for every
 * place that links to one (search, discussions, My work, notifications, automations, calendar
 * feeds), so that a page moving changes one line.
 */
export const changeLink = (changeId: string) => `/change-management?change=${changeId}`;

export const riskLink = (riskId: string) => `/risk-scoring?risk=${riskId}`;

/** The finding open on the findings view of `/risk-scoring`. */
export const findingLink = (findingId: string) =>
  `/risk-scoring?view=findings&finding=${findingId}`;

export const policyLink = (policyId: string) => `/policy-cross-referencing?policy=${policyId}`;

/** A deadline on the calendar; with `date`, the occurrence of a repeating one on that day. */
export const calendarEventLink = (eventId: string, date?: string) =>
  `/regulatory-calendar?event=${eventId}${date ? `&date=${date}` : ''}`;

export const supportTicketLink = (ticketId: string) => `/support/tickets/${ticketId}`;

/** A numbered record as sentences name it: `CHG-12 “Update the adverse action notice”`. */
export const numberedTitle = (numberLabel: string, title: string) =>
  `${numberLabel} ${quoteTitle(title)}`;
