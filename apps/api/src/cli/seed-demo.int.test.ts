import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE } from '@complivue/db/data-dir-lock';
import { openDatabase } from '@complivue/db/database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

const repoDir = fileURLToPath(new URL('../../../../', import.meta.url));

function runSeedDemo(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], {
    cwd: repoDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/**
 * The issue this guards against: `npm run seed:demo` while the server ran on PGlite exited 0 and
 * printed passwords, and its writes vanished at the next restart. The embedded engine only
 * (vitest.config.ts runs this file on PGlite).
 */
describe('seed:demo while the server holds the embedded database', () => {
  it('exits non-zero with what to do, prints no password, and leaves the server its database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'complivue-held-'));
    try {
      // What the server does at start.
      const server = await openDatabase({ dataDir });
      try {
        const result = await runSeedDemo({
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          NODE_ENV: 'development',
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(`in use by another process (pid ${process.pid})`);
        expect(result.stderr).toContain('Nothing was changed. Stop the server');
        expect(result.stderr).toContain("'Create the demo workspace'");
        expect(result.stderr).toContain('/database-setup');
        await expect(server.db.execute(sql`SELECT 1`)).resolves.toBeDefined();
      } finally {
        await server.close();
      }
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
