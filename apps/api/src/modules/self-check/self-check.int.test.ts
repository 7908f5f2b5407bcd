import { featureAccessMatrix } from '@complivue/db/schema/subscriptions';
import { feedSources } from '@complivue/db/schema/feeds';
import type { SelfCheck, SelfCheckResponse } from '@complivue/shared/schemas/self-check';
import { and, eq } from 'drizzle-orm';
import { PgBoss, fromPglite } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runSelfCheck } from './self-check.service.ts';

describe('GET /api/self-check', () => {
  let t: TestApp;
  let alpha: { cookie: string; companyId: string; userId: string };
  let beta: { cookie: string; companyId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signUpThroughApi(t.app, { companyName: 'Alpha Credit Union' });
    const b = await signUpThroughApi(t.app, { companyName: 'Beta Savings Bank' });
    alpha = {
      cookie: a.cookie,
      companyId: a.body.session.company.id,
      userId: a.body.session.user.id,
    };
    beta = { cookie: b.cookie, companyId: b.body.session.company.id };
  });
  afterAll(() => t.close());

  async function selfCheck(cookie: string): Promise<SelfCheckResponse> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/self-check',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const find = (body: SelfCheckResponse, id: string): SelfCheck => {
    const check = body.checks.find((candidate) => candidate.id === id);
    if (!check) throw new Error(`no ${id} check in ${body.checks.map((c) => c.id).join(', ')}`);
    return check;
  };

  it('passes the database, migrations, storage, realtime and feature matrix on a healthy app', async () => {
    const body = await selfCheck(alpha.cookie);
    for (const id of ['database', 'migrations', 'storage', 'realtime', 'feature-matrix']) {
      expect(find(body, id), id).toMatchObject({ status: 'pass', fix: null });
    }
    expect(find(body, 'realtime').reason).toMatch(/went across the realtime bus and back/);
    // Tests do not start pg-boss: its tables do not exist, and the page says so.
    expect(find(body, 'jobs')).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/never started/),
      fix: { href: '/support' },
    });
    // No email server in tests: the outbox mode is a warning, whatever it last did.
    expect(find(body, 'email')).toMatchObject({
      status: 'warn',
      reason: expect.stringMatching(/outbox/),
    });
    expect(body.summary.pass + body.summary.warn + body.summary.fail).toBe(body.checks.length);
    // Failing first, then warnings, then passes.
    const order = body.checks.map((check) => ['fail', 'warn', 'pass'].indexOf(check.status));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
  });

  it("reports the administrator's institution configuration, and no cross-institution check", async () => {
    const body = await selfCheck(alpha.cookie);
    // Signed up without two-factor, alone, with only the type set.
    expect(find(body, 'admin-two-factor')).toMatchObject({
      status: 'warn',
      reason: expect.stringMatching(/No administrator uses two-factor/),
      fix: { href: '/profile' },
    });
    expect(find(body, 'admin-cover').status).toBe('warn');
    expect(find(body, 'two-factor-required').status).toBe('warn');
    expect(find(body, 'institution-profile')).toMatchObject({
      status: 'warn',
      details: [expect.stringContaining('regulation areas')],
      fix: { href: '/settings' },
    });
    expect(find(body, 'subscription').status).toBe('pass');
    expect(body.checks.filter((check) => check.group === 'operator')).toEqual([]);
  });

  it('refuses a plain user and a manager (403) and anyone signed out (401)', async () => {
    for (const role of ['user', 'manager'] as const) {
      const { cookie } = await signedInMember(t.app, { companyId: alpha.companyId, role });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/self-check',
        headers: { cookie },
      });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.code).toBe('role_required');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/self-check' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('fails the feature matrix when a row in the database differs, naming the difference', async () => {
    const row = and(
      eq(featureAccessMatrix.planName, 'professional'),
      eq(featureAccessMatrix.featureName, 'risk_scoring'),
    );
    await t.db.update(featureAccessMatrix).set({ hasAccess: false }).where(row);
    try {
      const matrix = find(await selfCheck(alpha.cookie), 'feature-matrix');
      expect(matrix.status).toBe('fail');
      expect(matrix.details).toEqual([
        'professional · risk_scoring: the database does not grant it, the code grants it',
      ]);
    } finally {
      await t.db.update(featureAccessMatrix).set({ hasAccess: true }).where(row);
    }
    expect(find(await selfCheck(alpha.cookie), 'feature-matrix').status).toBe('pass');
  });

  it("shows only the caller's own failing feed sources, never another institution's", async () => {
    await t.db.insert(feedSources).values([
      {
        companyId: beta.companyId,
        name: 'Beta state regulator feed',
        url: 'https://regulator.example/beta.xml',
        format: 'rss',
        status: 'failing',
        consecutiveFailures: 4,
        lastError: 'The server answered HTTP 500 Internal Server Error.',
      },
      {
        companyId: alpha.companyId,
        name: 'Alpha league newsletter',
        url: 'https://league.example/alpha.xml',
        format: 'rss',
        status: 'ok',
      },
    ]);
    const alphaFeeds = find(await selfCheck(alpha.cookie), 'feed-sources');
    expect(alphaFeeds.status).toBe('pass');
    expect(JSON.stringify(alphaFeeds)).not.toContain('Beta');

    const betaFeeds = find(await selfCheck(beta.cookie), 'feed-sources');
    expect(betaFeeds).toMatchObject({ status: 'warn', fix: { href: '/regulatory-feeds' } });
    expect(betaFeeds.details).toEqual([
      expect.stringContaining('Your source “Beta state regulator feed”: 4 failures in a row'),
    ]);
    // Nor does any other check of Alpha's page mention Beta's members or records.
    expect(JSON.stringify(await selfCheck(alpha.cookie))).not.toMatch(/Beta|regulator\.example/);
  });

  it('gives the platform operator the checks across institutions', async () => {
    const { cookie } = await signedInMember(t.app, { companyId: null, role: 'super_admin' });
    const body = await selfCheck(cookie);
    expect(find(body, 'institutions-posture').details).toEqual(
      expect.arrayContaining([expect.stringMatching(/where no administrator uses two-factor/)]),
    );
    expect(find(body, 'shared-feed-sources').group).toBe('operator');
    // Outside any institution: no institution checks.
    expect(body.checks.filter((check) => check.group === 'institution')).toEqual([]);
    expect(find(body, 'jobs').fix).toBeNull();
  });

  it('answers 200 with a failing storage check when storage throws', async () => {
    const original = t.app.storage.put;
    t.app.storage.put = () => Promise.reject(new Error('EACCES: permission denied'));
    try {
      const storage = find(await selfCheck(alpha.cookie), 'storage');
      expect(storage).toMatchObject({ status: 'fail', fix: { href: '/support' } });
      // An administrator is not shown the server's error text; the log has it.
      expect(JSON.stringify(storage)).not.toContain('EACCES');
    } finally {
      t.app.storage.put = original;
    }
  });

  it('fails a hung check on its own timeout while the others answer', async () => {
    const started = Date.now();
    const body = await runSelfCheck(
      {
        database: t.app.database,
        storage: { ...t.app.storage, put: () => new Promise(() => {}) },
        realtime: t.app.realtime,
        mailer: t.app.mailer,
        log: { error: () => {} },
      },
      {
        actor: { companyId: alpha.companyId, actorUserId: alpha.userId, role: 'admin' },
        timeoutMs: 400,
      },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(find(body, 'storage')).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/No answer within 0.4 seconds/),
    });
    expect(find(body, 'database').status).toBe('pass');
  });

  it("reads pg-boss's tables: each schedule's last run, failures, and the runner's heartbeat", async () => {
    const { database } = t.testDatabase;
    const boss = database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: t.testDatabase.url!, max: 2 });
    await boss.start();
    try {
      const queue = 'self-check-probe';
      await boss.createQueue(queue, { retryLimit: 0 });
      await boss.schedule(queue, '*/15 * * * *');
      await boss.work<{ fail?: boolean }>(queue, async ([job]) => {
        if (job?.data.fail) throw new Error('probe failure');
      });
      const ok = await boss.send(queue, {});
      const failing = await boss.send(queue, { fail: true });
      await expect
        .poll(
          async () =>
            (await Promise.all([ok, failing].map((id) => boss.getJobById(queue, id!)))).map(
              (job) => job?.state,
            ),
          { timeout: 20_000, interval: 200 },
        )
        .toEqual(['completed', 'failed']);

      const jobs = find(await selfCheck(alpha.cookie), 'jobs');
      expect(jobs.status).toBe('warn');
      expect(jobs.details).toContain('1 job runner running.');
      expect(jobs.details).toContainEqual(
        expect.stringMatching(
          /^self-check-probe \(every 15 minutes\): last completed just now · 1 failure in the last 24 hours$/,
        ),
      );
      expect(jobs.reason).toMatch(/1 job failed in the last 24 hours/);
    } finally {
      await boss.stop({ graceful: false, timeout: 2000 });
    }
  }, 60_000);

  it('passes SMTP delivery when the server accepts a login, and fails it once the server is gone', async () => {
    const smtp = await startSmtpReceiver();
    const withSmtp = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const { cookie } = await signUpThroughApi(withSmtp.app, { companyName: 'Gamma Bank' });
      const answer = async () => {
        const response = await withSmtp.app.inject({
          method: 'GET',
          url: '/api/self-check',
          headers: { cookie },
        });
        return (response.json() as SelfCheckResponse).checks.find((check) => check.id === 'email')!;
      };
      expect(await answer()).toMatchObject({
        status: 'pass',
        reason: expect.stringMatching(/SMTP/),
      });
      await smtp.close();
      expect(await answer()).toMatchObject({ status: 'fail', fix: { href: '/support' } });
    } finally {
      await smtp.close().catch(() => {});
      await withSmtp.close();
    }
  });
});
