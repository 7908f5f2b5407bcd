import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';

/*
 * Test databases: one migrated template per test run, cloned for each test file, on PGlite
 * (always) and on a PostgreSQL server (when TEST_DATABASE_URL is set).
 */

export type TestEngine = 'pglite' | 'postgres';

export interface TestDatabaseTemplate {
  engine: TestEngine;
  /** PGlite: path of the dumped, migrated data directory. */
  pgliteDump?: string;
  /** PostgreSQL: server URL (any database on it) and the template database's name. */
  serverUrl?: string;
  templateName?: string;
}

/** Migrates an in-memory PGlite once and dumps it, so that each test file loads a copy. */
export async function createPgliteTemplate(dumpPath: string): Promise<TestDatabaseTemplate> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { engine: 'pglite', pgliteDump: dumpPath };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A run prefix keeps parallel runs (two developers, CI) on one server from meeting. */
export function newRunPrefix(): string {
  return `cv_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export async function createPostgresTemplate(
  serverUrl: string,
  runPrefix: string,
): Promise<TestDatabaseTemplate> {
  const templateName = `${runPrefix}_template`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${templateName}"`));
  const database = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, templateName),
    dataDir: '',
    poolSize: 2,
  });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return { engine: 'postgres', serverUrl, templateName };
}

/** Drops every database this run created, the template last. */
export async function dropPostgresRun(serverUrl: string, runPrefix: string): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname LIKE '%_template'`,
      [`${runPrefix}%`],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });
}

export interface TestDatabase {
  database: Database;
  /** For a PostgreSQL test database: its URL (e.g. to start a server process on it). */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh database for one test file, cloned from the run's template. */
export async function openTestDatabase(template: TestDatabaseTemplate): Promise<TestDatabase> {
  if (template.engine === 'pglite') {
    const dump = await readFile(template.pgliteDump!);
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
    return { database, dispose: () => database.close() };
  }
  const serverUrl = template.serverUrl!;
  const name = `${template.templateName!.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.templateName!}"`),
  );
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 5 });
  return {
    database,
    url,
    dispose: async () => {
      await database.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}
