/**
 * `npm run bench`: starts the production server on PostgreSQL and on PGlite and loads each
 * endpoint with autocannon, printing requests/s and p50/p99 latency per endpoint and engine and
 * saving them under bench/results/. Later capabilities add their endpoints to ENDPOINTS.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServerProcess } from '../scripts/server-process.ts';
import { startFloorServer } from './floor-server.ts';

/** A date `offset` days from today (UTC), as YYYY-MM-DD. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

interface Endpoint {
  name: string;
  path: string;
  /** Signed-in routes are called with the session of the demo workspace's administrator. */
  signedIn?: boolean;
  /** A POST with this JSON body (a computation that writes nothing, such as a loan test). */
  body?: unknown;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'health', path: '/api/health' },
  // One signed-in route: session check, profile, company, subscription.
  { name: 'subscription', path: '/api/subscription', signedIn: true },
  // The reference for a signed-in request: the session lookup every such route pays, and one
  // indexed read (the profile). DESIGN.md: the dashboard should reach half its throughput.
  { name: 'session', path: '/api/auth/session', signedIn: true },
  { name: 'dashboard', path: '/api/dashboard', signedIn: true },
  // Regulatory monitoring (issue 9): the calendar's next 30 days (seeded deadlines expanded from
  // their RRULEs), the feed's first page, the change register's first page.
  {
    name: 'calendar-30-days',
    path: `/api/calendar/occurrences?from=${day(0)}&to=${day(29)}`,
    signedIn: true,
  },
  { name: 'feed-items', path: '/api/feeds/items', signedIn: true },
  { name: 'changes', path: '/api/changes', signedIn: true },
  // Risk scoring (issue 19): the register with its ratings computed from the controls' rules.
  { name: 'risks', path: '/api/risks', signedIn: true },
  // The register's second read: five reads of the institution's rows grouped by area.
  { name: 'risk-signals', path: '/api/risks/signals', signedIn: true },
  { name: 'findings', path: '/api/risks/findings', signedIn: true },
  // Analytics (issue 21): the quarter's overview, beside the quarter before. Budget: the
  // dashboard's p99.
  { name: 'analytics', path: '/api/analytics/overview', signedIn: true },
  // Loan tests (issue 25): a TRID timeline (holidays by rule, both business-day definitions)
  // and a rate spread with its HPML test, read from an APOR table of 1,000 weeks.
  {
    name: 'loan-trid',
    path: '/api/loan-tests/run',
    signedIn: true,
    body: {
      kind: 'trid_timing',
      input: {
        applicationDate: '2026-11-25',
        loanEstimateDelivery: { date: '2026-11-30', method: 'mail' },
        closingDisclosureDelivery: { date: '2026-12-14', method: 'email' },
        plannedConsummation: '2026-12-21',
      },
    },
  },
  {
    name: 'loan-rate-spread',
    path: '/api/loan-tests/run',
    signedIn: true,
    body: {
      kind: 'rate_spread',
      input: {
        actionTaken: 1,
        loanTerm: 30,
        amortizationType: 'fixed',
        apr: 7.125,
        lockDate: '2026-11-02',
        reverseMortgage: false,
        lien: 'first',
        jumbo: false,
      },
    },
  },
];
// BENCH_ENDPOINTS=session,dashboard and BENCH_ENGINES=postgres narrow a run while iterating.
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',');
const ONLY_ENGINES = process.env.BENCH_ENGINES?.split(',');
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

// The server runs in production mode, which requires a secret; a throwaway one per run.
const AUTH_SECRET = randomBytes(32).toString('base64url');

interface Row {
  engine: string;
  endpoint: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The platform's first run (its operator) and the demo workspace, as the issue asks: the
 * signed-in routes are measured as the demo institution's administrator, on its data (the
 * assessments behind the 87% score, its notifications, calendar, feed items and changes).
 */
