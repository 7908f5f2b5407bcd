import { invitations } from '@complivue/db/schema/invitations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, freshIp, signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

function tokenFrom(text: string): string {
  const match = text.match(/\/invitations\/accept\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return match[1]!;
}

describe('invitations over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie }, payload });
  const accept = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload,
      remoteAddress: freshIp(),
    });

  it('invites by email; the link creates the account inside the company, once', async () => {
    const admin = await signUpThroughApi(t.app);
    const email = `new-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    const sent = await invite(admin.cookie, { email: ` ${email.toUpperCase()} `, role: 'manager' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().delivered).toBe(true);
    const message = await smtp.nextEmail();
    expect(message.to).toEqual([email]);
    expect(message.body).toContain('invited you to First Community Credit Union on Complivue');
    const token = tokenFrom(message.body);

    const stored = await t.db.select().from(invitations).where(eq(invitations.email, email));
    expect(stored[0]!.tokenHash).not.toContain(token);

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/preview',
      payload: { token },
    });
    expect(preview.json()).toMatchObject({
      companyName: 'First Community Credit Union',
      email,
      role: 'manager',
      invitedByName: 'Dana Reyes',
      accountExists: false,
    });

    const accepted = await accept({
      token,
      fullName: 'Morgan Lee',
      password: 'Invited passphrase 1',
    });
    expect(accepted.statusCode).toBe(201);
    const session = accepted.json().session;
    expect(session.profile).toMatchObject({
      role: 'manager',
      companyId: admin.body.session.company.id,
    });
    expect(cookiesFrom(accepted)).toContain('complivue');

    const again = await accept({ token, fullName: 'Morgan Lee', password: 'Invited passphrase 1' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      'This invitation link is invalid, expired or already used. Ask your administrator for a new one.',
    );

    const members = await t.app.inject({
      method: 'GET',
      url: '/api/team/members?query=Morgan',
      headers: { cookie: admin.cookie },
    });
    expect(members.json().items[0]).toMatchObject({ email, role: 'manager', status: 'active' });
  });

  it('refuses duplicates, current members, bad emails and roles a company admin cannot give', async () => {
    const admin = await signUpThroughApi(t.app);
    const email = `dup-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    expect((await invite(admin.cookie, { email, role: 'user' })).statusCode).toBe(201);
    await smtp.nextEmail();
    const duplicate = await invite(admin.cookie, { email, role: 'user' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(
      'An invitation to this email is already pending. Resend it instead.',
    );
    const member = await invite(admin.cookie, { email: admin.input.email, role: 'user' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(
      'This person is already a member of your institution.',
    );
    const malformed = await invite(admin.cookie, { email: 'not-an-email', role: 'user' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Please enter a valid email address');
    const administrator = await invite(admin.cookie, { email: 'boss@firstcu.org', role: 'admin' });
    expect(administrator.statusCode).toBe(403);
    const superAdmin = await invite(admin.cookie, {
      email: 'root@firstcu.org',
      role: 'super_admin',
    });
    expect(superAdmin.statusCode).toBe(400);
  });

  it('holds a seat per pending invitation and frees it on revoke', async () => {
    const admin = await signUpThroughApi(t.app);
    const emails = Array.from(
      { length: 4 },
      (_, i) => `seat${i}-${crypto.randomUUID().slice(0, 6)}@firstcu.org`,
    );
    for (const email of emails) {
      expect((await invite(admin.cookie, { email, role: 'user' })).statusCode).toBe(201);
      await smtp.nextEmail();
    }
    // 1 member + 4 pending = the trial's 5 seats.
    const full = await invite(admin.cookie, { email: 'sixth@firstcu.org', role: 'user' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('seat_limit');

    const open = await t.app.inject({
      method: 'GET',
      url: '/api/team/invitations',
      headers: { cookie: admin.cookie },
    });
    const first = open.json().items.find((item: { email: string }) => item.email === emails[0]);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/team/invitations/${first.id}/revoke`,
      headers: { cookie: admin.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      (await invite(admin.cookie, { email: 'sixth@firstcu.org', role: 'user' })).statusCode,
    ).toBe(201);
    await smtp.nextEmail();
  });

  it('resends with a new link (the old one stops working)', async () => {
    const admin = await signUpThroughApi(t.app);
    const email = `resend-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    await invite(admin.cookie, { email, role: 'user' });
    const oldToken = tokenFrom((await smtp.nextEmail()).body);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/team/invitations/${row!.id}/resend`,
      headers: { cookie: admin.cookie },
    });
    expect(resent.json().delivered).toBe(true);
    const newToken = tokenFrom((await smtp.nextEmail()).body);
    expect(newToken).not.toBe(oldToken);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/preview',
      payload: { token: oldToken },
    });
    expect(old.statusCode).toBe(404);
  });

  it('refuses an expired link', async () => {
    const admin = await signUpThroughApi(t.app);
    const email = `late-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    await invite(admin.cookie, { email, role: 'user' });
    const token = tokenFrom((await smtp.nextEmail()).body);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, email));
    const late = await accept({ token, fullName: 'Late Comer', password: 'Invited passphrase 1' });
    expect(late.statusCode).toBe(404);
  });

  it('lets an existing account without an institution accept after signing in, and only its owner', async () => {
    const admin = await signUpThroughApi(t.app);
    const solo = await signedInMember(t.app, { companyId: null, role: 'user' });
    const stranger = await signedInMember(t.app, { companyId: null, role: 'user' });
    await invite(admin.cookie, { email: solo.email, role: 'user' });
    const token = tokenFrom((await smtp.nextEmail()).body);

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/preview',
      payload: { token },
    });
    expect(preview.json().accountExists).toBe(true);
    const withPassword = await accept({ token, fullName: 'X', password: 'Invited passphrase 1' });
    expect(withPassword.statusCode).toBe(409);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept-signed-in',
      headers: { cookie: stranger.cookie },
      payload: { token },
    });
    expect(wrong.statusCode).toBe(403);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept-signed-in',
      headers: { cookie: solo.cookie },
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().company.id).toBe(admin.body.session.company.id);
  });

  it('keeps invitations to each institution’s own administrators', async () => {
    const admin = await signUpThroughApi(t.app);
    const other = await signUpThroughApi(t.app);
    await invite(admin.cookie, {
      email: `mine-${crypto.randomUUID().slice(0, 6)}@firstcu.org`,
      role: 'user',
    });
    await smtp.nextEmail();
    const [row] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.companyId, admin.body.session.company.id));
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/team/invitations',
      headers: { cookie: other.cookie },
    });
    expect(theirs.json().items).toEqual([]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/team/invitations/${crypto.randomUUID()}/revoke`,
      headers: { cookie: other.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    for (const action of ['resend', 'revoke']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/team/invitations/${row!.id}/${action}`,
        headers: { cookie: other.cookie },
      });
      expect(response.statusCode, action).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    // Nothing was sent, and the invitation is as it was: pending, with the same link.
    expect(smtp.received).toEqual([]);
    const [after] = await t.db.select().from(invitations).where(eq(invitations.id, row!.id));
    expect(after).toEqual(row);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/team/invitations',
      headers: { cookie: admin.cookie },
    });
    expect(mine.json().items.map((item: { id: string }) => item.id)).toEqual([row!.id]);
  });
});
