/**
 * `npm run bench:policies` (and the end of `npm run bench`): how long reading and
 * cross-referencing a 100-page policy takes, and the memory it needs (issue 20).
 *
 * The policy is generated from the demo workspace's three policies (`demo-policies/*.md`):
 * chapters numbered like a manual, each one of the three with its sections numbered and
 * lengthened by sentences drawn from all three, until it reaches WORDS words. It is printed
 * as a text PDF (pdfkit) and written as a Word file, as the tests make theirs.
 *
 * Each measurement runs in a child process of its own, so that its peak RSS
 * (`process.resourceUsage().maxRSS`, which only ever grows) is its own and not the previous
 * measurement's:
 * - `extract`: `extractPolicyText`, the worker thread the upload runs, and the worker's peak
 *   JavaScript heap, sampled from outside with `worker.getHeapStatistics()` on a worker started
 *   from the same file with the same limits (the worker itself is not changed for this);
 * - `upload`: `POST /api/policies` as a manager, multipart, over HTTP to the app listening on
 *   127.0.0.1, on a fresh migrated PGlite database and on PostgreSQL (BENCH_DATABASE_URL,
 *   TEST_DATABASE_URL or the local server; skipped when unreachable); then, in the same
 *   process and database, the reading and the cross-referencing alone, so that what is left of
 *   the upload's time is the HTTP layer, the file storage and the transaction that writes the
 *   version, its sections, their matches and the search index.
 * Figures are medians of BENCH_POLICY_RUNS runs (5), after one run that is not counted.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openDatabase, type Database } from '@complivue/db/database';
import { migrateDatabase } from '@complivue/db/migrate';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import type { PolicyDetail } from '@complivue/shared/schemas/policies';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { getDocumentProxy } from 'unpdf';
import { createApp } from '../apps/api/src/app.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { crossReference } from '../apps/api/src/modules/policies/policies.service.ts';
import { splitIntoSections } from '../apps/api/src/modules/policies/policy-sections.ts';
import { extractPolicyText } from '../apps/api/src/modules/policies/policy-text.ts';
import { multipartForm, signUpThroughApi, signedInMember } from '../apps/api/test/http.ts';
import {
  DOCX_TYPE,
  demoPolicyText,
  docxFromMarkdown,
  printedLines,
  textPdf,
} from '../apps/api/test/policy-documents.ts';

const WORDS = Number(process.env.BENCH_POLICY_WORDS ?? 53_000);
const RUNS = Number(process.env.BENCH_POLICY_RUNS ?? 5);
const ENGINES = (process.env.BENCH_POLICY_ENGINES ?? 'pglite,postgres').split(',');
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
/** What the extraction worker is given (policy-text.ts): the same file and heap limit. */
const WORKER_URL = new URL(
  '../apps/api/src/modules/policies/policy-text.worker.ts',
  import.meta.url,
);
const WORKER_HEAP_MB = 512;

type Format = 'pdf' | 'docx';
const FORMATS: Format[] = ['pdf', 'docx'];
const FILE_TYPES: Record<Format, string> = { pdf: 'application/pdf', docx: DOCX_TYPE };

