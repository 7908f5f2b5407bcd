import { queryRows, type Db } from '@complivue/db/database';
import { emailDeliveries } from '@complivue/db/schema/platform';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { EmailMessage, Mailer } from './mailer.ts';

/** After this many failed attempts (about a day with the back-off below) a message is given up. */
export const MAX_EMAIL_ATTEMPTS = 12;
/** How long one instance holds a message it is sending before another may try it. */
const LEASE_SECONDS = 120;

export interface EmailQueueDependencies {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

interface QueuedRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** Minutes to wait after the n-th failure: 1, 2, 4 … capped at four hours. */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 240);
}

/** Keeps the message for delivery; the caller does not wait for the mail server. */
export async function queueEmail(db: Db, message: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(emailDeliveries)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html })
    .returning({ id: emailDeliveries.id });
  return row!.id;
}

/** Sends the claimed rows one by one, recording each outcome. */
async function sendClaimed(deps: EmailQueueDependencies, rows: QueuedRow[]): Promise<number> {
  let sent = 0;
  for (const row of rows) {
    try {
      await deps.mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await deps.db.execute(sql`UPDATE email_deliveries
        SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL
        WHERE id = ${row.id}`);
      sent += 1;
    } catch (error) {
      const attempts = row.attempts;
      const giveUp = attempts >= MAX_EMAIL_ATTEMPTS;
      deps.log.error({ err: error, deliveryId: row.id, attempts, giveUp }, 'email not delivered');
      await deps.db.execute(sql`UPDATE email_deliveries
        SET status = ${giveUp ? 'failed' : 'pending'},
            next_attempt_at = now() + make_interval(mins => ${retryDelayMinutes(attempts)}),
            lease_until = NULL,
            last_error = ${error instanceof Error ? error.message.slice(0, 500) : 'unknown error'}
        WHERE id = ${row.id}`);
    }
  }
  return sent;
}

const claimColumns = sql`id, "to", subject, text, html, attempts`;

/** The first attempt for one message, right after it was queued (run in the background). */
export async function deliverQueuedEmail(deps: EmailQueueDependencies, id: string): Promise<void> {
  const rows = await queryRows<QueuedRow>(
    deps.db,
    sql`UPDATE email_deliveries
      SET attempts = attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id = ${id} AND status = 'pending' AND (lease_until IS NULL OR lease_until < now())
      RETURNING ${claimColumns}`,
  );
  await sendClaimed(deps, rows);
}

/**
 * Retries every message that is due (the job's work). Each row is claimed with a lease in one
 * statement, so two instances running the job never send the same message twice.
 */
export async function deliverDueEmails(deps: EmailQueueDependencies): Promise<number> {
  const rows = await queryRows<QueuedRow>(
    deps.db,
    sql`UPDATE email_deliveries
      SET attempts = attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id IN (
        SELECT id FROM email_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at
        LIMIT 50
        FOR UPDATE SKIP LOCKED)
      RETURNING ${claimColumns}`,
  );
  return sendClaimed(deps, rows);
}

/** Queues a message and starts its first attempt without waiting for it. */
export async function sendInBackground(
  deps: EmailQueueDependencies,
  message: EmailMessage,
): Promise<void> {
  const id = await queueEmail(deps.db, message);
  deliverQueuedEmail(deps, id).catch((error: unknown) =>
    deps.log.error({ err: error, deliveryId: id }, 'email delivery attempt failed'),
  );
}
