import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * PGlite is PostgreSQL running inside one process, with no server to arbitrate between two: a
 * second process that opens the same data directory (`npm run seed:demo` while the server runs)
 * works on its own copy in memory, reports success, and one of the two overwrites the other's
 * writes. So a data directory is held by one process at a time, through a lock file holding the
 * holder's pid.
 */
export const LOCK_FILE = 'complivue.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process` +
        `${pid === undefined ? '' : ` (pid ${pid})`}, most likely the running Complivue server: ` +
        `PGlite lets one process at a time open it. If no such process runs, delete ` +
        `${join(dataDir, LOCK_FILE)} and try again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

// Directories this process holds: a second open in the same process is refused too (the lock
// file's pid alone cannot tell it from a stale lock left by an earlier life with the same pid).
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A lock whose holder is gone; our own pid not held here is a previous life (a container's pid 1). */
function isStale(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  return pid === process.pid || !isAlive(pid);
}

/**
 * Takes the data directory's lock or throws `DataDirLockedError`. The lock file is created with
 * O_EXCL, so of two processes starting together exactly one gets it. A lock left by a process
 * that died is taken over: it is first renamed away (only one contender can rename it), and put
 * back if what was renamed turns out to be a live holder's fresh lock. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid);
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(dir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(dir);
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = readPid(file);
    if (!isStale(pid)) throw new DataDirLockedError(dir, pid);
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      // Another process took it over first: try again against its lock.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const renamedPid = readPid(aside);
    if (!isStale(renamedPid)) {
      renameSync(aside, file);
      throw new DataDirLockedError(dir, renamedPid);
    }
    rmSync(aside, { force: true });
  }
  throw new DataDirLockedError(dir, readPid(file));
}
