import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../scripts/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * One server for the whole browser run, on a fresh data directory: PostgreSQL (a new database)
 * when TEST_DATABASE_URL is set, else PGlite.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'complivue-e2e-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `cv_e2e_${Date.now().toString(36)}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (serverUrl) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    }
  };
}
