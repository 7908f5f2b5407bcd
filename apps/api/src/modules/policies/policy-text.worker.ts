/**
 * The extraction worker: reads one policy file's text off the server's main thread, under the
 * memory limit and the time limit its launcher (policy-text.ts) sets, so that one hostile or
 * enormous file cannot stall or exhaust the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readDocumentText, type PolicyDocumentKind } from './policy-document.ts';

const { data, kind } = workerData as { data: Uint8Array; kind: PolicyDocumentKind };
parentPort!.postMessage(await readDocumentText(data, kind));
