import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;

/** Another process that takes the lock, says so, and holds it until killed. */
async function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       lockDataDir(${JSON.stringify(dataDir)});
       process.stdout.write('locked\\n');
       setInterval(() => {}, 60_000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', () => resolve());
  });
  return child;
}

/** The pid of a process that has exited: what a crashed server leaves in its lock file. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(result.stdout.toString());
}

describe('the data directory lock', () => {
  let dataDir: string;
  const lockFile = () => join(dataDir, LOCK_FILE);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'complivue-lock-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the pid while held, refuses a second holder, and is gone once released', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);

    release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dataDir)();
  });

  it('refuses a directory another live process holds, naming it and what to do', async () => {
    const holder = await holdInAnotherProcess(dataDir);
    try {
      let refusal: unknown;
      try {
        lockDataDir(dataDir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as DataDirLockedError).pid).toBe(holder.pid);
      expect((refusal as Error).message).toContain(`in use by another process (pid ${holder.pid})`);
      expect((refusal as Error).message).toContain(lockFile());
      // The holder's lock is left as it was.
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // Killed without releasing: its lock is stale and is taken over.
    lockDataDir(dataDir)();
  });

  it('takes over a lock left by a process that died', () => {
    const pid = deadPid();
    writeFileSync(lockFile(), `${pid}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    expect(existsSync(`${lockFile()}.stale-${process.pid}`)).toBe(false);
    release();
  });

  it("takes over a lock with this process's own pid that this process does not hold", () => {
    // A container's server is pid 1 in every life: its lock from before a restart is stale.
    writeFileSync(lockFile(), `${process.pid}\n`);
    lockDataDir(dataDir)();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a lock file whose holder it cannot tell, rather than guess', () => {
    writeFileSync(lockFile(), '');
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });
});
