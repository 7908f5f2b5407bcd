import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createApp } from './app.ts';
import { AppError } from './lib/app-error.ts';
import { PUBLIC } from './lib/route-access.ts';
import { createTestApp, openFileDatabase, testEnv, type TestApp } from '../test/test-app.ts';

/** Routes that exist only in this test, to drive the shared plugins the way a module would. */
function registerProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/probe/echo',
    {
      config: { access: PUBLIC },
      schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) },
    },
    async (request) => ({ received: request.body }),
  );
  typed.get('/api/probe/conflict', { config: { access: PUBLIC } }, async () => {
    throw new AppError('slug_taken', 'That already exists.');
  });
  typed.get('/api/probe/crash', { config: { access: PUBLIC } }, async () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
}

describe('the HTTP platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extend: registerProbeRoutes });
  });
  afterAll(() => t.close());

  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('accepts a valid body', async () => {
    const response = await post(JSON.stringify({ name: 'HMDA', count: 2 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { name: 'HMDA', count: 2 } });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers wrong types with 400 validation_failed and the fields', async () => {
    const response = await post(JSON.stringify({ name: '', count: 'two' }));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(JSON.stringify(error.details)).toContain('count');
  });

  it('answers an oversized body with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1_100_000), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await post('name=x', { 'content-type': 'text/xml' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it("passes an AppError through with its code's status and the site's message", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'slug_taken', message: 'That already exists.' },
    });
  });

  it('never shows an unexpected error to the client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('refuses a NUL character anywhere in the input with 400, before any query', async () => {
    const body = await post(JSON.stringify({ name: 'HM\u0000DA', count: 2 }));
    expect(body.statusCode).toBe(400);
    expect(body.json().error.code).toBe('validation_failed');
    expect(JSON.stringify(body.json().error.details)).toContain('/name');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: '\u0000', password: 'x' },
    });
    expect(signIn.statusCode).toBe(400);
    for (const url of [
      '/api/auth/password/reset-token?token=%00',
      '/api/users/%00/role',
      '/api/search?q=a%00b',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses a state-changing request from another site', async () => {
    const response = await post(JSON.stringify({ name: 'x', count: 1 }), {
      origin: 'https://attacker.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden_origin');
  });

  it('accepts a state-changing request from the app itself', async () => {
    const response = await post(JSON.stringify({ name: 'x', count: 1 }), {
      origin: 'http://localhost:3000',
    });
    expect(response.statusCode).toBe(200);
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('publishes an OpenAPI document generated from the route schemas, and its reference', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health'].get.responses['200']).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('route access declarations', () => {
  it('refuse to start an app with an API route that declares no access requirement', async () => {
    const { database, dispose } = await openFileDatabase();
    const app = await createApp({ env: testEnv(), database, logger: false });
    try {
      expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(
        'Route GET /api/undeclared does not declare its access requirement',
      );
    } finally {
      await app.close();
      await dispose();
    }
  });
});
