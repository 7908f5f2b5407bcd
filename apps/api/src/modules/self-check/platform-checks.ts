import { randomBytes, randomUUID } from 'node:crypto';
import { queryRows, type Database } from '@complivue/db/database';
import { compareMigrations } from '@complivue/db/migrate';
import { emailOutbox } from '@complivue/db/schema/platform';
import { featureAccessMatrix } from '@complivue/db/schema/subscriptions';
import { featureMatrixRows } from '@complivue/db/seed';
import { desc, sql } from 'drizzle-orm';
import type { Mailer } from '../../lib/email/mailer.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import type { RealtimeBus } from '../../lib/realtime-bus.ts';
import { formatAge, plural, type CheckOutcome } from './check-runner.ts';

/** The service itself: nothing here reads or reveals an institution's records. */

export async function checkDatabase(database: Database): Promise<CheckOutcome> {
  const started = performance.now();
  await queryRows(database.db, sql`SELECT 1`);
  const ms = Math.round(performance.now() - started);
  const engine = database.engine === 'pglite' ? 'embedded PostgreSQL (PGlite)' : 'PostgreSQL';
  return {
    status: ms > 1000 ? 'warn' : 'pass',
    reason:
      ms > 1000
        ? `The database (${engine}) answered, but slowly: ${ms} ms for the simplest query.`
        : `The database (${engine}) answered in ${ms} ms.`,
  };
}

export async function checkMigrations(database: Database): Promise<CheckOutcome> {
  const { committed, pending, unknown } = await compareMigrations(database);
  if (pending.length > 0) {
    return {
      status: 'fail',
      reason: `${plural(pending.length, 'committed migration')} not applied: the database is older than this code. Restart the server; it applies them at start.`,
      details: pending.map((tag) => `Not applied: ${tag}`),
    };
  }
  if (unknown > 0) {
    return {
      status: 'warn',
      reason: `The database has ${plural(unknown, 'migration')} this server does not know: an instance is running older code than the database. Update every instance.`,
    };
  }
  return {
    status: 'pass',
    reason: `All ${committed.length} committed migrations are applied (latest ${committed.at(-1) ?? 'none'}).`,
  };
}

/** A real round trip: write a temporary object, read it back, compare, delete it, confirm. */
export async function checkStorage(storage: FileStorage): Promise<CheckOutcome> {
  const key = `self-check/${randomUUID()}.bin`;
  const payload = randomBytes(64);
  try {
    await storage.put(key, payload);
    const read = await storage.get(key);
    if (!read || !read.equals(payload)) {
      return {
        status: 'fail',
        reason:
          'A file was written but could not be read back intact: uploads and evidence are at risk.',
      };
    }
  } finally {
    await storage.delete(key);
  }
  if ((await storage.get(key)) !== null) {
    return {
      status: 'warn',
      reason:
        'Files are written and read, but a deleted file is still there: deletions (and institution deletion) may leave files behind.',
    };
  }
  return {
    status: 'pass',
    reason: 'A temporary file was written, read back intact and deleted.',
  };
}

/**
 * A real round trip across the bus: listen on a private address no member has, publish, and
 * wait for the event to come back (through LISTEN/NOTIFY on PostgreSQL). The caller's timeout
 * bounds the wait.
 */
