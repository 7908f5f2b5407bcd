import type { Db } from '@complivue/db/database';
import { contactRequests } from '@complivue/db/schema/site';
import { CONTACT_TOPIC_LABELS } from '@complivue/shared/schemas/contact';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { contactRequestEmail } from '../../lib/email/templates.ts';
import type { Mailer } from '../../lib/email/mailer.ts';

/** A message is tried this many times (the job runs every minute) before it waits for a person. */
export const MAX_DELIVERY_ATTEMPTS = 20;
const LEASE_SECONDS = 120;

interface DeliveryOptions {
  db: Db;
  mailer: Mailer;
  /** The team's inbox (`CONTACT_EMAIL`); without one, messages stay stored for super admins. */
  contactEmail: string | undefined;
}

/**
 * Sends the team's copy of one stored message. The row is claimed with a short lease first, so
 * the request that stored it and the retry job (on any instance) never send it twice at once.
 */
export async function deliverContactRequest(
  options: DeliveryOptions & { id: string },
): Promise<'delivered' | 'failed' | 'skipped'> {
  const { db, mailer, contactEmail, id } = options;
  if (!contactEmail) return 'skipped';
  const [claimed] = await db
    .update(contactRequests)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      deliveryAttempts: sql`${contactRequests.deliveryAttempts} + 1`,
    })
    .where(
      and(
        eq(contactRequests.id, id),
        isNull(contactRequests.deliveredAt),
        or(isNull(contactRequests.claimedUntil), lt(contactRequests.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';
  try {
    await mailer.send(
      contactRequestEmail({
        to: contactEmail,
        request: { ...claimed, topic: CONTACT_TOPIC_LABELS[claimed.topic] },
        receivedAt: claimed.createdAt,
      }),
    );
  } catch (error) {
    await db
      .update(contactRequests)
      .set({ claimedUntil: null, lastDeliveryError: describe(error) })
      .where(eq(contactRequests.id, id));
    return 'failed';
  }
  await db
    .update(contactRequests)
    .set({ deliveredAt: sql`now()`, claimedUntil: null, lastDeliveryError: null })
    .where(eq(contactRequests.id, id));
  return 'delivered';
}

/** The retry job: every stored message not yet delivered, oldest first. */
export async function deliverPendingContactRequests(
  options: DeliveryOptions & { limit?: number },
): Promise<{ delivered: number; failed: number }> {
  if (!options.contactEmail) return { delivered: 0, failed: 0 };
  const pending = await options.db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(
      and(
        isNull(contactRequests.deliveredAt),
        lt(contactRequests.deliveryAttempts, MAX_DELIVERY_ATTEMPTS),
      ),
    )
    .orderBy(asc(contactRequests.createdAt))
    .limit(options.limit ?? 50);
  const counts = { delivered: 0, failed: 0 };
  for (const { id } of pending) {
    const outcome = await deliverContactRequest({ ...options, id });
    if (outcome === 'delivered') counts.delivered += 1;
    if (outcome === 'failed') counts.failed += 1;
  }
  return counts;
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
}
