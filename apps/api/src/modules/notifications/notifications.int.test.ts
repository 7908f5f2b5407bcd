import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { readServerSentEvents } from '../../../test/sse.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notify, notifyDependencies } from './notify.ts';

describe('notifications', () => {
  let t: TestApp;
  let companyId: string;
  let adminCookie: string;
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let outsider: Awaited<ReturnType<typeof signedInMember>>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUpThroughApi(t.app);
    companyId = admin.body.session.company.id;
    adminCookie = admin.cookie;
    member = await signedInMember(t.app, { companyId, role: 'user' });
    const other = await signUpThroughApi(t.app);
    outsider = await signedInMember(t.app, {
      companyId: other.body.session.company.id,
      role: 'user',
    });
  });
  afterAll(() => t.close());

  const list = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: { cookie } });

  it('tells a member when an administrator changes their role', async () => {
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.userId}/role`,
      payload: { role: 'manager' },
      headers: { cookie: adminCookie },
    });
    expect(changed.statusCode).toBe(200);
    const body = (await list(member.cookie)).json();
    expect(body.unreadCount).toBe(1);
    expect(body.items[0]).toMatchObject({
      type: 'role.changed',
      title: 'Your role is now Manager',
      priority: 'normal',
      link: '/profile',
      readAt: null,
    });
  });

  it('never shows or counts another company’s notifications, nor lets anyone read them', async () => {
    const [id] = await notify(notifyDependencies(t.app), {
      companyId,
      userIds: [member.userId, outsider.userId],
      type: 'test',
      title: 'For the first company only',
    });
    // The outsider belongs to another company: not a recipient even when named.
    expect((await list(outsider.cookie)).json()).toMatchObject({ items: [], unreadCount: 0 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${crypto.randomUUID()}/read`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.json()).toEqual(unknown.json());
    // Read back as the recipient: still unread.
    const mine = (await list(member.cookie)).json();
    expect(mine.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      title: 'For the first company only',
      readAt: null,
    });
  });

  it('leaves out members who are not active: deactivated or only invited', async () => {
    const deactivated = await signedInMember(t.app, { companyId, role: 'user' });
    const invited = await signedInMember(t.app, { companyId, role: 'user' });
    await t.db
      .update(userProfiles)
      .set({ status: 'deactivated' })
      .where(eq(userProfiles.userId, deactivated.userId));
    await t.db
      .update(userProfiles)
      .set({ status: 'invited' })
      .where(eq(userProfiles.userId, invited.userId));
    const deps = notifyDependencies(t.app);
    const input = { companyId, type: 'test', title: 'Active members only' };
    expect(await notify(deps, { ...input, userIds: [deactivated.userId, invited.userId] })).toEqual(
      [],
    );
    const ids = await notify(deps, {
      ...input,
      userIds: [member.userId, deactivated.userId, invited.userId],
    });
    expect(ids).toHaveLength(1);
    const sent = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, 'Active members only'));
    expect(sent).toEqual([{ userId: member.userId }]);
  });

  it('marks one read, then all read, and a retry is harmless', async () => {
    const before = (await list(member.cookie)).json();
    expect(before.unreadCount).toBeGreaterThanOrEqual(2);
    const first = before.items[0].id as string;
    const read = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/notifications/${first}/read`,
        headers: { cookie: member.cookie },
      });
    expect((await read()).json()).toEqual({ unreadCount: before.unreadCount - 1 });
    expect((await read()).json()).toEqual({ unreadCount: before.unreadCount - 1 });
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: member.cookie },
    });
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await list(member.cookie, '?unread=true')).json().items).toEqual([]);
  });

  it('streams new notifications as they are created and replays what a reconnect missed', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readServerSentEvents(`${url}/api/notifications/stream`, {
      cookie: member.cookie,
    });
    try {
      const [created] = await notify(notifyDependencies(t.app), {
        companyId,
        userIds: [member.userId],
        type: 'test',
        priority: 'high',
        title: 'Live one',
      });
      const event = await stream.next();
      expect(event).toMatchObject({ id: created, event: 'notification' });
      expect(JSON.parse(event.data)).toMatchObject({ title: 'Live one', priority: 'high' });
    } finally {
      stream.close();
    }
    // Disconnected: two more arrive; the reconnect with Last-Event-ID gets exactly those.
    const lastSeen = (await t.db.select().from(notifications)).find(
      (row) => row.title === 'Live one',
    )!;
    const missed = await notify(notifyDependencies(t.app), {
      companyId,
      userIds: [member.userId],
      type: 'test',
      title: 'Missed one',
    });
    const missedTwo = await notify(notifyDependencies(t.app), {
      companyId,
      userIds: [member.userId],
      type: 'test',
      title: 'Missed two',
    });
    const again = await readServerSentEvents(`${url}/api/notifications/stream`, {
      cookie: member.cookie,
      lastEventId: lastSeen.id,
    });
    try {
      expect((await again.next()).id).toBe(missed[0]);
      expect((await again.next()).id).toBe(missedTwo[0]);
    } finally {
      again.close();
    }
  });
});
