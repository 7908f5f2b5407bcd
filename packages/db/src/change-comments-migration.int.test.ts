import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate.ts';

/*
 * Migration 0025 moves change management's comments into the discussions of every object
 * (issue 22): a database at 0024 with comments on a change, migrated, keeps each one as it was.
 */

const MOVE = '0025_change_comments_moved';

describe('moving change comments into discussions (migration 0025)', () => {
  let client: PGlite;
  let upTo0024: string;
  beforeAll(async () => {
    client = await PGlite.create();
    upTo0024 = await mkdtemp(join(tmpdir(), 'migrations-0024-'));
    await cp(MIGRATIONS_FOLDER, upTo0024, { recursive: true });
    const journalPath = join(upTo0024, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((entry) => entry.tag === MOVE);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalPath, JSON.stringify(journal));
  });
  afterAll(async () => {
    await client.close();
    await rm(upTo0024, { recursive: true, force: true });
  });

  it('keeps every comment with its author, text, mentions and time, on its change', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: upTo0024 });
    await client.exec(`
      INSERT INTO "user" (id, name, email) VALUES ('u1', 'Dana Reyes', 'dana@example.test');
      INSERT INTO companies (id, name, institution_type)
        VALUES ('00000000-0000-4000-8000-000000000001', 'First CU', 'credit_union');
      INSERT INTO change_items (id, company_id, number, title, source)
        VALUES ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 1, 'Escrow rule', 'manual');
      INSERT INTO change_comments (id, change_id, company_id, author_id, author_name, body, mentions, created_at)
        VALUES ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000c1',
                '00000000-0000-4000-8000-000000000001', 'u1', 'Dana Reyes',
                'Please check @[Dana Reyes](u1)', '{u1}', '2026-03-02T15:04:05Z'),
               ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000c1',
                '00000000-0000-4000-8000-000000000001', NULL, 'Former member', 'Done.', '{}',
                '2026-03-03T09:00:00Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const moved = await client.query<Record<string, unknown>>(
      `SELECT id, company_id, subject_type, subject_id, author_id, author_name, body, mentions,
              edited_at, deleted_at, created_at
       FROM comments ORDER BY created_at`,
    );
    expect(moved.rows).toEqual([
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        company_id: '00000000-0000-4000-8000-000000000001',
        subject_type: 'change',
        subject_id: '00000000-0000-4000-8000-0000000000c1',
        author_id: 'u1',
        author_name: 'Dana Reyes',
        body: 'Please check @[Dana Reyes](u1)',
        mentions: ['u1'],
        edited_at: null,
        deleted_at: null,
        created_at: new Date('2026-03-02T15:04:05Z'),
      },
      {
        id: '00000000-0000-4000-8000-0000000000a2',
        company_id: '00000000-0000-4000-8000-000000000001',
        subject_type: 'change',
        subject_id: '00000000-0000-4000-8000-0000000000c1',
        author_id: null,
        author_name: 'Former member',
        body: 'Done.',
        mentions: [],
        edited_at: null,
        deleted_at: null,
        created_at: new Date('2026-03-03T09:00:00Z'),
      },
    ]);
    const old = await client.query(`SELECT to_regclass('change_comments') AS name`);
    expect(old.rows).toEqual([{ name: null }]);
  });
});