async function signInToDemo(baseUrl: string): Promise<string> {
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  const post = (path: string, init: { body?: unknown; cookie?: string }) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        origin: baseUrl,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
  const setup = await post('/api/setup', {
    body: {
      email: 'operator@bench.example',
      password: 'Operator passphrase 1',
      fullName: 'Bench Operator',
      companyName: 'Complivue Operations',
    },
  });
  if (setup.status !== 201) throw new Error(`bench setup failed: ${setup.status}`);
  const demo = await post('/api/setup/demo-workspace', { cookie: cookieOf(setup) });
  if (demo.status !== 201) throw new Error(`bench demo workspace failed: ${demo.status}`);
  const { members } = (await demo.json()) as {
    members: { role: string; email: string; password: string }[];
  };
  await loadBenchAporTable(baseUrl, cookieOf(setup));
  const admin = members.find((member) => member.role === 'admin')!;
  const signIn = await post('/api/auth/sign-in', {
    body: { email: admin.email, password: admin.password },
  });
  if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status}`);
  return cookieOf(signIn);
}

/**
 * An APOR table of the size the FFIEC's runs to (about 1,000 weeks, 2007 on), loaded by the
 * operator for the rate-spread endpoint. Made-up rates: this measures the lookup, not a spread.
 */
async function loadBenchAporTable(baseUrl: string, operatorCookie: string) {
  const lines: string[] = [];
  const start = Date.UTC(2007, 0, 1);
  for (let week = 0; week < 1_040; week += 1) {
    const day = new Date(start + week * 7 * 86_400_000);
    const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
    const rates = Array.from({ length: 50 }, (_, term) =>
      (3 + (week % 300) / 100 + term / 100).toFixed(2),
    );
    lines.push([date, ...rates].join('|'));
  }
  const form = new FormData();
  form.append('amortization', 'fixed');
  form.append('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'YieldTableFixed.txt');
  const response = await fetch(`${baseUrl}/api/admin/apor-tables`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: operatorCookie },
    body: form,
  });
  if (response.status !== 201) throw new Error(`bench APOR table failed: ${response.status}`);
}

/** One endpoint under load: a short warm-up, then the measured run. */
async function measure(engine: string, name: string, options: autocannon.Options): Promise<Row> {
  // A short warm-up so that JIT and connection pools are settled before measuring.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  return {
    engine,
    endpoint: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * Every endpoint as the demo administrator. With `floorUrl` (PostgreSQL only), the floor server
 * (floor-server.ts) is measured with the same session before and after the endpoints, so that
 * each can be read as a share of what a bare signed-in request costs on this machine now.
 */
async function load(engine: string, baseUrl: string, floorUrl?: string): Promise<Row[]> {
  const rows: Row[] = [];
  const cookie = await signInToDemo(baseUrl);
  const floor = (name: string) =>
    measure(engine, name, {
      url: `${floorUrl}/floor`,
      connections: CONNECTIONS,
      headers: { cookie },
    });
  if (floorUrl) rows.push(await floor('floor-before'));
  for (const endpoint of ENDPOINTS.filter(
    (candidate) => !ONLY_ENDPOINTS || ONLY_ENDPOINTS.includes(candidate.name),
  )) {
    rows.push(
      await measure(engine, endpoint.name, {
        url: baseUrl + endpoint.path,
        connections: CONNECTIONS,
        headers: {
          ...(endpoint.signedIn ? { cookie } : {}),
          ...(endpoint.body ? { 'content-type': 'application/json', origin: baseUrl } : {}),
        },
        ...(endpoint.body ? { method: 'POST' as const, body: JSON.stringify(endpoint.body) } : {}),
      }),
    );
  }
  if (floorUrl) rows.push(await floor('floor-after'));
  return rows;
}

async function benchPostgres(): Promise<Row[]> {
  const name = `cv_bench_${Date.now().toString(36)}`;
  try {
    await adminQuery(`CREATE DATABASE "${name}"`);
  } catch (error) {
    process.stderr.write(`PostgreSQL skipped: ${(error as Error).message}\n`);
    return [];
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    const server = await startServerProcess({
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'info',
      DATA_DIR: tmpdir(),
      AUTH_SECRET,
    });
    // The floor gets the server's default pool size (DATABASE_POOL_SIZE, 10).
    const floor = await startFloorServer(url.toString(), 10);
    try {
      return await load('postgres', server.url, floor.url);
    } finally {
      await floor.stop();
      await server.stop();
    }
  } finally {
    // Dropped even when the server failed to start: a run leaves nothing behind.
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

async function benchPglite(): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'complivue-bench-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_SECRET });
  try {
    return await load('pglite', server.url);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const runEngine = (engine: string) => !ONLY_ENGINES || ONLY_ENGINES.includes(engine);
const rows = [
  ...(runEngine('postgres') ? await benchPostgres() : []),
  ...(runEngine('pglite') ? await benchPglite() : []),
];
process.stdout.write(
  `\n${DURATION_SECONDS} s per endpoint, ${CONNECTIONS} connections\n` +
    'engine    endpoint          req/s     p50 ms   p99 ms   non-2xx\n' +
    rows
      .map(
        (row) =>
          `${row.engine.padEnd(10)}${row.endpoint.padEnd(18)}${String(row.requestsPerSecond).padStart(7)}` +
          `${String(row.p50Ms).padStart(10)}${String(row.p99Ms).padStart(9)}${String(row.non2xx).padStart(10)}`,
      )
      .join('\n') +
    '\n',
);
for (const engine of new Set(rows.map((row) => row.engine))) {
  const of = (name: string) => rows.find((row) => row.engine === engine && row.endpoint === name);
  const floors = [of('floor-before'), of('floor-after')].filter((row) => row !== undefined);
  if (floors.length > 0) {
    // Issue 27's goals, as shares of the floor measured in the same run.
    const floorRate = floors.reduce((sum, row) => sum + row.requestsPerSecond, 0) / floors.length;
    process.stdout.write(
      `${engine}: floor ${Math.round(floorRate)} req/s (mean of before and after)\n`,
    );
    for (const row of rows.filter(
      (candidate) => candidate.engine === engine && !candidate.endpoint.startsWith('floor'),
    )) {
      const signedIn = ENDPOINTS.find((endpoint) => endpoint.name === row.endpoint)?.signedIn;
      if (!signedIn) continue;
      process.stdout.write(
        `  ${row.endpoint.padEnd(18)}${((row.requestsPerSecond / floorRate) * 100).toFixed(0).padStart(4)}% of the floor\n`,
      );
    }
    const session = of('session');
    const dashboardRow = of('dashboard');
    if (session) {
      process.stdout.write(
        `${engine}: session at ${((session.requestsPerSecond / floorRate) * 100).toFixed(0)}% of the floor (goal ≥ 50%), p99 ${session.p99Ms} ms (goal ≤ 15 ms)\n`,
      );
    }
    if (dashboardRow) {
      process.stdout.write(
        `${engine}: dashboard at ${((dashboardRow.requestsPerSecond / floorRate) * 100).toFixed(0)}% of the floor (goal ≥ 35%)\n`,
      );
    }
  }
  const dashboard = of('dashboard');
  const reference = of('session');
  if (dashboard && reference) {
    const ratio = dashboard.requestsPerSecond / reference.requestsPerSecond;
    process.stdout.write(
      `${engine}: dashboard at ${(ratio * 100).toFixed(0)}% of the signed-in reference (budget ≥ 50%), p99 ${dashboard.p99Ms} ms (budget ≤ 25 ms)\n`,
    );
  }
  const analytics = of('analytics');
  if (dashboard && analytics) {
    process.stdout.write(
      `${engine}: analytics overview p99 ${analytics.p99Ms} ms (budget: the dashboard's ≤ 25 ms; dashboard now ${dashboard.p99Ms} ms)\n`,
    );
  }
  const risks = of('risks');
  if (dashboard && risks) {
    process.stdout.write(
      `${engine}: risk register p99 ${risks.p99Ms} ms (budget: under the dashboard's ${dashboard.p99Ms} ms)\n`,
    );
  }
}
const resultsDir = new URL('./results/', import.meta.url).pathname;
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      durationSeconds: DURATION_SECONDS,
      connections: CONNECTIONS,
      rows,
    },
    null,
    2,
  ),
);
process.stdout.write(`saved ${file}\n`);
