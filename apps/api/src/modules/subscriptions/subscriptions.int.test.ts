import { subscriptions } from '@complivue/db/schema/subscriptions';
import { createTestSubscription, daysFromNow } from '@complivue/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startJobs } from '../../jobs/job-runner.ts';
import { expireEndedTrials } from './trial-expiry.ts';

describe('subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const getSubscription = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie } });

  it("returns the company's trial with the days left", async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const response = await getSubscription(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      planName: 'trial',
      status: 'trialing',
      daysLeft: 14,
      isExpired: false,
    });
  });

  it('returns null for an account without a company', async () => {
    const email = `nocompany-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    await t.app.auth.api.signUpEmail({
      body: { email, password: 'Examiner-ready 2026', name: 'No Company' },
    });
    const cookie = cookiesFrom(await signInThroughApi(t.app, email, 'Examiner-ready 2026'));
    expect((await getSubscription(cookie)).json()).toBeNull();
  });

  it('prefers an active row over a newer pending one, so a plan change keeps access', async () => {
    const { cookie, body } = await signUpThroughApi(t.app);
    const companyId = body.session.company.id;
    await t.db
      .update(subscriptions)
      .set({ status: 'active', planName: 'basic' })
      .where(eq(subscriptions.companyId, companyId));
    await createTestSubscription(t.db, {
      companyId,
      planName: 'enterprise',
      status: 'pending_payment',
    });
    expect((await getSubscription(cookie)).json()).toMatchObject({
      planName: 'basic',
      status: 'active',
    });
  });

  it('reports a trial past its end as expired before the job runs, and the job then writes it, once', async () => {
    const { cookie, body } = await signUpThroughApi(t.app);
    const companyId = body.session.company.id;
    await t.db
      .update(subscriptions)
      .set({ trialEnd: daysFromNow(-1) })
      .where(eq(subscriptions.companyId, companyId));
    expect((await getSubscription(cookie)).json()).toMatchObject({
      status: 'trialing',
      isExpired: true,
      daysLeft: 0,
    });
    expect(await expireEndedTrials(t.db)).toBeGreaterThanOrEqual(1);
    expect(await expireEndedTrials(t.db)).toBe(0);
    expect((await getSubscription(cookie)).json()).toMatchObject({
      status: 'expired',
      isExpired: true,
    });
  });
});

describe('the trial-expiry job', () => {
  it('runs on the job runner and expires ended trials', async () => {
    const t = await createTestApp();
    try {
      const { body } = await signUpThroughApi(t.app);
      const companyId = body.session.company.id;
      await t.db
        .update(subscriptions)
        .set({ trialEnd: daysFromNow(-1) })
        .where(eq(subscriptions.companyId, companyId));
      const jobs = await startJobs({
        database: t.testDatabase.database,
        databaseUrl: t.testDatabase.url,
        log: t.app.log,
        mailer: t.app.mailer,
        contactEmail: undefined,
        appUrl: t.app.env.APP_URL,
        bus: t.app.realtime,
        deps: t.app.deps,
      });
      try {
        await expect
          .poll(
            async () => {
              const [row] = await t.db
                .select()
                .from(subscriptions)
                .where(eq(subscriptions.companyId, companyId));
              return row?.status;
            },
            { timeout: 30_000, interval: 200 },
          )
          .toBe('expired');
      } finally {
        await jobs.stop();
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