export async function checkRealtime(
  realtime: RealtimeBus,
  options: { waitMs: number },
): Promise<CheckOutcome> {
  const address = `self-check:${randomUUID()}`;
  const id = randomUUID();
  const started = performance.now();
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  try {
    const received = await new Promise<boolean>((resolve, reject) => {
      unsubscribe = realtime.subscribe(address, (event) => {
        if (event.id === id) resolve(true);
      });
      timer = setTimeout(() => resolve(false), options.waitMs);
      realtime.publish({ userId: address, kind: 'notification', id }).catch(reject);
    });
    const ms = Math.round(performance.now() - started);
    if (!received) {
      return {
        status: 'fail',
        reason: `An event published on the realtime bus did not come back within ${options.waitMs / 1000} seconds: notifications will not appear until a page is reloaded.`,
      };
    }
    return {
      status: 'pass',
      reason: `An event went across the realtime bus and back in ${ms} ms.`,
    };
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

export async function checkEmail(options: {
  mailer: Mailer;
  database: Database;
  now: Date;
  /** The operator sees the transport's own error text (it may name a recipient). */
  revealErrors: boolean;
}): Promise<CheckOutcome> {
  const { mailer, now } = options;
  const last = mailer.lastDelivery?.() ?? null;
  if (mailer.mode === 'outbox') {
    const details: string[] = [];
    if (options.revealErrors) {
      const [newest] = await options.database.db
        .select({ createdAt: emailOutbox.createdAt })
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      details.push(
        newest
          ? `Newest message in the outbox: ${formatAge(newest.createdAt, now)}.`
          : 'The outbox is empty.',
      );
    }
    if (last && !last.ok)
      details.push(`The last message could not be kept ${formatAge(last.at, now)}.`);
    return {
      status: last && !last.ok ? 'fail' : 'warn',
      reason:
        'No email server is configured (SMTP_URL): messages are kept in the outbox instead of being sent, so members receive no invitations, password resets, reminders or digests.',
      details,
    };
  }
  const details: string[] = [];
  if (last) {
    details.push(
      last.ok
        ? `Last message sent ${formatAge(last.at, now)} by this server.`
        : `The last message failed ${formatAge(last.at, now)}${options.revealErrors && last.error ? `: ${last.error}` : '.'}`,
    );
  } else {
    details.push('This server has sent no message since it started.');
  }
  try {
    await mailer.verify?.();
  } catch (error) {
    if (options.revealErrors && error instanceof Error) details.push(error.message);
    return {
      status: 'fail',
      reason:
        'The email server (SMTP) refused the connection or the login: no email is being delivered.',
      details,
    };
  }
  if (last && !last.ok) {
    return {
      status: 'warn',
      reason:
        'The email server (SMTP) answers now, but the last message this server tried to send failed.',
      details,
    };
  }
  return {
    status: 'pass',
    reason: 'Emails are sent through SMTP; the server accepted a connection and login just now.',
    details,
  };
}

/** The plan → feature matrix the database enforces against the one in packages/shared. */
export async function checkFeatureMatrix(database: Database): Promise<CheckOutcome> {
  const rows = await database.db
    .select({
      planName: featureAccessMatrix.planName,
      featureName: featureAccessMatrix.featureName,
      hasAccess: featureAccessMatrix.hasAccess,
    })
    .from(featureAccessMatrix);
  const stored = new Map(
    rows.map((row) => [`${row.planName} · ${row.featureName}`, row.hasAccess]),
  );
  const differences: string[] = [];
  const expected = featureMatrixRows();
  for (const row of expected) {
    const key = `${row.planName} · ${row.featureName}`;
    const actual = stored.get(key);
    stored.delete(key);
    if (actual === undefined) {
      differences.push(
        `${key}: missing from the database (code: ${row.hasAccess ? 'granted' : 'not granted'})`,
      );
    } else if (actual !== row.hasAccess) {
      differences.push(
        `${key}: the database ${actual ? 'grants' : 'does not grant'} it, the code ${row.hasAccess ? 'grants' : 'does not grant'} it`,
      );
    }
  }
  for (const key of stored.keys()) differences.push(`${key}: in the database only`);
  if (differences.length > 0) {
    return {
      status: 'fail',
      reason: `The feature access enforced by the database differs from the plans as published in ${plural(differences.length, 'place')}. The server rewrites the matrix from code at its next start.`,
      details: differences,
    };
  }
  return {
    status: 'pass',
    reason: `The database's plan → feature matrix equals the one in code (${expected.length} entries).`,
  };
}
