import type { TestProject } from 'vitest/node';
import { startE2eServer } from './e2e-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server shared by the browser tests that need no server of their own. */
export default async function setup(project: TestProject) {
  const server = await startE2eServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
