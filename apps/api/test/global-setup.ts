import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPgliteTemplate,
  createPostgresTemplate,
  dropPostgresRun,
  newRunPrefix,
  type TestDatabaseTemplate,
} from '@complivue/db/testing/test-databases';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TestDatabaseTemplate;
  }
}

/**
 * Builds the run's migrated template database for this project's engine (the `TEST_ENGINE`
 * of the project), and removes it when the run ends.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  if (engine === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const runPrefix = newRunPrefix();
    project.provide('databaseTemplate', await createPostgresTemplate(serverUrl, runPrefix));
    return () => dropPostgresRun(serverUrl, runPrefix);
  }
  const dir = await mkdtemp(join(tmpdir(), 'complivue-test-'));
  project.provide('databaseTemplate', await createPgliteTemplate(join(dir, 'template.tar')));
  return () => rm(dir, { recursive: true, force: true });
}
