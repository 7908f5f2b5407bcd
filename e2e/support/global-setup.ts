import type { TestProject } from 'vitest/node';
import { startE2eServer } from './e2e-server.ts';
import { signInOperator } from './journeys.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * One server shared by the browser tests that need no server of their own. Its operator is
 * made here, before any file runs: whichever file comes first in a shuffled run, a test on this
 * server that needs the operator signs in with `signInOperator`.
 */
export default async function setup(project: TestProject) {
  const server = await startE2eServer();
  try {
    await signInOperator(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
