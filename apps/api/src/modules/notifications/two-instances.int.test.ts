import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userProfiles } from '@complivue/db/schema/profiles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../../../scripts/server-process.ts';
import { readServerSentEvents } from '../../../test/sse.ts';
import { openFileDatabase } from '../../../test/test-app.ts';
import type { TestDatabase } from '@complivue/db/testing/test-databases';

async function signUp(baseUrl: string, email: string, companyName: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Two instances 2026',
      fullName: 'Instance Tester',
      companyName,
      planType: 'basic',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${await response.text()}`);
  const setCookie = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const body = (await response.json()) as {
    session: { user: { id: string }; company: { id: string } };
  };
  return {
    cookie: setCookie.join('; '),
    userId: body.session.user.id,
    companyId: body.session.company.id,
  };
}

/**
 * DESIGN.md's scale-out path: two API processes on one PostgreSQL database. A notification
 * created through instance A reaches a stream held open on instance B, once.
 */
describe('realtime across two API instances', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    database = await openFileDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'complivue-two-instances-'));
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      SERVE_WEB_APP: 'false',
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers a notification made on instance A to a stream on instance B within 2 s, exactly once', async () => {
    const admin = await signUp(a.url, `admin-${Date.now()}@two.example`, 'Two Instance Bank');
    const member = await signUp(b.url, `member-${Date.now()}@two.example`, 'Temporary');
    // The member joins the admin's institution (invitations arrive with team management).
    await database.database.db
      .update(userProfiles)
      .set({ companyId: admin.companyId, role: 'user' })
      .where(eq(userProfiles.userId, member.userId));

    const stream = await readServerSentEvents(`${b.url}/api/notifications/stream`, {
      cookie: member.cookie,
    });
    try {
      const changed = await fetch(`${a.url}/api/users/${member.userId}/role`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: admin.cookie },
        body: JSON.stringify({ role: 'manager' }),
      });
      expect(changed.status).toBe(200);
      const event = await stream.next();
      expect(JSON.parse(event.data)).toMatchObject({ title: 'Your role is now Manager' });
      // Exactly once: the next event is the next change, not a second copy of this one.
      await fetch(`${a.url}/api/users/${member.userId}/role`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: admin.cookie },
        body: JSON.stringify({ role: 'user' }),
      });
      const following = await stream.next();
      expect(following.id).not.toBe(event.id);
      expect(JSON.parse(following.data)).toMatchObject({ title: 'Your role is now User' });
    } finally {
      stream.close();
    }
  });

  it('delivers a comment written through instance A to a discussion stream on instance B exactly once, and shows who is online on both', async () => {
    const admin = await signUp(a.url, `writer-${Date.now()}@two.example`, 'Two Instance Union');
    const member = await signUp(b.url, `reader-${Date.now()}@two.example`, 'Temporary');
    await database.database.db
      .update(userProfiles)
      .set({ companyId: admin.companyId, role: 'user' })
      .where(eq(userProfiles.userId, member.userId));
    const send = (base: string, cookie: string, path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const thread = await send(a.url, admin.cookie, '/api/collaboration/threads', {
      title: 'Board report',
      body: 'Draft is ready.',
    });
    expect(thread.status).toBe(201);
    const threadId = ((await thread.json()) as { subject: { id: string } }).subject.id;

    // The member has the app open on B (its notification stream) and the thread's discussion.
    const app = await readServerSentEvents(`${b.url}/api/notifications/stream`, {
      cookie: member.cookie,
    });
    const stream = await readServerSentEvents(
      `${b.url}/api/discussions/thread/${threadId}/stream`,
      {
        cookie: member.cookie,
      },
    );
    try {
      const online = await fetch(`${a.url}/api/collaboration/online`, {
        headers: { cookie: admin.cookie },
      });
      expect(((await online.json()) as { online: { userId: string }[] }).online).toEqual([
        expect.objectContaining({ userId: member.userId }),
      ]);

      const first = await send(
        a.url,
        admin.cookie,
        `/api/discussions/thread/${threadId}/comments`,
        {
          body: 'Numbers checked.',
        },
      );
      expect(first.status).toBe(201);
      const firstId = ((await first.json()) as { comments: { id: string }[] }).comments.at(-1)!.id;
      const event = await stream.next();
      expect(event.event).toBe('discussion');
      expect(JSON.parse(event.data)).toEqual({ record: 'comment', id: firstId, change: 'added' });
      // Exactly once: the next event is the next comment, not a second copy of the first.
      const second = await send(
        a.url,
        admin.cookie,
        `/api/discussions/thread/${threadId}/comments`,
        {
          body: 'Sent to the board.',
        },
      );
      const secondId = ((await second.json()) as { comments: { id: string }[] }).comments.at(
        -1,
      )!.id;
      const following = await stream.next();
      expect(JSON.parse(following.data)).toEqual({
        record: 'comment',
        id: secondId,
        change: 'added',
      });
    } finally {
      stream.close();
      app.close();
    }
  });
});
