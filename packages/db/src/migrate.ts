import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { queryRows, type Database } from './database.ts';
import { loadLibraryContent } from './library/load-library.ts';
import { seedReferenceData } from './seed.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed number: all instances of the app agree on it, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_411_001;

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

let journal: Journal | undefined;

/** The committed list of migrations; it cannot change while the process runs. */
function readJournal(): Journal {
  journal ??= JSON.parse(
    readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8'),
  ) as Journal;
  return journal;
}

/**
 * Applies the committed migrations, seeds reference data and loads the library's content.
 * Idempotent; on PostgreSQL it holds an advisory lock so that several API instances starting
 * together do it once.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const seed = async () => {
    await seedReferenceData(database.db);
    await loadLibraryContent(database.db);
  };
  if (database.pglite) {
    const db = drizzlePglite({ client: database.pglite }) as PgliteDatabase;
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seed();
  } else if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePostgres(drizzleNodePostgres({ client }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
      await seed();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }
}

export interface MigrationStatus {
  applied: number;
  latest: string | null;
}

export async function getMigrationStatus(database: Database): Promise<MigrationStatus> {
  const rows = await queryRows<{ created_at: string }>(
    database.db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  const appliedAt = new Set(rows.map((row) => Number(row.created_at)));
  const applied = readJournal().entries.filter((entry) => appliedAt.has(entry.when));
  return { applied: appliedAt.size, latest: applied.at(-1)?.tag ?? null };
}

export interface MigrationComparison {
  /** Tags of the committed migrations, in order. */
  committed: string[];
  /** Committed migrations the database has not applied. */
  pending: string[];
  /** Applied migrations this code does not know (the database was migrated by newer code). */
  unknown: number;
}

/** The committed set against what the database applied (the self-check reads it). */
export async function compareMigrations(database: Database): Promise<MigrationComparison> {
  const rows = await queryRows<{ created_at: string }>(
    database.db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
  );
  const appliedAt = new Set(rows.map((row) => Number(row.created_at)));
  const entries = readJournal().entries;
  const known = new Set(entries.map((entry) => entry.when));
  return {
    committed: entries.map((entry) => entry.tag),
    pending: entries.filter((entry) => !appliedAt.has(entry.when)).map((entry) => entry.tag),
    unknown: [...appliedAt].filter((when) => !known.has(when)).length,
  };
}
