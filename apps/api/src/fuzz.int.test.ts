import { createTestSubscription } from '@complivue/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequests, type OpenApiOperation } from '../test/hostile-input.ts';
import { signUpThroughApi, signedInMember } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Every operation of the published API, sent hostile input by every kind of caller: no answer
 * may be a server error (DESIGN.md budgets: 0 server errors). The count of requests and of 5xx
 * is printed, so the closing note of a change can quote it.
 */

/** Operations the fuzzer cannot call as it calls the others, and why. */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/notifications/stream': 'a server-sent event stream that stays open by design',
};

/** Operations that would end the caller's session or subscription: sent anonymously only. */
const ANONYMOUS_ONLY = new Set(['POST /api/auth/sign-out']);

/** Operations that change the institution's standing for the rest of the run: sent last. */
const LAST = [
  'POST /api/stripe/cancel-subscription',
  'POST /api/stripe/update-subscription',
  'DELETE /api/company',
];

interface ServerError {
  caller: string;
  operation: string;
  variant: string;
  status: number;
  body: string;
}

describe('the API under hostile input', () => {
  let t: TestApp;
  const callers: [string, string | undefined][] = [['anonymous', undefined]];

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUpThroughApi(t.app);
    const companyId: string = admin.body.session.profile.companyId;
    // The top plan, so that no feature route stops a request before its own checks.
    await createTestSubscription(t.db, { companyId, planName: 'enterprise', status: 'active' });
    callers.push(['admin', admin.cookie]);
    for (const role of ['user', 'manager'] as const) {
      callers.push([role, (await signedInMember(t.app, { companyId, role })).cookie]);
    }
    callers.push([
      'super_admin',
      (await signedInMember(t.app, { companyId: null, role: 'super_admin' })).cookie,
    ]);
  });
  afterAll(() => t.close());

  it('answers every operation, for every caller, without a server error', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations: [string, string, OpenApiOperation][] = [];
    for (const [path, methods] of Object.entries<Record<string, OpenApiOperation>>(
      document.paths,
    )) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!NOT_FUZZED[name]) operations.push([method.toUpperCase(), path, operation]);
      }
    }
    const rank = (method: string, path: string) => LAST.indexOf(`${method} ${path}`);
    operations.sort((a, b) => rank(a[0], a[1]) - rank(b[0], b[1]));

    let requests = 0;
    let address = 0;
    const errors: ServerError[] = [];
    for (const [method, path, operation] of operations) {
      const name = `${method} ${path}`;
      for (const [caller, cookie] of callers) {
        if (cookie && ANONYMOUS_ONLY.has(name)) continue;
        const variants = hostileRequests(method, path, operation);
        // The plain request first: a caller the route refuses (401/403) is refused before any
        // schema or handler runs, so only the variants decided earlier (the path) are sent.
        variants.unshift(variants.pop()!);
        let refused = false;
        for (const request of variants) {
          if (refused && !request.variant.startsWith('path ')) continue;
          address += 1;
          const response = await t.app.inject({
            method: method as 'GET',
            url: request.url,
            payload: request.payload,
            // A fresh address each time, so that per-address limits do not hide what is behind.
            remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
          });
          requests += 1;
          if (request.variant === 'plain') refused = [401, 403].includes(response.statusCode);
          if (response.statusCode >= 500) {
            errors.push({
              caller,
              operation: name,
              variant: request.variant,
              status: response.statusCode,
              body: response.body.slice(0, 200),
            });
          }
        }
      }
    }
    process.stdout.write(
      `fuzz: ${operations.length} operations, ${callers.length} callers, ${requests} requests, ${errors.length} server errors (5xx)\n`,
    );
    expect(errors.slice(0, 25)).toEqual([]);
    expect(requests).toBeGreaterThan(operations.length * callers.length);
  }, 900_000);
});
