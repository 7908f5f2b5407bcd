import { queryRows, type Db } from '@complivue/db/database';
import { feedSources } from '@complivue/db/schema/feeds';
import type { FeedFormat } from '@complivue/shared/regulatory-monitoring';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import type { NotifyDependencies } from '../notifications/notify.ts';
import { onNewFeedItems } from './feed-alerts.ts';
import { fetchFeed, FeedFetchError, type FeedFetchOptions } from './feed-fetch.ts';
import { ingestFeedItems } from './feed-ingest.ts';
import { FeedParseError, parseFeedDocument } from './feed-parsers.ts';

/**
 * The poll job: every minute, each instance leases the sources that are due (enabled, not
 * removed, next_poll_at passed, no live lease) with `FOR UPDATE SKIP LOCKED`, so two instances
 * never poll one source at once, and polls them a few at a time. One source's failure is
 * recorded on that source (status failing, the reason in words, exponential back-off) and
 * never stops the others, never touches stored items, and never makes the job throw.
 */

/** Longer than a poll can take (fetch deadline, parse, store), so a lease outlives its poll. */
const LEASE_MINUTES = 10;
const MAX_BACKOFF_MINUTES = 24 * 60;
/** Sources due in one run, and polled at the same time within it. */
const BATCH_SIZE = 20;
const CONCURRENCY = 4;

export interface FeedPollDependencies {
  db: Db;
  log: FastifyBaseLogger;
  /** For onNewFeedItems (alerts); the ingestion itself needs only the database. */
  notify: NotifyDependencies;
  fetch?: FeedFetchOptions;
  /** The clock (tests pass their own). */
  now?: () => Date;
  /** Another fetcher (tests of the job's bookkeeping). */
  fetchFeed?: typeof fetchFeed;
}

/** How the server fetches feeds, from its configuration. */
export function feedFetchOptions(env: Env): FeedFetchOptions {
  const allowPrivate =
    env.FEED_ALLOW_PRIVATE_ADDRESSES ?? (env.NODE_ENV === 'production' ? 'false' : 'true');
  return {
    blockPrivateAddresses: allowPrivate !== 'true',
    userAgent: `Complivue-FeedReader/1.0 (+${env.APP_URL})`,
  };
}

/** The wait after `failures` failures in a row: the interval doubled each time, at most a day. */
export function backoffMinutes(intervalMinutes: number, failures: number): number {
  return Math.min(intervalMinutes * 2 ** Math.min(failures, 20), MAX_BACKOFF_MINUTES);
}

export interface LeasedSource {
  id: string;
  companyId: string | null;
  name: string;
  url: string;
  format: FeedFormat;
  agency: string | null;
  pollIntervalMinutes: number;
  consecutiveFailures: number;
  etag: string | null;
  lastModified: string | null;
}

export interface PollOutcome {
  sourceId: string;
  status: 'ok' | 'not_modified' | 'failed';
  itemsSeen: number;
  newItems: number;
  skipped: number;
  error: string | null;
}

interface LeaseRow {
  id: string;
  company_id: string | null;
  name: string;
  url: string;
  format: FeedFormat;
  agency: string | null;
  poll_interval_minutes: number;
  consecutive_failures: number;
  etag: string | null;
  last_modified: string | null;
}

const toLeased = (row: LeaseRow): LeasedSource => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  url: row.url,
  format: row.format,
  agency: row.agency,
  pollIntervalMinutes: row.poll_interval_minutes,
  consecutiveFailures: row.consecutive_failures,
  etag: row.etag,
  lastModified: row.last_modified,
});

const RETURNING = sql`RETURNING id, company_id, name, url, format, agency, poll_interval_minutes,
  consecutive_failures, etag, last_modified`;

/**
 * Leases up to `limit` due sources. The shared sources (every company reads them) come first;
 * then the companies' own sources take turns, each company's most overdue first, so that one
 * institution with many sources cannot keep the others' from being polled. The due conditions
 * are repeated on the locked rows: a row another instance leased meanwhile is re-checked and
 * left out.
 */
export async function leaseDueSources(db: Db, now: Date, limit = BATCH_SIZE) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = (alias: 'cand' | 'fs') => {
    const column = (name: string) => sql.raw(`${alias}.${name}`);
    return sql`${column('enabled')} AND ${column('deleted_at')} IS NULL
      AND ${column('next_poll_at')} <= ${at}
      AND (${column('leased_until')} IS NULL OR ${column('leased_until')} < ${at})`;
  };
  const rows = await queryRows<LeaseRow>(
    db,
    sql`UPDATE feed_sources SET leased_until = ${at} + make_interval(mins => ${LEASE_MINUTES})
      WHERE id IN (
        SELECT fs.id FROM feed_sources fs
        JOIN (
          SELECT id, company_id IS NOT NULL AS own, next_poll_at,
            row_number() OVER (PARTITION BY company_id ORDER BY next_poll_at, id) AS turn
          FROM feed_sources cand WHERE ${due('cand')}) queue ON queue.id = fs.id
        WHERE ${due('fs')}
        ORDER BY queue.own, queue.turn, queue.next_poll_at, fs.id
        LIMIT ${limit}
        FOR UPDATE OF fs SKIP LOCKED)
      ${RETURNING}`,
  );
  return rows.map(toLeased);
}

