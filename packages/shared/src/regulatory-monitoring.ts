/**
 * Vocabulary of regulatory monitoring (issue 9) that the database, the API and the web app share:
 * feed sources and items, the regulatory calendar and change management.
 */

/** The formats a feed source may have: RSS 2.0, Atom, the Federal Register documents API. */
export const FEED_FORMATS = ['rss', 'atom', 'federal_register'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_FORMAT_LABELS: Record<FeedFormat, string> = {
  rss: 'RSS 2.0',
  atom: 'Atom',
  federal_register: 'Federal Register API (JSON)',
};

/** pending: never polled; ok: the last poll succeeded; failing: it did not (see last_error). */
export const FEED_SOURCE_STATUSES = ['pending', 'ok', 'failing'] as const;
export type FeedSourceStatus = (typeof FEED_SOURCE_STATUSES)[number];

/** How often a source may be polled, in minutes (15 minutes to a day). */
export const FEED_POLL_INTERVAL_MIN = 15;
export const FEED_POLL_INTERVAL_MAX = 1440;
export const FEED_POLL_INTERVAL_DEFAULT = 60;

/** What kind of document an item announces. */
export const FEED_DOCUMENT_TYPES = [
  'proposed_rule',
  'final_rule',
  'guidance',
  'notice',
  'enforcement_action',
  'press_release',
] as const;
export type FeedDocumentType = (typeof FEED_DOCUMENT_TYPES)[number];

export const FEED_DOCUMENT_TYPE_LABELS: Record<FeedDocumentType, string> = {
  proposed_rule: 'Proposed rule',
  final_rule: 'Final rule',
  guidance: 'Guidance',
  /** A Federal Register notice that is none of the others: meetings, information collections, applications. */
  notice: 'Notice',
  enforcement_action: 'Enforcement action',
  press_release: 'Press release',
};

/** Agencies whose publications the feeds follow (a watchlist may name them). */
export const AGENCIES = ['CFPB', 'OCC', 'FDIC', 'NCUA', 'FRB', 'FinCEN', 'FFIEC', 'OFAC'] as const;
export type Agency = (typeof AGENCIES)[number];

export const AGENCY_LABELS: Record<Agency, string> = {
  CFPB: 'Consumer Financial Protection Bureau',
  OCC: 'Office of the Comptroller of the Currency',
  FDIC: 'Federal Deposit Insurance Corporation',
  NCUA: 'National Credit Union Administration',
  FRB: 'Federal Reserve Board',
  FinCEN: 'Financial Crimes Enforcement Network',
  FFIEC: 'Federal Financial Institutions Examination Council',
  OFAC: 'Office of Foreign Assets Control',
};

/** Calendar events: seeded regulatory deadlines, event-driven filings, the company's own. */
export const CALENDAR_EVENT_KINDS = ['regulatory', 'event_driven', 'company'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** Change management workflow (identified → assessing → implementing → review → closed). */
export const CHANGE_STATUSES = [
  'identified',
  'assessing',
  'implementing',
  'review',
  'closed',
  'not_applicable',
] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  identified: 'Identified',
  assessing: 'Assessing',
  implementing: 'Implementing',
  review: 'Review',
  closed: 'Closed',
  not_applicable: 'Not applicable',
};

export const RISK_RATINGS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];

export const RISK_RATING_LABELS: Record<RiskRating, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/**
 * A change's risk until a person rates it: no rating is set by default or by a side effect,
 * so an examiner never reads a judgement nobody made (DESIGN.md, "Screens for people who
 * answer to examiners", rule 5).
 */
export const NOT_RATED = 'Not rated';

export const riskRatingLabel = (rating: RiskRating | null) =>
  rating ? RISK_RATING_LABELS[rating] : NOT_RATED;

export const CHANGE_SOURCES = ['feed', 'manual'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

export const changeNumberLabel = (number: number) => `CHG-${number}`;
