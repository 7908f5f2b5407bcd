/**
 * `npm run bench:automations`: 1,000 events through 50 rules (issue 23) — how many events a
 * second the runner gets through, and the lag from an event being recorded to its actions being
 * done.
 *
 * On a fresh migrated database (PGlite, and PostgreSQL from BENCH_DATABASE_URL, TEST_DATABASE_URL
 * or the local server; skipped when unreachable), one institution with an administrator and
 * three managers gets 50 live rules on "a change enters a status": each tests the status and one
 * regulation area (so about one event in 60 meets a given rule's conditions) and its actions
 * notify the managers and put it in their digest. 1,000 events of changes entering statuses, over
 * the 12 areas and 5 open statuses, are recorded in one burst, as a busy morning would, and the
 * real runner (`processAutomationEvents`, as the job runs it) works through them with
 * BENCH_AUTOMATION_WORKERS (2) runners at once, as two instances would.
 *
 * Printed: events per second, runs written (skipped ones included: the history keeps every
 * rule's verdict), actions done, and the lag from an event's recording to its last action's end
 * (p50, p95, max) in the burst — mostly the wait in the queue — then, for 40 events recorded one
 * at a time on the idle runner (as a member's change is), the lag of one event alone. Figures go
 * to bench/results/automations-<date>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '@complivue/db/database';
import { migrateDatabase } from '@complivue/db/migrate';
import {
  automationEvents,
  automationRunActions,
  automationRuns,
} from '@complivue/db/schema/automations';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../apps/api/src/app.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { recordAutomationEvent } from '../apps/api/src/modules/automations/automation-events.ts';
import { processAutomationEvents } from '../apps/api/src/modules/automations/automation-runner.ts';
import { createRule } from '../apps/api/src/modules/automations/automations.service.ts';
import { signUpThroughApi, signedInMember } from '../apps/api/test/http.ts';

const EVENTS = Number(process.env.BENCH_AUTOMATION_EVENTS ?? 1000);
const RULES = Number(process.env.BENCH_AUTOMATION_RULES ?? 50);
const WORKERS = Number(process.env.BENCH_AUTOMATION_WORKERS ?? 2);
const ENGINES = (process.env.BENCH_AUTOMATION_ENGINES ?? 'pglite,postgres').split(',');
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const STATUSES = ['identified', 'assessing', 'implementing', 'review', 'closed'] as const;

const progress = (message: string) =>
  process.stderr.write(`${new Date().toISOString()} ${message}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface Result {
  engine: string;
  events: number;
  rules: number;
  workers: number;
  seconds: number;
  eventsPerSecond: number;
  runs: number;
  matchedRuns: number;
  actions: number;
  lagMs: { p50: number; p95: number; max: number };
  /** One event at a time on an idle runner, as a member's change is: recorded → actions done. */
  singleLagMs: { p50: number; p95: number };
}

