/**
 * `npm run bench:web`: Lighthouse (mobile preset, Debian's Chromium) on the production build,
 * three runs per page, the median printed and saved under bench/results/ with the JavaScript
 * each page loads. Budgets (DESIGN.md): performance ≥ 98, accessibility 100, LCP ≤ 1.2 s,
 * CLS ≤ 0.02, JavaScript ≤ 100 KB gzip on the public pages.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_ARGS, CHROME_PATH } from '../scripts/chromium.ts';
import { startServerProcess } from '../scripts/server-process.ts';

const PAGES = ['/', '/pricing', '/features'];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUDGET = { performance: 98, accessibility: 100, lcpMs: 1200, cls: 0.02, scriptKb: 100 };

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** JavaScript transferred (compressed, as served), in KB. */
  scriptKb: number;
  scriptRequests: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric('total-blocking-time')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    scriptKb: Number(
      (scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1),
    ),
    scriptRequests: scripts.length,
  };
}

/** Lighthouse sometimes loses the trace (NO_NAVSTART) on a busy machine: such a run is redone. */
async function auditWithRetry(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`retrying ${url}: ${(error as Error).message}\n`);
    }
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'complivue-bench-web-'));
const server = await startServerProcess({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  AUTH_SECRET: randomBytes(32).toString('base64url'),
});
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_ARGS });
const results: Record<string, Run & { runs: Run[] }> = {};
try {
  for (const path of PAGES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await auditWithRetry(`${server.url}${path}`, chrome.port));
    const pick = (key: keyof Run) => median(runs.map((run) => run[key]));
    results[path] = {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      lcpMs: pick('lcpMs'),
      cls: pick('cls'),
      tbtMs: pick('tbtMs'),
      fcpMs: pick('fcpMs'),
      scriptKb: pick('scriptKb'),
      scriptRequests: pick('scriptRequests'),
      runs,
    };
  }
} finally {
  chrome.kill();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

process.stdout.write(
  `Lighthouse, mobile preset, median of ${RUNS} runs (budget: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, LCP ≤ ${BUDGET.lcpMs} ms, CLS ≤ ${BUDGET.cls}, JS ≤ ${BUDGET.scriptKb} KB)\n` +
    'page        perf  a11y  LCP ms   CLS   TBT ms  FCP ms  JS KB  scripts\n' +
    Object.entries(results)
      .map(
        ([path, row]) =>
          `${path.padEnd(12)}${String(row.performance).padStart(4)}${String(row.accessibility).padStart(6)}` +
          `${String(row.lcpMs).padStart(8)}${String(row.cls).padStart(6)}${String(row.tbtMs).padStart(9)}` +
          `${String(row.fcpMs).padStart(8)}${String(row.scriptKb).padStart(7)}${String(row.scriptRequests).padStart(9)}\n`,
      )
      .join(''),
);
const misses = Object.entries(results).flatMap(([path, row]) => [
  ...(row.performance < BUDGET.performance ? [`${path}: performance ${row.performance}`] : []),
  ...(row.accessibility < BUDGET.accessibility
    ? [`${path}: accessibility ${row.accessibility}`]
    : []),
  ...(row.lcpMs > BUDGET.lcpMs ? [`${path}: LCP ${row.lcpMs} ms`] : []),
  ...(row.cls > BUDGET.cls ? [`${path}: CLS ${row.cls}`] : []),
  ...(row.scriptKb > BUDGET.scriptKb ? [`${path}: JavaScript ${row.scriptKb} KB`] : []),
]);
process.stdout.write(
  `${misses.length ? `Over budget: ${misses.join('; ')}` : 'Every page is within budget.'}\n`,
);

// The signed-in app's initial JavaScript (budget 200 KB gzip): what /dashboard loads, i.e. the
// app entry, the signed-in layout and the dashboard page with everything they import statically.
const distDir = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;
const appFiles = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || appFiles.has(chunk.file)) return;
  appFiles.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const key of [
  'app.html',
  'src/app/layouts/app-layout.tsx',
  'src/app/pages/dashboard-route.tsx',
])
  visit(key);
const appInitialKb = Number(
  (
    [...appFiles]
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).length, 0) / 1024
  ).toFixed(1),
);
process.stdout.write(
  `Signed-in app (/dashboard), initial JavaScript: ${appInitialKb} KB gzip in ${appFiles.size} files (budget ≤ 200 KB)\n`,
);

const resultsDir = new URL('./results/', import.meta.url).pathname;
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), runsPerPage: RUNS, budget: BUDGET, results, appInitialKb }, null, 2)}\n`,
);
process.stdout.write(`saved ${file}\n`);
