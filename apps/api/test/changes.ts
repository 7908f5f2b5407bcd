import { notifications } from '@complivue/db/schema/notifications';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { callAs, signedInMember, signUpThroughApi, type FormFile } from './http.ts';
import type { TestApp } from './test-app.ts';

/*
 * What the change-management tests share: each test sets up its own institution and changes
 * through these, so that one failing test does not take the others' setup with it.
 */

export const CHANGE_PDF: FormFile = {
  fileName: 'escrow-policy-redline.pdf',
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};

/** A change entered by hand, with every field the list and the report show. */
export const MANUAL_CHANGE = {
  title: 'Update the HMDA data collection for the 2027 reporting year',
  areas: ['hmda'],
  effectiveDate: '2027-01-01',
  summary: 'Changes to the reportable data fields under 12 CFR 1003.4.',
  impact: { policies: 'HMDA policy', systems: 'LOS data fields' },
  riskRating: 'high',
  dueDate: '2099-06-30',
};

/** The helpers, bound to the file's test app (created in its `beforeAll`). */
export function changeTestKit(app: () => TestApp) {
  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => callAs(app().app, cookie, method, url, payload);

  /** An institution on `plan` with its administrator, a member and a manager. */
  async function institution(plan: 'professional' | 'basic' = 'professional') {
    const t = app();
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const adminId = admin.body.session.user.id as string;
    await t.db
      .update(subscriptions)
      .set({ planName: plan, status: 'active', trialEnd: null })
      .where(eq(subscriptions.companyId, companyId));
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin: { cookie: admin.cookie, userId: adminId }, companyId, user, manager };
  }

  async function create(cookie: string, body: Record<string, unknown> = MANUAL_CHANGE) {
    const response = await call(cookie, 'POST', '/api/changes', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ChangeDetail>();
  }

  /** Moves a change through `steps` in order, each expected to succeed. */
  async function moveThrough(cookie: string, changeId: string, steps: string[]) {
    for (const to of steps) {
      const moved = await call(cookie, 'POST', `/api/changes/${changeId}/transition`, { to });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }

  const notificationsOf = (userId: string, type: string) =>
    app()
      .db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  return { call, institution, create, moveThrough, notificationsOf };
}
