/**
 * `npm run bench:hmda`: how fast the HMDA LAR check runs and how much memory it needs (issue 24).
 *
 * It writes a valid 2025 annual LAR file of 100,000 rows and one of 1,000,000 rows: the rows of
 * the CFPB's clean 100-row test file, repeated, each with a unique ULI and its check digit, and
 * the Transmittal Sheet's count to match. Each file is then read twice, each time in a child
 * process of its own so that its peak RSS (`process.resourceUsage().maxRSS`) is its own:
 * - `split`: the floor, the file's lines read and split into trimmed fields, nothing else;
 * - `check`: the whole check the API runs (`checkLarLines`: the parser, every edit of the 2025
 *   annual filing, the duplicate and macro edits), from the same file on disk.
 * It prints rows per second and peak RSS for each, and the check's speed as a share of the
 * floor's (the targets: at least 20% of the floor, at most 300 MB for 1,000,000 rows).
 * BENCH_HMDA_ROWS (comma-separated) changes the sizes.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { uliCheckDigit } from '@complivue/shared/hmda/uli';
import { parserValidValues } from '../apps/api/src/modules/hmda/edit-descriptions.ts';
import { editsForFiling } from '../apps/api/src/modules/hmda/edits/edits-by-filing.ts';
import { checkLarLines } from '../apps/api/src/modules/hmda/lar-check.ts';
import { LAR, TS } from '../apps/api/src/modules/hmda/lar-fields.ts';
import { linesOfFile } from '../apps/api/src/modules/hmda/lar-lines.ts';
import { cleanLine, splitValues } from '../apps/api/src/modules/hmda/lar-parser.ts';

const CLEAN_FILE = fileURLToPath(
  new URL(
    '../apps/api/test/fixtures/hmda/lar-2025-annual-clean-bank0-100rows.txt',
    import.meta.url,
  ),
);

interface Measure {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  failedEdits?: number;
}

async function writeLarFile(path: string, rows: number): Promise<void> {
  const [tsLine, ...larLines] = readFileSync(CLEAN_FILE, 'utf8').trim().split('\n');
  const ts = tsLine!.split('|');
  ts[TS.totalEntries] = String(rows);
  const templates = larLines.map((line) => line.split('|'));
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((done) => out.once('drain', done));
  await write(`${ts.join('|')}\n`);
  for (let index = 0; index < rows; index += 1) {
    const values = [...templates[index % templates.length]!];
    const loanId = `${values[LAR.lei]}BENCH${String(index).padStart(12, '0')}`;
    values[LAR.uli] = `${loanId}${uliCheckDigit(loanId)}`;
    await write(`${values.join('|')}\n`);
  }
  await new Promise<void>((done) => out.end(done));
}

async function child(mode: 'split' | 'check', path: string): Promise<Measure> {
  const started = performance.now();
  let rows = 0;
  let failedEdits: number | undefined;
  if (mode === 'split') {
    let fields = 0;
    for await (const line of linesOfFile(path)) {
      fields += splitValues(cleanLine(line)).length;
      rows += 1;
    }
    if (fields === 0) throw new Error('nothing read');
    rows -= 1;
  } else {
    const outcome = await checkLarLines(linesOfFile(path), {
      validValues: parserValidValues(),
      chooseFiling: () => ({ year: 2025, period: 'annual' }),
      editsFor: editsForFiling,
    });
    if (outcome.formatErrorCount > 0) throw new Error(outcome.formatErrors[0]!.message);
    rows = outcome.larCount;
    failedEdits = outcome.edits.length;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    failedEdits,
  };
}

function runChild(mode: 'split' | 'check', path: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', mode, path],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Measure)
        : reject(new Error(`${mode} exited ${code}`)),
    );
  });
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
  const sizes = (process.env.BENCH_HMDA_ROWS ?? '100000,1000000').split(',').map(Number);
  const dir = await mkdtemp(join(tmpdir(), 'bench-hmda-'));
  const results: Record<string, { split: Measure; check: Measure; shareOfFloor: number }> = {};
  try {
    for (const rows of sizes) {
      const path = join(dir, `lar-${rows}.txt`);
      await writeLarFile(path, rows);
      const split = await runChild('split', path);
      const check = await runChild('check', path);
      const shareOfFloor = check.rowsPerSecond / split.rowsPerSecond;
      results[rows] = { split, check, shareOfFloor };
      process.stdout.write(
        `${number(rows)} rows: split (floor) ${number(split.rowsPerSecond)} rows/s, peak RSS ${number(split.peakRssMb)} MB; ` +
          `check ${number(check.rowsPerSecond)} rows/s (${(shareOfFloor * 100).toFixed(0)}% of the floor; target ≥ 20%), ` +
          `${check.seconds.toFixed(1)} s, peak RSS ${number(check.peakRssMb)} MB (target ≤ 300 MB at 1,000,000 rows), ${check.failedEdits} edits failed\n`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, `hmda-${new Date().toISOString().replaceAll(':', '-')}.json`),
    `${JSON.stringify({ node: process.version, results }, null, 2)}\n`,
  );
}

if (process.argv[2] === 'child') {
  const measure = await child(process.argv[3] as 'split' | 'check', process.argv[4]!);
  process.stdout.write(JSON.stringify(measure));
} else {
  await main();
}
