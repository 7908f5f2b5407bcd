import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the production server (`npm run serve`'s entry point) on a free port and resolves once
 * it has said where it listens. Its log is kept to explain a failure to start.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail('did not start within 90 s'), 90_000);
    function fail(reason: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`The server ${reason}.\n${log.join('\n')}`));
    }
    child.once('exit', (code) => fail(`exited with code ${code}`));
    createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log.push(line);
      const entry = parseJson(line);
      if (entry?.msg === 'Complivue is listening' && typeof entry.url === 'string') {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(entry.url);
      }
    });
  });
  return { url, stop: () => stopChild(child) };
}

function parseJson(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
