import { startE2eServer } from './e2e-server.ts';
import { fileServer, test as base } from './fixtures.ts';
import { seedDemoWorkspace } from './journeys.ts';

export interface DemoServer {
  url: string;
  members: Awaited<ReturnType<typeof seedDemoWorkspace>>;
}

/**
 * A server of the file's own with the demo workspace seeded: for journeys that leave traces
 * (comments, findings, adopted risks) the shared server's other files must not see.
 */
export function demoFileServer(extraEnv: Record<string, string> = {}) {
  return fileServer<DemoServer>(async () => {
    const server = await startE2eServer(extraEnv);
    try {
      const members = await seedDemoWorkspace(server.url);
      return { value: { url: server.url, members }, stop: () => server.stop() };
    } catch (error) {
      await server.stop();
      throw error;
    }
  });
}

/** The test of a file whose journeys run on its own demo workspace (`demo`). */
export const demoTest = base.extend<{ demo: DemoServer }>({ demo: demoFileServer() });
