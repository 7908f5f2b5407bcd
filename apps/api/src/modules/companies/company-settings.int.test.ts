import { session } from '@complivue/db/schema/auth';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { todayIn } from '@complivue/shared/calendar-days';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('security settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/company/settings', headers: { cookie }, payload });
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('shows the defaults, and changes them for administrators only, audited', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    expect((await get(admin.cookie, '/api/company/settings')).json()).toEqual({
      requireTwoFactor: false,
      sessionLifetimeHours: 168,
      allowedEmailDomains: [],
      auditRetentionYears: 7,
    });
    const changed = await patch(admin.cookie, {
      sessionLifetimeHours: 12,
      allowedEmailDomains: ['@FirstCU.org', 'firstcu.org'],
    });
    expect(changed.json()).toEqual({
      requireTwoFactor: false,
      sessionLifetimeHours: 12,
      allowedEmailDomains: ['firstcu.org'],
      auditRetentionYears: 7,
    });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    expect((await patch(manager.cookie, { requireTwoFactor: true })).statusCode).toBe(403);
    const trail = await get(admin.cookie, '/api/team/activity?action=company.settings_updated');
    expect(trail.json().items[0]).toMatchObject({
      before: { sessionLifetimeHours: 168 },
      after: { sessionLifetimeHours: 12 },
    });
  });

  it('rejects a session length not offered and a malformed domain', async () => {
    const admin = await signUpThroughApi(t.app);
    const length = await patch(admin.cookie, { sessionLifetimeHours: 5 });
    expect(length.statusCode).toBe(400);
    expect(length.body).toContain('Choose one of the offered session lengths');
    const domain = await patch(admin.cookie, { allowedEmailDomains: ['not a domain'] });
    expect(domain.statusCode).toBe(400);
    expect(domain.body).toContain('Enter domains like firstcu.org');
  });

  it('sends members without two-factor to enrol: everything else is refused until they do', async () => {
    const admin = await signUpThroughApi(t.app);
    const member = await signedInMember(t.app, {
      companyId: admin.body.session.company.id,
      role: 'user',
    });
    await patch(admin.cookie, { requireTwoFactor: true });
    const dashboard = await get(member.cookie, '/api/dashboard');
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json().error).toEqual({
      code: 'two_factor_required',
      message:
        'Your institution requires two-factor authentication. Turn it on in your profile to continue.',
    });
    const sessionResponse = await get(member.cookie, '/api/auth/session');
    expect(sessionResponse.json().company.requireTwoFactor).toBe(true);
    expect((await get(member.cookie, '/api/auth/sessions')).statusCode).toBe(200);
    expect((await get(member.cookie, '/api/subscription')).statusCode).toBe(200);
  });

  it('ends a session older than the institution allows', async () => {
    const admin = await signUpThroughApi(t.app);
    const member = await signedInMember(t.app, {
      companyId: admin.body.session.company.id,
      role: 'user',
    });
    await patch(admin.cookie, { sessionLifetimeHours: 8 });
    expect((await get(member.cookie, '/api/dashboard')).statusCode).toBe(200);
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 9 * 3_600_000) })
      .where(eq(session.userId, member.userId));
    expect((await get(member.cookie, '/api/dashboard')).statusCode).toBe(401);
  });

  it('limits invitations to the allowed email domains', async () => {
    const admin = await signUpThroughApi(t.app);
    await patch(admin.cookie, { allowedEmailDomains: ['firstcu.org'] });
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: { cookie: admin.cookie },
      payload: { email: 'someone@gmail.com', role: 'user' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(
      'Invitations are limited to these email domains: firstcu.org.',
    );
  });
});

/** The archive's files as text (the test reads the ZIP independently of the library writing it). */
function unzip(archive: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(archive))).map(([name, data]) => [
      name,
      strFromU8(data),
    ]),
  );
}

