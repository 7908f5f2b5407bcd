import { riskSnapshots } from '@complivue/db/schema/risk-assessment';
import type { RiskTrendResponse } from '@complivue/shared/schemas/risk-assessment';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { institutionToday, snapshotAllRiskRegisters } from './risk-snapshots.ts';

const DAY_MS = 86_400_000;

describe('risk scoring: daily snapshots and the trend of residual risk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution } = changeTestKit(() => t);

  async function ok(cookie: string, method: 'POST' | 'PATCH', url: string, body: unknown) {
    const response = await call(cookie, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: string }>();
  }
  const snapshotsOf = (companyId: string) =>
    t.db.select().from(riskSnapshots).where(eq(riskSnapshots.companyId, companyId));
  async function trend(cookie: string, query = '') {
    const response = await call(cookie, 'GET', `/api/risks/trend${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RiskTrendResponse>();
  }

  it('writes one snapshot per institution and day, however often the job runs, from the register’s real ratings', async () => {
    const { companyId, manager, user } = await institution();
    const other = await institution();
    // Nothing before the first snapshot: the trend never invents a past.
    expect(await trend(user.cookie)).toEqual({ today: institutionToday(new Date()), points: [] });

    const critical = await ok(manager.cookie, 'POST', '/api/risks', {
      title: 'Loan Estimates delivered late',
      area: 'trid',
      productLine: 'mortgage_origination',
      inherentLikelihood: 4,
      inherentImpact: 5,
    });
    await ok(manager.cookie, 'POST', '/api/risks', {
      title: 'Cash transactions not aggregated',
      area: 'bsa_aml',
      productLine: 'deposits',
    });
    const yesterday = new Date(Date.now() - DAY_MS);
    await snapshotAllRiskRegisters(t.db, { now: yesterday });
    await snapshotAllRiskRegisters(t.db, { now: yesterday });
    expect(await snapshotsOf(companyId)).toHaveLength(1);

    // The next day the manager rates the second risk and lowers the first; two runs that day.
    await ok(manager.cookie, 'PATCH', `/api/risks/${critical.id}`, {
      inherentLikelihood: 2,
      inherentImpact: 5,
    });
    const now = new Date();
    await snapshotAllRiskRegisters(t.db, { now });
    await ok(manager.cookie, 'POST', '/api/risks', {
      title: 'Flood determinations missed',
      area: 'flood',
      productLine: 'mortgage_origination',
      inherentLikelihood: 1,
      inherentImpact: 3,
    });
    await snapshotAllRiskRegisters(t.db, { now });
    const rows = await snapshotsOf(companyId);
    expect(rows.map((row) => row.day).sort()).toEqual([
      institutionToday(yesterday),
      institutionToday(now),
    ]);

    const { points } = await trend(user.cookie);
    expect(points).toEqual([
      {
        day: institutionToday(yesterday),
        riskCount: 2,
        notRatedCount: 1,
        bands: { low: 0, moderate: 0, high: 0, critical: 1 },
        totalResidualScore: 20,
        averageResidualScore: 20,
        byArea: {
          trid: {
            riskCount: 1,
            notRatedCount: 0,
            bands: { low: 0, moderate: 0, high: 0, critical: 1 },
            totalResidualScore: 20,
            averageResidualScore: 20,
          },
          bsa_aml: {
            riskCount: 1,
            notRatedCount: 1,
            bands: { low: 0, moderate: 0, high: 0, critical: 0 },
            totalResidualScore: 0,
            averageResidualScore: null,
          },
        },
      },
      expect.objectContaining({
        day: institutionToday(now),
        // Today's row holds the last run's figures: the third risk is in it.
        riskCount: 3,
        notRatedCount: 1,
        bands: { low: 1, moderate: 0, high: 1, critical: 0 },
        totalResidualScore: 13,
        averageResidualScore: 6.5,
      }),
    ]);
    // A window of two days: yesterday and today.
    expect((await trend(user.cookie, '?days=2')).points).toHaveLength(2);

    // Another institution sees its own trend only (it has no risk, so no snapshot).
    expect((await trend(other.user.cookie)).points).toEqual([]);
    expect(await snapshotsOf(other.companyId)).toEqual([]);
  });

  it('refuses a window it cannot show with a clear 400', async () => {
    const { user } = await institution();
    for (const query of ['?days=1', '?days=731', '?days=ten', '?days=2.5']) {
      const response = await call(user.cookie, 'GET', `/api/risks/trend${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
  });

  it('needs the professional plan', async () => {
    const { user } = await institution('basic');
    expect((await call(user.cookie, 'GET', '/api/risks/trend')).statusCode).toBe(403);
  });
});