async function measure(database: Database, engine: string): Promise<Result> {
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
    await app.ready();
    const admin = await signUpThroughApi(app);
    const companyId = admin.body.session.company.id as string;
    const adminId = admin.body.session.user.id as string;
    await database.db
      .update(subscriptions)
      .set({ planName: 'professional', status: 'active', trialEnd: null })
      .where(eq(subscriptions.companyId, companyId));
    for (let index = 0; index < 3; index += 1) {
      await signedInMember(app, { companyId, role: 'manager' });
    }
    const actor = {
      companyId,
      actorUserId: adminId,
      role: 'admin' as const,
      ip: '127.0.0.1',
      userAgent: 'bench',
      name: 'Bench Administrator',
    };
    for (let index = 0; index < RULES; index += 1) {
      await createRule(app.deps, {
        actor,
        body: {
          name: `Rule ${index + 1}`,
          description: '',
          enabled: true,
          trigger: { type: 'change_status_entered' },
          conditions: [
            { field: 'status', operator: 'is', value: STATUSES[index % STATUSES.length] },
            {
              field: 'areas',
              operator: 'includes',
              value: REGULATION_AREAS[index % REGULATION_AREAS.length],
            },
          ],
          actions: [
            {
              type: 'notify',
              recipients: { userIds: [], roles: ['manager'], owner: false },
            },
            {
              type: 'add_to_digest',
              recipients: { userIds: [], roles: ['manager'], owner: false },
            },
          ],
        },
      });
    }
    progress(`${engine}: ${RULES} rules saved; recording ${EVENTS} events`);
    for (let index = 0; index < EVENTS; index += 1) {
      const status = STATUSES[index % STATUSES.length]!;
      const area = REGULATION_AREAS[Math.floor(index / STATUSES.length) % REGULATION_AREAS.length]!;
      await recordAutomationEvent(database.db, {
        companyId,
        trigger: 'change_status_entered',
        dedupeKey: `bench:${index}`,
        subjectType: 'change',
        subjectId: null,
        summary: `CHG-${index}: bench change — ${status}`,
        link: null,
        fields: { status, areas: [area], riskRating: null, owner: null, title: `Bench ${index}` },
      });
    }
    progress(`${engine}: running with ${WORKERS} runners`);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while ((await processAutomationEvents(app.deps)).events > 0);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [counts] = await database.db
      .select({
        runs: sql<number>`count(*)::int`,
        matched: sql<number>`count(*) filter (where ${automationRuns.status} <> 'skipped')::int`,
      })
      .from(automationRuns);
    const lags = await database.db
      .select({
        lag: sql<number>`extract(epoch from (max(${automationRunActions.finishedAt}) - ${automationEvents.occurredAt})) * 1000`,
      })
      .from(automationRunActions)
      .innerJoin(automationRuns, eq(automationRuns.id, automationRunActions.runId))
      .innerJoin(automationEvents, eq(automationEvents.id, automationRuns.eventId))
      .groupBy(automationEvents.id, automationEvents.occurredAt);
    const [{ actions } = { actions: 0 }] = await database.db
      .select({ actions: sql<number>`count(*)::int` })
      .from(automationRunActions)
      .where(eq(automationRunActions.outcome, 'succeeded'));
    const lag = lags.map((row) => Number(row.lag));

    // Then one event at a time, each run at once, as a wake-up after a request runs it.
    const single: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const status = STATUSES[index % STATUSES.length]!;
      const area = REGULATION_AREAS[index % REGULATION_AREAS.length]!;
      const recorded = performance.now();
      await recordAutomationEvent(database.db, {
        companyId,
        trigger: 'change_status_entered',
        dedupeKey: `bench:single:${index}`,
        subjectType: 'change',
        subjectId: null,
        summary: `CHG-S${index}: bench change — ${status}`,
        link: null,
        fields: { status, areas: [area], riskRating: null, owner: null, title: `Single ${index}` },
      });
      await processAutomationEvents(app.deps);
      single.push(performance.now() - recorded);
    }
    return {
      engine,
      events: EVENTS,
      rules: RULES,
      workers: WORKERS,
      seconds: Math.round(seconds * 10) / 10,
      eventsPerSecond: Math.round(EVENTS / seconds),
      runs: Number(counts?.runs ?? 0),
      matchedRuns: Number(counts?.matched ?? 0),
      actions: Number(actions),
      lagMs: {
        p50: Math.round(percentile(lag, 50)),
        p95: Math.round(percentile(lag, 95)),
        max: Math.round(Math.max(0, ...lag)),
      },
      singleLagMs: {
        p50: Math.round(percentile(single, 50)),
        p95: Math.round(percentile(single, 95)),
      },
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onEngine(engine: string): Promise<Result | null> {
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'complivue-bench-db-'));
    const database = await openDatabase({ dataDir });
    try {
      return await measure(database, engine);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const name = `cv_automations_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch {
    progress(`postgres: ${SERVER_URL} unreachable, skipped`);
    return null;
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      return await measure(database, engine);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const results: Result[] = [];
for (const engine of ENGINES) {
  const result = await onEngine(engine);
  if (result) results.push(result);
}
process.stdout.write(
  `\n${EVENTS} events through ${RULES} rules, ${WORKERS} runners\n` +
    'engine     events/s  seconds  runs (matched)   actions  burst lag p50 / p95 / max (ms)  one event p50 / p95 (ms)\n' +
    results
      .map(
        (row) =>
          `${row.engine.padEnd(10)} ${String(row.eventsPerSecond).padStart(8)}  ${String(row.seconds).padStart(7)}  ` +
          `${`${row.runs} (${row.matchedRuns})`.padEnd(15)}  ${String(row.actions).padStart(7)}  ` +
          `${`${row.lagMs.p50} / ${row.lagMs.p95} / ${row.lagMs.max}`.padEnd(30)}  ${row.singleLagMs.p50} / ${row.singleLagMs.p95}`,
      )
      .join('\n') +
    '\n',
);
const resultsDir = new URL('./results/', import.meta.url).pathname;
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `automations-${new Date().toISOString().replaceAll(':', '-')}.json`),
  JSON.stringify({ date: new Date().toISOString(), results }, null, 2),
);
process.exit(0);
