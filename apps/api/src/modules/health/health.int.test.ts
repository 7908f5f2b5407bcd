import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the engine and the applied migrations', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_ENGINE);
    expect(body.migrations.applied).toBeGreaterThanOrEqual(2);
    expect(body.migrations.latest).toMatch(/^\d{4}_/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 when the database cannot be reached', async () => {
    const unreachable = await createTestApp();
    await unreachable.testDatabase.database.close();
    const response = await unreachable.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable' });
    await unreachable.app.close();
    await unreachable.testDatabase.dispose();
  });
});
