import { queryRows, type Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { digestDeliveries } from '@complivue/db/schema/feeds';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { decideAccess, PAGE_ACCESS } from '@complivue/shared/access';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FEED_DOCUMENT_TYPE_LABELS,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';
import type { NotificationPriority } from '@complivue/shared/schemas/notifications';
import {
  isTimeZone,
  NOTIFICATION_CATEGORIES,
  resolveNotificationPreferences,
  type NotificationCategory,
} from '@complivue/shared/schemas/profile';
import { and, desc, eq, gt, inArray, isNotNull, like, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { digestEmail, type DigestUpdate } from '../../lib/email/templates.ts';
import type { Mailer } from '../../lib/email/mailer.ts';
import {
  findCompanySubscription,
  type SubscriptionRow,
} from '../subscriptions/company-subscription.ts';
import { feedItemPath } from './feed-alerts.ts';
import { visibleToCompany } from './feed-items-visibility.ts';

export type DigestKind = 'daily' | 'weekly';

export interface DigestDependencies {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
}

/** Digests go out from 7 a.m. in the member's time zone (their profile's, else US Eastern). */
export const DIGEST_SEND_HOUR = 7;
export const DIGEST_DEFAULT_TIME_ZONE = 'America/New_York';
/** At most this many notifications are listed; the rest are counted with a link. */
export const DIGEST_MAX_NOTIFICATIONS = 30;
export const DIGEST_MAX_UPDATES = 10;
/** Updates at least this relevant, that did not match the watchlist (those were notified). */
export const DIGEST_MIN_RELEVANCE = 40;
/** Items published this long before the previous digest are backfill, not news. */
const UPDATE_LOOKBACK_DAYS = 7;

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function localParts(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    /** 1 = Monday … 7 = Sunday. */
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
  };
}

/** ISO 8601 week of a calendar day: "2026-W47". */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same week decides the year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The digest period due at `now` in the member's time zone, or null when none is due yet: a
 * daily digest per local day from 7 a.m., a weekly one per ISO week from Monday 7 a.m. (a later
 * run of the same week still sends it, so a server that was down on Monday catches up).
 */
export function duePeriod(kind: DigestKind, now: Date, timeZone: string): string | null {
  const local = localParts(now, timeZone);
  if (kind === 'daily') return local.hour >= DIGEST_SEND_HOUR ? `daily:${local.date}` : null;
  if (local.weekday === 1 && local.hour < DIGEST_SEND_HOUR) return null;
  return `weekly:${isoWeek(local.date)}`;
}

interface Member {
  userId: string;
  email: string;
  fullName: string | null;
  timezone: string | null;
  role: (typeof userProfiles.$inferSelect)['role'];
  companyId: string;
  preferences: unknown;
  companyDefaults: unknown;
}

interface UpdateRow {
  id: string;
  title: string;
  document_type: FeedDocumentType;
  areas: RegulationArea[];
  score: number;
}

/**
 * Other relevant updates first seen since the previous digest: scored at least 40 for the
 * company and not on its watchlist (watchlist matches were notified, so they are listed with the
 * notifications). Bounded by the sort index: publication dates up to a week before `since`.
 */
async function findRelevantUpdates(
  db: Db,
  companyId: string,
  since: Date,
  now: Date,
): Promise<UpdateRow[]> {
  return queryRows<UpdateRow>(
    db,
    sql`SELECT feed_items.id, feed_items.title, feed_items.document_type, feed_items.areas, rel.score
        FROM feed_items
        JOIN feed_item_relevance rel ON rel.company_id = ${companyId} AND rel.item_id = feed_items.id
        WHERE feed_items.sort_at > ${new Date(since.getTime() - UPDATE_LOOKBACK_DAYS * DAY_MS)}
          AND feed_items.first_seen_at > ${since} AND feed_items.first_seen_at <= ${now}
          AND rel.score >= ${DIGEST_MIN_RELEVANCE} AND NOT rel.watchlist_match
          AND ${visibleToCompany(companyId)}
        ORDER BY rel.score DESC, feed_items.sort_at DESC
        LIMIT ${DIGEST_MAX_UPDATES}`,
  );
}

/**
 * One run of the digest job (hourly): every active member who chose a daily or weekly digest
 * and whose period is due gets, once per period, what they were not emailed at once — their
 * notifications of the categories they want by email since their previous digest — and the
 * other relevant regulatory updates of the period. Nothing to report: no email (and the period
 * stays open, so something arriving later that day is still sent). The period is claimed by
 * inserting its digest_deliveries row before sending; the instance whose insert wins sends, so
 * two API instances never send it twice. A failed send releases the claim for the next run.
 */
export async function sendDueDigests(
  deps: DigestDependencies,
  now: Date = new Date(),
): Promise<{ sent: number }> {
  const { db } = deps;
  const members: Member[] = await db
    .select({
      userId: userProfiles.userId,
      email: userProfiles.email,
      fullName: userProfiles.fullName,
      timezone: userProfiles.timezone,
      role: userProfiles.role,
      companyId: companies.id,
      preferences: userProfiles.notificationPreferences,
      companyDefaults: companies.notificationDefaults,
    })
    .from(userProfiles)
    .innerJoin(companies, eq(companies.id, userProfiles.companyId))
    .where(and(eq(userProfiles.status, 'active'), isNotNull(userProfiles.companyId)));

  const subscriptions = new Map<string, Promise<SubscriptionRow | null>>();
  const subscriptionOf = (companyId: string) => {
    if (!subscriptions.has(companyId))
      subscriptions.set(companyId, findCompanySubscription(db, companyId));
    return subscriptions.get(companyId)!;
  };

  let sent = 0;
  for (const member of members) {
    const preferences = resolveNotificationPreferences(member.preferences, member.companyDefaults);
    const kind = preferences.email_digest;
    if (kind === 'off') continue;
    const categories = NOTIFICATION_CATEGORIES.filter(
      (category) => preferences.categories[category].email,
    );
    if (categories.length === 0) continue;
    const timeZone =
      member.timezone && isTimeZone(member.timezone) ? member.timezone : DIGEST_DEFAULT_TIME_ZONE;
    const period = duePeriod(kind, now, timeZone);
    if (!period) continue;
    try {
      if (await sendDigest(deps, { member, kind, period, categories, now, subscriptionOf })) {
        sent += 1;
      }
    } catch (error) {
      deps.log.error({ err: error, userId: member.userId, period }, 'digest failed');
    }
  }
  return { sent };
}

async function sendDigest(
  deps: DigestDependencies,
  options: {
    member: Member;
    kind: DigestKind;
    period: string;
    categories: NotificationCategory[];
    now: Date;
    subscriptionOf: (companyId: string) => Promise<SubscriptionRow | null>;
  },
): Promise<boolean> {
  const { db } = deps;
  const { member, kind, period, categories, now } = options;
  const [previous] = await db
    .select({ period: digestDeliveries.period, sentAt: digestDeliveries.sentAt })
    .from(digestDeliveries)
    .where(
      and(eq(digestDeliveries.userId, member.userId), like(digestDeliveries.period, `${kind}:%`)),
    )
    .orderBy(desc(digestDeliveries.sentAt))
    .limit(1);
  if (previous?.period === period) return false;
  const since = previous?.sentAt ?? new Date(now.getTime() - (kind === 'daily' ? 1 : 7) * DAY_MS);

  const listed = await db
    .select({
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      priority: notifications.priority,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, member.userId),
        gt(notifications.createdAt, since),
        lte(notifications.createdAt, now),
        inArray(notifications.category, categories),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(DIGEST_MAX_NOTIFICATIONS + 1);
  const more = listed.length > DIGEST_MAX_NOTIFICATIONS;
  const shown = listed.slice(0, DIGEST_MAX_NOTIFICATIONS);
  let moreCount = 0;
  if (more) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, member.userId),
          gt(notifications.createdAt, since),
          lte(notifications.createdAt, now),
          inArray(notifications.category, categories),
        ),
      );
    moreCount = (row?.total ?? shown.length) - shown.length;
  }

  let updates: UpdateRow[] = [];
  if (categories.includes('regulatory_updates')) {
    const subscription = await options.subscriptionOf(member.companyId);
    const canRead = decideAccess(PAGE_ACCESS['/regulatory-feeds']!, {
      role: member.role,
      subscription,
      now,
    }).allowed;
    if (canRead) updates = await findRelevantUpdates(db, member.companyId, since, now);
  }
  if (shown.length === 0 && updates.length === 0) return false;

  const claimed = await db
    .insert(digestDeliveries)
    .values({
      userId: member.userId,
      period,
      itemCount: shown.length + moreCount + updates.length,
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning({ period: digestDeliveries.period });
  if (claimed.length === 0) return false;

  const url = (path: string) => new URL(path, deps.appUrl).toString();
  const digestUpdates: DigestUpdate[] = updates.map((update) => ({
    title: update.title,
    kind: [
      FEED_DOCUMENT_TYPE_LABELS[update.document_type],
      update.areas.map((area) => REGULATION_AREA_INFO[area].tag).join(', '),
    ]
      .filter(Boolean)
      .join(' · '),
    url: url(feedItemPath(update.id)),
    score: update.score,
  }));
  try {
    await deps.mailer.send(
      digestEmail({
        to: member.email,
        name: member.fullName ?? member.email.split('@')[0] ?? 'there',
        kind,
        since,
        notifications: shown.map((item) => ({
          title: item.title,
          body: item.body,
          url: item.link ? url(item.link) : null,
          priority: item.priority as NotificationPriority,
          createdAt: item.createdAt,
          read: item.readAt !== null,
        })),
        moreNotifications: moreCount,
        updates: digestUpdates,
        notificationsUrl: url('/notifications'),
        feedsUrl: url('/regulatory-feeds'),
        profileUrl: url('/profile'),
      }),
    );
  } catch (error) {
    // Not sent: the claim is released so that the next run tries again.
    await db
      .delete(digestDeliveries)
      .where(and(eq(digestDeliveries.userId, member.userId), eq(digestDeliveries.period, period)));
    throw error;
  }
  return true;
}
