import { startE2eServer } from './e2e-server.ts';
import { signInOperator } from './journeys.ts';

/**
 * One server shared by the browser tests that need none of their own (the `baseUrl` fixture),
 * started before any test and stopped after the last. Its operator is made here, before any
 * test signs up: whichever test comes first in a shuffled run, a test on this server that needs
 * the operator signs in with `signInOperator`.
 */
export default async function globalSetup() {
  const server = await startE2eServer();
  try {
    await signInOperator(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
