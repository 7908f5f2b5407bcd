import { SIGN_IN_ACTION } from '@complivue/shared/audit-actions';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * A member's last sign-in as Team Members shows it, after checking that it is the newest sign-in
 * User Activity lists for them (both read as `cookie`, an administrator of their institution).
 * Null when neither has one.
 */
export async function expectSameLastSignIn(
  app: FastifyInstance,
  cookie: string,
  userId: string,
): Promise<string | null> {
  const get = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: { cookie } })).json();
  const team = await get('/api/team/members');
  const member = team.items.find((item: { userId: string }) => item.userId === userId);
  expect(member, `${userId} on Team Members`).toBeDefined();
  const activity = await get(`/api/team/activity?actor=${userId}&action=${SIGN_IN_ACTION}`);
  const newest: string | null = activity.items[0]?.createdAt ?? null;
  expect(member.lastSignInAt).toBe(newest);
  return newest;
}
