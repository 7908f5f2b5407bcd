import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
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
    { entry: 'compiled' },
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

/** A port nothing listens on now, so that a restarted server can come back at the same address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The default deployment exactly as `npm start` runs it after its build: the compiled server on
 * PGlite in a data directory on disk, with nothing configured (the auth secret and the payment
 * sandbox are start.mjs's own defaults, whatever TEST_DATABASE_URL says). `restart` stops it and
 * starts it again on the same address and data directory, as an operator restarting the
 * machine would.
 */
export async function startDefaultDeployment() {
  const dataDir = await mkdtemp(join(tmpdir(), 'complivue-default-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    // Empty means unset (apps/api/src/env.ts, scripts/start.mjs): the defaults apply.
    DATABASE_URL: '',
    AUTH_SECRET: '',
    PAYMENTS_SANDBOX: '',
  };
  let server = await startServerProcess(env, { entry: 'npm-start' });
  const { url } = server;
  return {
    url,
    dataDir,
    async restart() {
      await server.stop();
      server = await startServerProcess(env, { entry: 'npm-start' });
      if (server.url !== url) throw new Error(`restarted at ${server.url}, not ${url}`);
    },
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
