import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentText, PolicyDocumentKind } from './policy-document.ts';

/**
 * The worker's file: its TypeScript source when the server runs from source (tsx, the tests;
 * Node strips the types), the built file next to the bundle in production (apps/api/build.ts
 * builds it as an entry of its own). `import.meta.filename` is not rewritten by the build, so it
 * tells the two apart.
 */
const WORKER_URL = import.meta.filename.endsWith('.ts')
  ? new URL('./policy-text.worker.ts', import.meta.url)
  : pathToFileURL(`${import.meta.dirname}/policy-text.worker.js`);

/** Reading a 100-page PDF takes a few seconds; a file still at it after this is refused. */
export const EXTRACTION_TIME_LIMIT_MS = 60_000;
/** The worker's JavaScript heap; PDF.js on a 25 MB file needs a fraction of it. */
const WORKER_HEAP_MB = 512;
/** Files read at once; the next waits, so that a burst of uploads cannot exhaust memory. */
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * The text of a policy file, read in a worker thread. A file the worker cannot finish (out of
 * memory, over the time limit, crashed) is `unreadable`, never a server error.
 */
export function extractPolicyText(
  data: Buffer,
  kind: PolicyDocumentKind,
  timeLimitMs = EXTRACTION_TIME_LIMIT_MS,
): Promise<DocumentText> {
  return withSlot(
    () =>
      new Promise<DocumentText>((resolve) => {
        const worker = new Worker(WORKER_URL, {
          workerData: { data: new Uint8Array(data), kind },
          resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
          stdout: true,
          stderr: true,
        });
        let settled = false;
        const settle = (result: DocumentText) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          resolve(result);
        };
        const timer = setTimeout(() => settle({ ok: false, reason: 'too_slow' }), timeLimitMs);
        worker.once('message', (result: DocumentText) => settle(result));
        worker.once('error', () => settle({ ok: false, reason: 'unreadable' }));
        worker.once('exit', () => settle({ ok: false, reason: 'unreadable' }));
      }),
  );
}
