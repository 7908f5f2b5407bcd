import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The query builder, the same type on both engines. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
  /** The underlying PGlite instance, when the engine is PGlite (tests clone it). */
  pglite?: PGlite;
  /** The pool, when the engine is PostgreSQL. */
  pool?: pg.Pool;
}

export interface DatabaseOptions {
  /** `postgres://…`: use that server. Unset: embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir: string;
  /** Start PGlite from a dumped data directory (the migrated test template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** Closing twice (a shutdown signal during a failing start, say) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  // A directory on disk is one process's at a time (data-dir-lock.ts); memory is never shared.
  let unlock = () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(inMemory ? {} : { dataDir }),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite: client,
    close: once(async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    }),
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    pool,
    close: once(() => pool.end()),
  };
}

/**
 * Rows of a raw SQL query. Both drivers answer with `{ rows }`; Drizzle's shared type cannot
 * say so, hence the one cast here rather than at every call.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Renders SQL the way both engines' query builders do (no casing option is used). */
const dialect = new PgDialect();

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses it once per connection, and once
 * a few runs show a generic plan costs no more than custom ones, stops planning it at every call. For a query that runs on
 * a hot path and costs more to plan than to run, such as the dashboard's many small subqueries.
 * The name is a digest of the SQL text, so each shape is prepared once and the values stay
 * parameters: the text must come from a small set of shapes, never with values written into it.
 * PGlite, in process, simply runs it.
 */
export async function queryPreparedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const rendered = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(rendered.sql).digest('base64url')}`;
  const prepared = db._.session.prepareQuery(rendered, undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * A raw SQL query whose values are `sql.placeholder`s, rendered once and prepared once per
 * database under `name`: for the hottest reads, where even rendering the SQL each time shows.
 */
export function preparedSql<Row>(
  name: string,
  build: () => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  // Rendered at the first call, not when the module loads: start-up does no query's work.
  let rendered: ReturnType<typeof dialect.sqlToQuery> | undefined;
  const prepared = preparedPerDatabase((db) =>
    db._.session.prepareQuery((rendered ??= dialect.sqlToQuery(build())), undefined, name, false),
  );
  return async (db, values) => {
    const result = (await prepared(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * A query built once per database and prepared under a name (Drizzle's `.prepare(name)`, its
 * values as `sql.placeholder`s): a hot query is neither rebuilt from the schema at every call
 * nor, on PostgreSQL, parsed again on a connection that has run it (nor planned again, once
 * PostgreSQL settles on a generic plan). `build` must always make
 * the same query under the same name.
 */
export function preparedPerDatabase<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const prepared = new WeakMap<Db, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/**
 * A connection of its own, outside the pool, for LISTEN: it stays open for the life of the
 * process, so it must neither hold a pool slot nor keep `pool.end()` waiting. PostgreSQL only.
 */
export async function connectListener(database: Database): Promise<pg.Client> {
  if (!database.pool) throw new Error('LISTEN needs the PostgreSQL engine');
  const client = new pg.Client({ connectionString: database.pool.options.connectionString });
  await client.connect();
  return client;
}
