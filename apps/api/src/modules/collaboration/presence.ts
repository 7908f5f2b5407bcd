import type { Db } from '@complivue/db/database';
import { memberPresence } from '@complivue/db/schema/collaboration';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { Presence } from '@complivue/shared/schemas/collaboration';
import { and, eq, gte, lt } from 'drizzle-orm';
import { memberName } from '../companies/members.ts';

/**
 * Who has the app open. Every signed-in page keeps one realtime stream (notifications); its
 * instance records the stream here when it opens, refreshes it with each heartbeat and removes
 * it when it closes. The table is shared, so every instance answers the same; a stream whose
 * instance died stops being refreshed and counts as gone after ONLINE_WINDOW_MS.
 */
export const ONLINE_WINDOW_MS = 60_000;

export async function markPresent(
  db: Db,
  stream: { streamId: string; companyId: string; userId: string },
  now: Date,
): Promise<void> {
  await db
    .insert(memberPresence)
    .values({ ...stream, seenAt: now })
    .onConflictDoUpdate({ target: memberPresence.streamId, set: { seenAt: now } });
}

export async function markGone(db: Db, streamId: string): Promise<void> {
  await db.delete(memberPresence).where(eq(memberPresence.streamId, streamId));
}

/** Active members with a stream seen in the last minute, by name; old rows are swept. */
export async function findOnline(db: Db, companyId: string, now: Date): Promise<Presence> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const [online] = await Promise.all([
    db
      .selectDistinct({ userId: userProfiles.userId, name: memberName })
      .from(memberPresence)
      .innerJoin(userProfiles, eq(userProfiles.userId, memberPresence.userId))
      .where(
        and(
          eq(memberPresence.companyId, companyId),
          gte(memberPresence.seenAt, since),
          eq(userProfiles.companyId, companyId),
          eq(userProfiles.status, 'active'),
        ),
      ),
    db
      .delete(memberPresence)
      .where(and(eq(memberPresence.companyId, companyId), lt(memberPresence.seenAt, since))),
  ]);
  return { online: online.sort((a, b) => a.name.localeCompare(b.name)) };
}
