/**
 * Library search at scale (`npm run bench` runs it after the endpoints; `npm run bench:search`
 * alone): 10,000 generated articles of about 600 words in the search index, each a variation on
 * one of the library's own articles, on PostgreSQL and on PGlite, each query measured the way the
 * API runs it (search.ts) and the naive way (rank every match with ts_rank on its whole vector,
 * then ts_headline the page). Prints p50/p95 per engine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, queryRows, type Database } from '@complivue/db/database';
import { readLibraryContent } from '@complivue/db/library/library-content';
import { migrateDatabase } from '@complivue/db/migrate';
import { searchDocuments } from '@complivue/db/schema/library';
import { citationIndexText } from '@complivue/shared/citation-search';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SEARCH_PAGE_SIZE } from '@complivue/shared/schemas/search';
import { search, tsQuery } from '../apps/api/src/modules/search/search.ts';

const ARTICLES = Number(process.env.BENCH_SEARCH_ARTICLES ?? 10_000);
const WORDS_PER_ARTICLE = 600;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const NAIVE_RUNS = Number(process.env.BENCH_SEARCH_NAIVE_RUNS ?? RUNS);
/** Broad terms, a phrase, a citation and a regulation name. */
const QUERIES = [
  'disclosure',
  'loan application',
  'escrow account analysis',
  '1026.19(e)',
  'Reg Z annual percentage rate',
];
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const words = (text: string) =>
  text
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 2)
    .map((word) => word.toLowerCase());

/**
 * The library's own articles as word lists. A generated article is a variation on one of them
 * (its words, with their frequencies in it), with a share of words from the whole library: as
 * in real content, a topic's terms ("escrow") cluster in its articles while general terms
 * ("loan", "disclosure") run through most of the corpus.
 */
async function libraryArticles() {
  const articles = await readLibraryContent();
  return articles.map((article) => ({
    area: article.area,
    citations: article.citations,
    head: words(`${article.title} ${article.summary}`),
    body: words(article.body),
  }));
}
/** The share of a generated article's words taken from the whole library, not its own topic. */
const OFF_TOPIC_SHARE = 0.1;

/** A deterministic pseudo-random generator, so every run indexes the same corpus. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seedCorpus(database: Database) {
  const next = random(42);
  const sources = await libraryArticles();
  const library = sources.flatMap((source) => [...source.head, ...source.body]);
  const pick = (list: string[]) => list[Math.floor(next() * list.length)]!;
  const batch: (typeof searchDocuments.$inferInsert)[] = [];
  for (let index = 0; index < ARTICLES; index += 1) {
    const source = sources[index % sources.length]!;
    const word = (own: string[]) => () => (next() < OFF_TOPIC_SHARE ? pick(library) : pick(own));
    batch.push({
      kind: 'article',
      refId: `bench-${index}`,
      companyId: null,
      area: source.area,
      title: Array.from({ length: 8 }, word(source.head)).join(' '),
      path: `/compliance/articles/bench-${index}`,
      citationTerms: citationIndexText(source.citations),
      summary: Array.from({ length: 30 }, word(source.head)).join(' '),
      body: Array.from({ length: WORDS_PER_ARTICLE }, word(source.body)).join(' '),
    });
    if (batch.length === 250) {
      await database.db.insert(searchDocuments).values(batch.splice(0));
    }
  }
  if (batch.length > 0) await database.db.insert(searchDocuments).values(batch);
  await database.db.execute(sql`ANALYZE search_documents`);
}

/**
 * The naive query, as one would first write it: every match ranked on its whole vector, the
 * page cut, its snippets made (PostgreSQL makes ts_headline after the LIMIT), and the total
 * counted. No facets: the API's query does more than this one.
 */
async function naive(database: Database, q: string) {
  const tsquery = tsQuery(q)!;
  await queryRows(
    database.db,
    sql`WITH q AS (SELECT ${tsquery} AS tsq)
      SELECT d.title, count(*) OVER () AS total,
        ts_headline('english', d.summary || ' ' || d.body, q.tsq) AS snippet
      FROM search_documents d, q WHERE d.tsv @@ q.tsq
      ORDER BY ts_rank(d.tsv, q.tsq) DESC LIMIT ${SEARCH_PAGE_SIZE}`,
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function measure(run: () => Promise<unknown>, runs = RUNS) {
  await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

interface Row {
  engine: string;
  query: string;
  matches: number;
  apiP50: number;
  apiP95: number;
  naiveP50: number;
  naiveP95: number;
}

const progress = (message: string) =>
  process.stderr.write(`${new Date().toISOString()} ${message}\n`);

async function bench(engine: string, database: Database): Promise<Row[]> {
  await migrateDatabase(database);
  progress(`${engine}: indexing ${ARTICLES} articles`);
  await seedCorpus(database);
  progress(`${engine}: measuring`);
  const rows: Row[] = [];
  for (const q of QUERIES) {
    const api = () => search(database.db, { companyId: null }, { q, page: 1 });
    const matches = (await api()).total;
    const ours = await measure(api);
    const theirs = await measure(() => naive(database, q), NAIVE_RUNS);
    progress(`${engine}: ${q}: ${ours.p95.toFixed(1)} ms p95 (naive ${theirs.p95.toFixed(1)} ms)`);
    rows.push({
      engine,
      query: q,
      matches,
      apiP50: ours.p50,
      apiP95: ours.p95,
      naiveP50: theirs.p50,
      naiveP95: theirs.p95,
    });
  }
  return rows;
}

async function benchPostgres(): Promise<Row[]> {
  const name = `cv_search_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    process.stderr.write(`PostgreSQL skipped: ${(error as Error).message}\n`);
    await admin.end();
    return [];
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    return await bench('postgres', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPglite(): Promise<Row[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    return await bench('pglite', database);
  } finally {
    await database.close();
  }
}

const ENGINES = (process.env.BENCH_SEARCH_ENGINES ?? 'postgres,pglite').split(',');
const rows = [
  ...(ENGINES.includes('postgres') ? await benchPostgres() : []),
  ...(ENGINES.includes('pglite') ? await benchPglite() : []),
];
const ms = (value: number) => value.toFixed(1).padStart(8);
process.stdout.write(
  `\nLibrary search: ${ARTICLES} articles of ~${WORDS_PER_ARTICLE} words, ${RUNS} runs per query (naive: ${NAIVE_RUNS})\n` +
    'engine    query                          matches  api p50  api p95 naive p50 naive p95\n' +
    rows
      .map(
        (row) =>
          `${row.engine.padEnd(10)}${row.query.padEnd(31)}${String(row.matches).padStart(7)}` +
          `${ms(row.apiP50)} ${ms(row.apiP95)} ${ms(row.naiveP50)} ${ms(row.naiveP95)}`,
      )
      .join('\n') +
    '\n',
);
for (const engine of new Set(rows.map((row) => row.engine))) {
  const worst = Math.max(...rows.filter((row) => row.engine === engine).map((row) => row.apiP95));
  process.stdout.write(
    `${engine}: worst p95 ${worst.toFixed(1)} ms (goal on PostgreSQL ≤ 15 ms)\n`,
  );
}
const resultsDir = new URL('./results/', import.meta.url).pathname;
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `search-${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), articles: ARTICLES, runs: RUNS, rows }, null, 2),
);
process.stdout.write(`saved ${file}\n`);