/** Leases one source for "Poll now" (enabled or not); null while another poll holds it. */
export async function leaseSource(db: Db, sourceId: string, now: Date) {
  const rows = await queryRows<LeaseRow>(
    db,
    sql`UPDATE feed_sources SET leased_until = ${now.toISOString()}::timestamptz + make_interval(mins => ${LEASE_MINUTES})
      WHERE id = ${sourceId} AND deleted_at IS NULL
        AND (leased_until IS NULL OR leased_until < ${now.toISOString()}::timestamptz)
      ${RETURNING}`,
  );
  return rows[0] ? toLeased(rows[0]) : null;
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

function describeFailure(error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof FeedParseError) return error.message;
  // Anything else is ours (the database, a bug): say so without internals.
  return 'The items could not be stored (an internal error); the next poll will try again.';
}

/**
 * Polls one leased source and records the outcome on it. Never throws: a failure becomes the
 * source's status and last error.
 */
export async function pollLeasedSource(
  deps: FeedPollDependencies,
  source: LeasedSource,
): Promise<PollOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const fetcher = deps.fetchFeed ?? fetchFeed;
  const outcome: PollOutcome = {
    sourceId: source.id,
    status: 'failed',
    itemsSeen: 0,
    newItems: 0,
    skipped: 0,
    error: null,
  };
  /**
   * Items this source carried for the first time: new ones, and ones already stored from a
   * company's own source that now reach every company through this one (onNewFeedItems is
   * idempotent: an item already announced to a company is not announced again).
   */
  let linkedItemIds: string[];
  try {
    const fetched = await fetcher({
      ...deps.fetch,
      url: source.url,
      format: source.format,
      etag: source.etag,
      lastModified: source.lastModified,
    });
    if (fetched.status === 'not_modified') {
      outcome.status = 'not_modified';
      await deps.db
        .update(feedSources)
        .set({
          status: 'ok',
          lastError: null,
          consecutiveFailures: 0,
          lastPolledAt: now,
          lastSuccessAt: now,
          nextPollAt: addMinutes(now, source.pollIntervalMinutes),
          leasedUntil: null,
        })
        .where(eq(feedSources.id, source.id));
      return outcome;
    }
    const parsed = parseFeedDocument(source.format, fetched.body, {
      baseUrl: fetched.url,
      charset: fetched.charset,
    });
    const stored = await ingestFeedItems(deps.db, {
      source: { id: source.id, companyId: source.companyId, agency: source.agency },
      items: parsed.items,
      now,
    });
    linkedItemIds = stored.linkedItemIds;
    Object.assign(outcome, {
      status: 'ok',
      itemsSeen: stored.itemsSeen,
      newItems: stored.newItemIds.length,
      skipped: parsed.skipped,
    });
    await deps.db
      .update(feedSources)
      .set({
        status: 'ok',
        lastError: null,
        consecutiveFailures: 0,
        // Validators only from a document that was read and stored: after a failure the next
        // poll must fetch it whole again, not be told "not modified".
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        lastPolledAt: now,
        lastSuccessAt: now,
        nextPollAt: addMinutes(now, source.pollIntervalMinutes),
        leasedUntil: null,
      })
      .where(eq(feedSources.id, source.id));
  } catch (error) {
    outcome.status = 'failed';
    outcome.error = describeFailure(error);
    const failures = source.consecutiveFailures + 1;
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) {
      deps.log.error({ err: error, sourceId: source.id }, 'feed poll failed unexpectedly');
    } else {
      // The detail (an internal address a name resolved to) is for the log, never the source.
      const detail = error instanceof FeedFetchError ? error.detail : undefined;
      if (failures === 1 || detail) {
        deps.log.warn(
          { sourceId: source.id, reason: outcome.error, ...(detail ? { detail } : {}) },
          'feed source failing',
        );
      }
    }
    await deps.db
      .update(feedSources)
      .set({
        status: 'failing',
        lastError: outcome.error,
        consecutiveFailures: failures,
        lastPolledAt: now,
        nextPollAt: addMinutes(now, backoffMinutes(source.pollIntervalMinutes, failures)),
        leasedUntil: null,
      })
      .where(eq(feedSources.id, source.id))
      .catch((updateError: unknown) =>
        deps.log.error({ err: updateError, sourceId: source.id }, 'feed source status not saved'),
      );
    return outcome;
  }
  if (linkedItemIds.length > 0) {
    // After the commit; alerts failing must not mark the source failing (its items are stored).
    await onNewFeedItems(deps.notify, linkedItemIds).catch((error: unknown) =>
      deps.log.error({ err: error, sourceId: source.id }, 'feed alerts failed'),
    );
  }
  return outcome;
}

/** The job: polls every due source (see the module comment). Never throws. */
export async function pollDueFeedSources(
  deps: FeedPollDependencies,
): Promise<{ polled: number; failed: number; newItems: number }> {
  const summary = { polled: 0, failed: 0, newItems: 0 };
  let sources: LeasedSource[];
  try {
    sources = await leaseDueSources(deps.db, (deps.now ?? (() => new Date()))());
  } catch (error) {
    deps.log.error({ err: error }, 'feed sources could not be leased');
    return summary;
  }
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const source = sources[next++]!;
      const outcome = await pollLeasedSource(deps, source);
      summary.polled += 1;
      if (outcome.status === 'failed') summary.failed += 1;
      summary.newItems += outcome.newItems;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sources.length) }, worker));
  return summary;
}
