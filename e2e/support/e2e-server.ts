import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServerProcess } from '../../scripts/server-process.ts';

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
 * The production build (the compiled server and the built web app), started as a real server
 * process on a fresh data directory: on a new PostgreSQL database when TEST_DATABASE_URL is set,
 * else on PGlite.
 */
export async function startE2eServer(extraEnv: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'complivue-e2e-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `cv_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      // The browser tests pay through the sandbox, as an operator's demo would.
      PAYMENTS_SANDBOX: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extraEnv,
    },
    { compiled: true },
  );
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (serverUrl) {
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      }
    },
  };
}
