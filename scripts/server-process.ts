import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

const COMPILED_SERVER = fileURLToPath(new URL('../apps/api/dist/main.js', import.meta.url));
const NPM_START = fileURLToPath(new URL('./start.mjs', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * How the server is started:
 * - `source`: the TypeScript source through tsx, which needs no build;
 * - `compiled`: the build's apps/api/dist/main.js, exactly what `npm run serve` and the Docker
 *   image run;
 * - `npm-start`: what `npm start` runs after its build (scripts/start.mjs, with its defaults for
 *   whatever the environment leaves unset), the way a newcomer first meets the product.
 * The last two need `npm run build` first.
 */
export type ServerEntry = 'source' | 'compiled' | 'npm-start';

/**
 * Starts the server in production mode (on a free port unless `env.PORT` says otherwise) and
 * resolves once it has said where it listens. Its log is kept to explain a failure to start.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { entry?: ServerEntry } = {},
): Promise<ServerProcess> {
  const { entry: kind = 'source' } = options;
  if (kind !== 'source' && !existsSync(COMPILED_SERVER)) {
    throw new Error(`${COMPILED_SERVER} is missing: run "npm run build" first.`);
  }
  const entry = {
    source: ['--import', 'tsx', 'apps/api/src/main.ts'],
    compiled: ['--enable-source-maps', COMPILED_SERVER],
    'npm-start': [NPM_START],
  }[kind];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
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
