import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '@complivue/db/testing/test-databases';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { parseEnv, type Env } from '../src/env.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['database']['db'];
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

/** Uploaded files of this test process go to a temporary directory, never the repository. */
const TEST_DATA_DIR = join(tmpdir(), `complivue-test-data-${process.pid}`);

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: TEST_DATA_DIR, ...overrides });
}

/** A fresh database for this test file, from the run's template. */
export function openFileDatabase(): Promise<TestDatabase> {
  return openTestDatabase(inject('databaseTemplate'));
}

/**
 * The real app on a fresh database. `extend` may register routes before the app is sealed
 * (to exercise shared plugins such as the error handler).
 */
export async function createTestApp(
  options: {
    extend?: (app: FastifyInstance) => void | Promise<void>;
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const testDatabase = await openFileDatabase();
  const app = await createApp({
    env: testEnv(options.env),
    database: testDatabase.database,
    logger: false,
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    db: testDatabase.database.db,
    testDatabase,
    close: async () => {
      await app.close();
      await testDatabase.dispose();
    },
  };
}