const progress = (message: string) =>
  process.stderr.write(`${new Date().toISOString()} ${message}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Peak resident set size of this process so far, in MB. */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

/**
 * The resident set size now and its highest value while `work` runs, sampled every 10 ms: the
 * process's peak (above) may have been reached before, as PGlite's is while it migrates.
 */
async function sampledRss<T>(work: () => Promise<T>) {
  const mb = () => process.memoryUsage.rss() / 1024 / 1024;
  const before = mb();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, mb())), 10);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, mb()) };
  } finally {
    clearInterval(timer);
  }
}

/** A deterministic pseudo-random generator, so that every run reads the same policy. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface SourcePolicy {
  title: string;
  intro: string[];
  sections: { heading: string; paragraphs: string[] }[];
}

/** A demo policy as its title, opening paragraphs and sections (headings without numbers). */
function parsePolicy(markdown: string): SourcePolicy {
  const policy: SourcePolicy = { title: '', intro: [], sections: [] };
  for (const block of markdown.split(/\n\s*\n/).map((part) => part.trim())) {
    if (block.startsWith('# ')) policy.title = block.slice(2);
    else if (block.startsWith('## ')) {
      policy.sections.push({ heading: block.slice(3).replace(/^\d+\.\s+/, ''), paragraphs: [] });
    } else if (block) (policy.sections.at(-1)?.paragraphs ?? policy.intro).push(block);
  }
  return policy;
}

/**
 * The manual as Markdown: `# title`, then `## 12. Chapter` and `### 12.3 Section` headings
 * (printed without their `#`, the numbers are what the splitter finds in the PDF).
 */
function generatePolicy(): string {
  const sources = (['trid', 'hmda', 'bsa'] as const).map((name) =>
    parsePolicy(demoPolicyText(name)),
  );
  const sentences = sources.flatMap((source) =>
    [...source.intro, ...source.sections.flatMap((section) => section.paragraphs)].flatMap(
      (paragraph) => paragraph.split(/(?<=\.)\s+(?=[A-Z])/),
    ),
  );
  const next = random(20);
  const pick = () => sentences[Math.floor(next() * sentences.length)]!;
  /** A paragraph of about `words` words from the three policies' sentences. */
  const paragraph = (words: number) => {
    const picked: string[] = [];
    while (wordCount(picked.join(' ')) < words) picked.push(pick());
    return picked.join(' ');
  };
  const lines = ['# Consolidated Compliance Procedures Manual', ''];
  let words = 0;
  for (let chapter = 1; words < WORDS; chapter += 1) {
    const source = sources[(chapter - 1) % sources.length]!;
    const chapterLines = [`## ${chapter}. ${source.title}`, '', ...source.intro, ''];
    source.sections.forEach((section, index) => {
      chapterLines.push(`### ${chapter}.${index + 1} ${section.heading}`, '');
      chapterLines.push(...section.paragraphs.flatMap((text) => [text, '']));
      chapterLines.push(paragraph(70), '', paragraph(50), '');
    });
    words += wordCount(chapterLines.join('\n'));
    lines.push(...chapterLines);
  }
  return lines.join('\n');
}

interface ExtractResult {
  format: Format;
  extractMs: number;
  sections: number;
  /** Peak RSS before the first read, and after the last. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** RSS just before the first read, and the highest sampled while reading. */
  rssNowMb: number;
  rssSampledPeakMb: number;
  workerHeapPeakMb: number;
}

/** The worker's peak heap while it reads the file, sampled every few milliseconds. */
async function workerHeapPeak(data: Buffer, kind: Format): Promise<number> {
  const worker = new Worker(WORKER_URL, {
    workerData: { data: new Uint8Array(data), kind },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    stdout: true,
    stderr: true,
  });
  let done = false;
  let peak = 0;
  const finished = new Promise<void>((resolve) => {
    worker.once('message', () => {
      done = true;
      resolve();
    });
    worker.once('exit', () => {
      done = true;
      resolve();
    });
  });
  // Its heap can be asked for once it runs, not before.
  await Promise.race([new Promise((resolve) => worker.once('online', resolve)), finished]);
  while (!done) {
    try {
      const heap = await worker.getHeapStatistics();
      peak = Math.max(peak, heap.used_heap_size + heap.external_memory);
    } catch {
      // The worker ended between the check and the sample.
    }
    await sleep(5);
  }
  await finished;
  await worker.terminate();
  return peak / 1024 / 1024;
}

async function extractPhase(format: Format, file: string): Promise<ExtractResult> {
  const data = await readFile(file);
  const before = peakRssMb();
  const times: number[] = [];
  let sections = 0;
  const sampled = await sampledRss(async () => {
    for (let run = 0; run <= RUNS; run += 1) {
      const started = performance.now();
      const read = await extractPolicyText(data, format);
      const elapsed = performance.now() - started;
      if (!read.ok) throw new Error(`${format}: the policy was refused as ${read.reason}`);
      sections = splitIntoSections(read.text).length;
      if (run > 0) times.push(elapsed);
    }
  });
  const rssPeakMb = peakRssMb();
  const heaps: number[] = [];
  for (let run = 0; run < RUNS; run += 1) heaps.push(await workerHeapPeak(data, format));
  return {
    format,
    extractMs: median(times),
    sections,
    rssBeforeMb: before,
    rssPeakMb,
    rssNowMb: sampled.before,
    rssSampledPeakMb: sampled.peak,
    workerHeapPeakMb: Math.max(...heaps),
  };
}

interface UploadResult {
  engine: string;
  format: Format;
  uploadMs: number;
  extractMs: number;
  crossReferenceMs: number;
  sections: number;
  suggestions: number;
  /** The server's peak RSS once set up (database migrated, signed in), and after the uploads. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Its RSS just before the uploads, and the highest sampled while they ran. */
  rssNowMb: number;
  rssSampledPeakMb: number;
}

/** An institution on the professional plan and its manager's session. */
async function manager(app: Awaited<ReturnType<typeof createApp>>) {
  const admin = await signUpThroughApi(app);
  const companyId = admin.body.session.company.id as string;
  await app.database.db
    .update(subscriptions)
    .set({ planName: 'professional', status: 'active', trialEnd: null })
    .where(eq(subscriptions.companyId, companyId));
  const { cookie } = await signedInMember(app, { companyId, role: 'manager' });
  return { companyId, cookie };
}

async function uploads(
  database: Database,
  engine: string,
  format: Format,
  file: string,
): Promise<UploadResult> {
  await migrateDatabase(database);
  const dataDir = await mkdtemp(join(tmpdir(), 'complivue-bench-files-'));
  const app = await createApp({
    env: parseEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    }),
    database,
    logger: false,
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const { companyId, cookie } = await manager(app);
    const data = await readFile(file);
    const before = peakRssMb();
    const times: number[] = [];
    const sampled = await sampledRss(async () => {
      let detail: PolicyDetail | undefined;
      for (let run = 0; run <= RUNS; run += 1) {
        const form = multipartForm({ title: `Compliance manual ${run + 1}`, note: 'Bench' }, [
          { fileName: `manual.${format}`, contentType: FILE_TYPES[format], data },
        ]);
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/policies`, {
          method: 'POST',
          headers: { cookie, origin: app.env.APP_URL, ...form.headers },
          body: form.payload,
        });
        const body = await response.text();
        const elapsed = performance.now() - started;
        if (response.status !== 201) throw new Error(`upload: ${response.status} ${body}`);
        detail = JSON.parse(body) as PolicyDetail;
        if (run > 0) times.push(elapsed);
      }
      if (detail?.latest?.version !== 1) throw new Error('upload: no version 1 came back');
    });
    const rssPeakMb = peakRssMb();

    // The two steps before the transaction, alone, on the same database.
    const extractTimes: number[] = [];
    const crossTimes: number[] = [];
    let sections = 0;
    let suggestions = 0;
    for (let run = 0; run < RUNS; run += 1) {
      let started = performance.now();
      const read = await extractPolicyText(data, format);
      extractTimes.push(performance.now() - started);
      if (!read.ok) throw new Error(`${format}: refused as ${read.reason}`);
      started = performance.now();
      const prepared = await crossReference(database.db, companyId, read.text);
      crossTimes.push(performance.now() - started);
      sections = prepared.length;
      suggestions = prepared.reduce((sum, section) => sum + section.suggestions.length, 0);
    }
    return {
      engine,
      format,
      uploadMs: median(times),
      extractMs: median(extractTimes),
      crossReferenceMs: median(crossTimes),
      sections,
      suggestions,
      rssBeforeMb: before,
      rssPeakMb,
      rssNowMb: sampled.before,
      rssSampledPeakMb: sampled.peak,
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function uploadPhase(engine: string, format: Format, file: string) {
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'complivue-bench-db-'));
    const database = await openDatabase({ dataDir });
    try {
      return await uploads(database, engine, format, file);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const name = `cv_policies_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      return await uploads(database, engine, format, file);
    } finally {
      await database.close();
    }
  } finally {
    // Dropped even when the run failed: a run leaves nothing behind.
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** Runs one phase in a child process and returns what it printed last (JSON). */
function child<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.once('error', reject);
    proc.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as T);
    });
  });
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    process.stderr.write(`PostgreSQL skipped: ${(error as Error).message}\n`);
    return false;
  }
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'complivue-bench-policy-'));
  try {
    const markdown = generatePolicy();
    const files: Record<Format, string> = {
      pdf: join(dir, 'manual.pdf'),
      docx: join(dir, 'manual.docx'),
    };
    const pdf = await textPdf(printedLines(markdown));
    const docx = await docxFromMarkdown(markdown);
    await writeFile(files.pdf, pdf);
    await writeFile(files.docx, docx);
    const pages = (await getDocumentProxy(new Uint8Array(pdf))).numPages;
    const headings = splitIntoSections(markdown).length;
    progress(
      `policy: ${wordCount(markdown)} words, ${headings} sections, PDF ${pages} pages ` +
        `(${(pdf.length / 1024).toFixed(0)} KB), DOCX ${(docx.length / 1024).toFixed(0)} KB`,
    );

    // A first child that only loads the modules: tsx transpiles them once and caches them, and
    // that work would otherwise sit in the first measured child's peak RSS.
    await child<object>(['warm']);
    const extracted: ExtractResult[] = [];
    for (const format of FORMATS) {
      progress(`extract ${format}`);
      extracted.push(await child<ExtractResult>(['extract', format, files[format]]));
    }
    const uploaded: UploadResult[] = [];
    for (const engine of ENGINES) {
      if (engine === 'postgres' && !(await postgresReachable())) continue;
      for (const format of FORMATS) {
        progress(`upload ${engine} ${format}`);
        uploaded.push(await child<UploadResult>(['upload', engine, format, files[format]]));
      }
    }

    const cell = (value: number | string, width: number) =>
      (typeof value === 'number' ? value.toFixed(0) : value).padStart(width);
    const rss = (row: { rssBeforeMb: number; rssPeakMb: number }) =>
      `${cell(row.rssBeforeMb, 4)} → ${cell(row.rssPeakMb, 4)} (+${(row.rssPeakMb - row.rssBeforeMb).toFixed(0)})`;
    process.stdout.write(
      `\nPolicy of ${wordCount(markdown)} words, ${headings} sections: PDF ${pages} pages ` +
        `(${(pdf.length / 1024).toFixed(0)} KB), DOCX ${(docx.length / 1024).toFixed(0)} KB; ` +
        `median of ${RUNS} runs\n\n` +
        'Reading the file (extractPolicyText, worker thread)\n' +
        'format  time ms  sections  worker heap peak MB  process RSS MB while reading  maxRSS MB\n' +
        extracted
          .map(
            (row) =>
              `${row.format.padEnd(6)}${cell(row.extractMs, 9)}${cell(row.sections, 10)}` +
              `${cell(row.workerHeapPeakMb, 21)}  ` +
              `${rss({ rssBeforeMb: row.rssNowMb, rssPeakMb: row.rssSampledPeakMb }).padEnd(28)}  ${rss(row)}`,
          )
          .join('\n') +
        '\n\nPOST /api/policies over HTTP (multipart, as a manager); the steps alone on the same database\n' +
        'engine    format  upload ms  read ms  cross-ref ms  rest ms  sections  suggestions  server RSS MB while uploading  maxRSS MB\n' +
        uploaded
          .map(
            (row) =>
              `${row.engine.padEnd(10)}${row.format.padEnd(6)}${cell(row.uploadMs, 11)}` +
              `${cell(row.extractMs, 9)}${cell(row.crossReferenceMs, 14)}` +
              `${cell(row.uploadMs - row.extractMs - row.crossReferenceMs, 9)}` +
              `${cell(row.sections, 10)}${cell(row.suggestions, 13)}  ` +
              `${rss({ rssBeforeMb: row.rssNowMb, rssPeakMb: row.rssSampledPeakMb }).padEnd(29)}  ${rss(row)}`,
          )
          .join('\n') +
        '\n(rest: the HTTP layer, file storage, and the transaction writing the version, sections, matches and search entries)\n',
    );
    const resultsDir = new URL('./results/', import.meta.url).pathname;
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `policies-${new Date().toISOString().replaceAll(':', '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          words: wordCount(markdown),
          sections: headings,
          pdfPages: pages,
          pdfBytes: pdf.length,
          docxBytes: docx.length,
          runs: RUNS,
          extracted,
          uploaded,
        },
        null,
        2,
      ),
    );
    process.stdout.write(`saved ${file}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const [phase, ...args] = process.argv.slice(2);
if (phase === 'warm') {
  process.stdout.write('{}\n');
} else if (phase === 'extract') {
  const result = await extractPhase(args[0] as Format, args[1]!);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (phase === 'upload') {
  const result = await uploadPhase(args[0]!, args[1] as Format, args[2]!);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // The app's pools and timers are closed; anything left (PGlite's worker) must not hold the run.
  process.exit(0);
} else {
  await main();
}