describe('the data export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives an administrator a ZIP of the institution’s data, with no secrets, and records it', async () => {
    const admin = await signUpThroughApi(t.app);
    const member = await signedInMember(t.app, {
      companyId: admin.body.session.company.id,
      role: 'user',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/company/export',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzip(response.rawPayload);
    expect(Object.keys(entries).sort()).toEqual([
      'README.txt',
      'activity.csv',
      'assessments.csv',
      'calendar-completions.csv',
      'calendar.ics',
      'changes.csv',
      'company.json',
      'invitations.csv',
      'members.csv',
      'notifications.csv',
      'subscriptions.json',
    ]);
    // The exam record travels with the data: every applicable rule, the calendar with its
    // seeded regulatory deadlines (those a credit union's type alone determines: the BSA/AML
    // program's), the change register (empty here, with its header).
    expect(entries['assessments.csv']).toMatch(/TRID-LE-001/);
    expect(entries['calendar.ics']).toContain('BEGIN:VCALENDAR');
    expect(entries['calendar.ics']).toContain('31 CFR 1020.210');
    expect(entries['changes.csv']!.split('\n')[0]).toContain('Title');
    expect(JSON.parse(entries['company.json']!).profile.name).toBe('First Community Credit Union');
    expect(entries['members.csv']).toContain(member.email);
    expect(entries['activity.csv']).toContain('auth.sign_up');
    const everything = Object.values(entries).join('\n');
    expect(everything).not.toMatch(/\$argon2|scrypt|password_hash|totp/i);

    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/company/export',
      headers: { cookie: member.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/team/activity?action=company.exported',
      headers: { cookie: admin.cookie },
    });
    expect(trail.json().total).toBe(1);
  });

  it('exports none of another institution’s records when two share the database', async () => {
    const send = (cookie: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });

    /** An institution with a record of its own in every file of the archive. */
    async function institution(tag: string) {
      const unique = `${tag}-${crypto.randomUUID().slice(0, 8)}`; // lower case throughout
      const admin = await signUpThroughApi(t.app, {
        companyName: `${unique} Credit Union`,
        fullName: `${unique} Officer`,
      });
      const companyId: string = admin.body.session.company.id;
      const adminId: string = admin.body.session.user.id;
      await t.db
        .update(subscriptions)
        .set({ planName: 'enterprise', status: 'active', trialEnd: null })
        .where(eq(subscriptions.companyId, companyId));
      const member = await signedInMember(t.app, { companyId, role: 'user' });
      const invitee = `${unique}-invitee@firstcu.org`;
      const writes = [
        await send(admin.cookie, 'PATCH', `/api/users/${member.userId}/role`, { role: 'manager' }),
        await send(admin.cookie, 'POST', '/api/team/invitations', { email: invitee, role: 'user' }),
        await send(admin.cookie, 'PATCH', '/api/library/rules/TRID-LE-001/assessment', {
          status: 'compliant',
          ownerId: adminId,
        }),
        await send(admin.cookie, 'POST', '/api/changes', {
          title: `${unique} escrow analysis change`,
          areas: ['trid'],
          effectiveDate: '2027-01-01',
        }),
      ];
      const event = await send(admin.cookie, 'POST', '/api/calendar/events', {
        title: `${unique} board report`,
        startsOn: todayIn(null),
      });
      writes.push(event);
      const form = multipartForm({ evidenceNote: `${unique} minutes filed`, evidenceUrl: '' });
      writes.push(
        await t.app.inject({
          method: 'POST',
          url: `/api/calendar/events/${event.json().id}/occurrences/${event.json().startsOn}/completion`,
          headers: { cookie: admin.cookie, ...form.headers },
          payload: form.payload,
        }),
      );
      for (const response of writes) expect(response.statusCode, response.body).toBeLessThan(300);
      return {
        cookie: admin.cookie,
        tag: unique,
        memberId: member.userId,
        // What only this institution's export may contain.
        markers: [
          unique,
          companyId,
          adminId,
          admin.input.email,
          member.userId,
          member.email,
          invitee,
        ],
      };
    }

    const exportOf = async (cookie: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/company/export',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return unzip(response.rawPayload);
    };

    const alpha = await institution('alpha');
    const beta = await institution('beta');
    for (const [own, other] of [
      [alpha, beta],
      [beta, alpha],
    ] as const) {
      const files = await exportOf(own.cookie);
      // Each file carries the institution's own record (so the check below looks where the
      // other's would be)…
      for (const [name, text] of Object.entries(files)) {
        if (name === 'subscriptions.json') continue;
        expect(text, name).toContain(name === 'notifications.csv' ? own.memberId : own.tag);
      }
      // …and nothing of the other institution's: no name, id, email or title.
      for (const [name, text] of Object.entries(files)) {
        expect(
          other.markers.filter((marker) => text.includes(marker)),
          name,
        ).toEqual([]);
      }
    }
  });
});
