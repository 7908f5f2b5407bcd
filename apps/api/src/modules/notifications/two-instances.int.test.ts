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
describe('notifications across two API instances', () => {
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
});
