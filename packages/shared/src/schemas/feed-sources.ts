import { z } from 'zod';
import {
  AGENCIES,
  FEED_FORMATS,
  FEED_POLL_INTERVAL_DEFAULT,
  FEED_POLL_INTERVAL_MAX,
  FEED_POLL_INTERVAL_MIN,
  FEED_SOURCE_STATUSES,
} from '../regulatory-monitoring.ts';

/**
 * Feed sources: the platform's shared sources (super admins edit them) and each institution's
 * own (its administrators edit them). The poll job fills in the status fields.
 */

export const FEED_SOURCE_NAME_MAX = 120;
export const FEED_SOURCE_URL_MAX = 2000;
/** Sources an institution may have of its own (removed ones do not count). */
export const COMPANY_FEED_SOURCES_MAX = 25;

export const FEED_SOURCE_MESSAGES = {
  url_invalid: 'Enter the full address of the feed, starting with https:// or http://.',
  url_credentials: 'The address may not contain a user name or password.',
  url_private:
    'The address points to a private or local network, which feeds may not use. Use the public address of the feed.',
  duplicate_shared: 'A shared source with this address already exists.',
  duplicate_own: 'Your institution already follows a source with this address.',
  duplicate_of_shared:
    'This address is already one of the shared sources every institution receives, so there is no need to add it.',
  interval: `Poll every ${FEED_POLL_INTERVAL_MIN} to ${FEED_POLL_INTERVAL_MAX} minutes.`,
  not_found: 'That feed source was not found.',
  busy: 'This source is being polled right now. Try again in a minute.',
  company_required: 'Your account is not part of an institution.',
  too_many: `Your institution already has ${COMPANY_FEED_SOURCES_MAX} sources of its own, the most it may have. Remove one before adding another.`,
} as const;

/** An http(s) address without credentials; the server checks its network when it polls. */
export const feedUrlSchema = z
  .string()
  .trim()
  .min(1, FEED_SOURCE_MESSAGES.url_invalid)
  .max(FEED_SOURCE_URL_MAX, FEED_SOURCE_MESSAGES.url_invalid)
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: FEED_SOURCE_MESSAGES.url_invalid });
      return;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      context.addIssue({ code: 'custom', message: FEED_SOURCE_MESSAGES.url_invalid });
    } else if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: FEED_SOURCE_MESSAGES.url_credentials });
    }
  })
  // Stored as the URL parser writes it (lower-case host, no fragment), so one feed is one row.
  .transform((value) => {
    const url = new URL(value);
    url.hash = '';
    return url.toString();
  });

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Give the source a name.')
  .max(FEED_SOURCE_NAME_MAX, `At most ${FEED_SOURCE_NAME_MAX} characters.`);

const intervalSchema = z
  .number({ error: FEED_SOURCE_MESSAGES.interval })
  .int(FEED_SOURCE_MESSAGES.interval)
  .min(FEED_POLL_INTERVAL_MIN, FEED_SOURCE_MESSAGES.interval)
  .max(FEED_POLL_INTERVAL_MAX, FEED_SOURCE_MESSAGES.interval);

export const createFeedSourceRequestSchema = z.object({
  name: nameSchema,
  url: feedUrlSchema,
  format: z.enum(FEED_FORMATS),
  agency: z.enum(AGENCIES).nullable().default(null),
  pollIntervalMinutes: intervalSchema.default(FEED_POLL_INTERVAL_DEFAULT),
  enabled: z.boolean().default(true),
});
export type CreateFeedSourceRequest = z.input<typeof createFeedSourceRequestSchema>;

/**
 * The feed source form (an institution's own or, in the console, a shared one): the request's
 * fields as typed, the interval as the text of its box and "no agency" as the empty choice.
 */
export const feedSourceFormSchema = z.object({
  name: nameSchema,
  url: feedUrlSchema,
  format: z.enum(FEED_FORMATS),
  agency: z.union([z.literal(''), z.enum(AGENCIES)]).transform((agency) => agency || null),
  pollIntervalMinutes: z
    .string()
    .trim()
    .min(1, FEED_SOURCE_MESSAGES.interval)
    .transform(Number)
    .pipe(intervalSchema),
  enabled: z.boolean(),
});
export type FeedSourceForm = z.input<typeof feedSourceFormSchema>;

export const updateFeedSourceRequestSchema = z
  .object({
    name: nameSchema,
    url: feedUrlSchema,
    format: z.enum(FEED_FORMATS),
    agency: z.enum(AGENCIES).nullable(),
    pollIntervalMinutes: intervalSchema,
    enabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateFeedSourceRequest = z.input<typeof updateFeedSourceRequestSchema>;

export const feedSourceSchema = z.object({
  id: z.uuid(),
  /** Shared sources reach every institution; only super admins change them. */
  shared: z.boolean(),
  name: z.string(),
  url: z.string(),
  format: z.enum(FEED_FORMATS),
  agency: z.enum(AGENCIES).nullable(),
  pollIntervalMinutes: z.number().int(),
  enabled: z.boolean(),
  status: z.enum(FEED_SOURCE_STATUSES),
  /** Why the last poll failed, in words, while the source is failing. */
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastPolledAt: z.iso.datetime({ offset: true }).nullable(),
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
  nextPollAt: z.iso.datetime({ offset: true }),
  /** Items this source has brought (an item carried by two sources counts for both). */
  itemCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FeedSource = z.infer<typeof feedSourceSchema>;

export const adminFeedSourcesResponseSchema = z.object({ items: z.array(feedSourceSchema) });

/** A company's view: the shared sources (read only) and its own. */
export const companyFeedSourcesResponseSchema = z.object({
  shared: z.array(feedSourceSchema),
  own: z.array(feedSourceSchema),
  /** Whether the caller may add, change and remove the institution's own sources. */
  canManage: z.boolean(),
});
export type CompanyFeedSourcesResponse = z.infer<typeof companyFeedSourcesResponseSchema>;

export const feedSourceParamsSchema = z.object({ id: z.uuid() });

/** What one poll did, for "Poll now". */
export const feedPollOutcomeSchema = z.object({
  status: z.enum(['ok', 'not_modified', 'failed']),
  /** Items seen in the document (after skipping unusable ones). */
  itemsSeen: z.number().int(),
  /** Items stored for the first time. */
  newItems: z.number().int(),
  /** Entries skipped: no link, not http(s), or repeated within the feed. */
  skipped: z.number().int(),
  error: z.string().nullable(),
  source: feedSourceSchema,
});
export type FeedPollOutcome = z.infer<typeof feedPollOutcomeSchema>;
