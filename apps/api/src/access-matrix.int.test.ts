import { isDeepStrictEqual } from 'node:util';
import {
  decideAccess,
  type AccessRequirement,
  type SubscriptionFacts,
} from '@complivue/shared/access';
import { ERROR_CATALOGUE } from '@complivue/shared/error-catalogue';
import type { PlanName, SubscriptionStatus } from '@complivue/shared/plans';
import { ROLES, type Role } from '@complivue/shared/roles';
import {
  createTestCompany,
  createTestSubscription,
  daysFromNow,
} from '@complivue/db/testing/factories';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_ROUTE_ACCESS, type ExpectedRoute } from '../test/expected-route-access.ts';
import { signedInMember } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { ApiRoute } from './app.ts';

/*
 * The access matrix. Expected answers come from test/expected-route-access.ts, a table written by
 * hand from the product's rules, never from the routes' own declarations, so a route declared
 * with too little access fails here twice: its declaration differs from its row, and a caller
 * its row refuses gets through. Every route × every role × every subscription state is called;
 * an allowed caller must get the answer the route really gives (a 2xx, or the row's one 4xx for
 * an empty request), so a route that throws (5xx) fails too.
 */

interface SubscriptionState {
  name: string;
  subscription: { planName: PlanName; status: SubscriptionStatus; trialEnd?: Date } | null;
}

const STATES: SubscriptionState[] = [
  { name: 'none', subscription: null },
  { name: 'inactive', subscription: { planName: 'basic', status: 'inactive' } },
  {
    name: 'pending_payment',
    subscription: { planName: 'professional', status: 'pending_payment' },
  },
  {
    name: 'trialing',
    subscription: { planName: 'trial', status: 'trialing', trialEnd: daysFromNow(7) },
  },
  {
    name: 'trialing past trial_end',
    subscription: { planName: 'trial', status: 'trialing', trialEnd: daysFromNow(-1) },
  },
  {
    name: 'expired',
    subscription: { planName: 'trial', status: 'expired', trialEnd: daysFromNow(-20) },
  },
  { name: 'active basic', subscription: { planName: 'basic', status: 'active' } },
  { name: 'active professional', subscription: { planName: 'professional', status: 'active' } },
  { name: 'active enterprise', subscription: { planName: 'enterprise', status: 'active' } },
];

interface Caller {
  label: string;
  role: Role | null;
  subscription: SubscriptionFacts | null;
  cookie?: string;
}

/**
 * Stripe configured, so that the routes only it registers (its webhook) are in the matrix too.
 * Nothing the matrix sends reaches Stripe (every payment call stops at validation or at a
 * checkout that does not exist); were one to, it would fail on a closed local port.
 */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_access_matrix',
  STRIPE_WEBHOOK_SECRET: 'whsec_access_matrix',
  STRIPE_PRICE_BASIC_MONTHLY: 'price_basic_m',
  STRIPE_PRICE_BASIC_ANNUAL: 'price_basic_a',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_pro_m',
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: 'price_pro_a',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_ent_m',
  STRIPE_PRICE_ENTERPRISE_ANNUAL: 'price_ent_a',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};

/** An id that passes every `z.uuid()` and names nothing. */
const PROBE_ID = '00000000-0000-4000-8000-00000000a11c';

/**
 * Path parameters that are not ids: a value that passes the route's schema, so that the probe
 * reaches the handler (which must then answer, not throw), and names nothing that exists.
 */
const PROBE_PARAMS: Record<string, string> = {
  ruleId: 'TRID-PROBE-999',
  slug: 'matrix-probe',
  date: '2026-01-15',
  version: '1',
  set: 'hmda-quarterly',
  fileName: '000000000000000000000000.png',
  // A discussion's kind of object (the id that follows names none).
  type: 'thread',
  // A HMDA edit's id as the platform names it.
  editId: 'Q607',
};

function probeUrl(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => PROBE_PARAMS[name] ?? PROBE_ID);
}

const routeKey = (route: ApiRoute) => `${route.method} ${route.url}`;

/** `all` in a fixed order, so that only a difference in meaning counts as one. */
function normalized(requirement: AccessRequirement): AccessRequirement {
  if (requirement.kind !== 'all') return requirement;
  const parts = requirement.of.map(normalized);
  return {
    kind: 'all',
    of: parts.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

function describeAccess(requirement: AccessRequirement): string {
  switch (requirement.kind) {
    case 'public':
      return 'public';
    case 'session':
      return 'signed in';
    case 'subscription':
      return 'subscribed';
    case 'plan':
      return `plan ${requirement.plan}`;
    case 'feature':
      return `feature ${requirement.feature}`;
    case 'role':
      return `role ${requirement.role}`;
    case 'all':
      return requirement.of.map(describeAccess).join(' + ');
  }
}

/** '2xx' for a success, else `<status> <error code>` as the error handler answers. */
function answerOf(response: LightMyRequestResponse): string {
  if (response.statusCode >= 200 && response.statusCode < 300) return '2xx';
  let code = '(no error code)';
  try {
    code = (response.json() as { error?: { code?: string } }).error?.code ?? code;
  } catch {
    // Not JSON: the status alone is reported.
  }
  return `${response.statusCode} ${code}`;
}

/** The probe: no body, no query, ids that exist nowhere. */
function callRoute(t: TestApp, route: ApiRoute, caller: Caller) {
  return t.app.inject({
    method: route.method as 'GET',
    url: probeUrl(route.url),
    headers: {
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      // A stream never ends: an invalid Last-Event-ID makes an allowed call end with a
      // 400 (validation runs after the access check), so the matrix holds nothing open.
      ...(route.url.endsWith('/stream') ? { 'last-event-id': 'not-an-id' } : {}),
    },
  });
}

/** What `caller` should get from a route with this row, or null when it is what it got. */
function mismatch(row: ExpectedRoute, caller: Caller, answer: string): string | null {
  const decision = decideAccess(row.access, {
    role: caller.role,
    subscription: caller.subscription,
  });
  const expected = decision.allowed
    ? (row.probe ?? '2xx')
    : `${ERROR_CATALOGUE[decision.code].status} ${decision.code}`;
  return answer === expected ? null : `expected ${expected}, got ${answer}`;
}

describe('access matrix', () => {
  let t: TestApp;
  const anonymous: Caller = { label: 'anonymous', role: null, subscription: null };
  const callers: Caller[] = [anonymous];

  beforeAll(async () => {
    t = await createTestApp({ env: STRIPE_ENV });
    for (const state of STATES) {
      for (const role of ROLES) {
        const company = await createTestCompany(t.db, { name: `Matrix ${state.name}` });
        if (state.subscription) {
          await createTestSubscription(t.db, { companyId: company.id, ...state.subscription });
        }
        const { cookie } = await signedInMember(t.app, { companyId: company.id, role });
        callers.push({
          label: `${role} / ${state.name}`,
          role,
          subscription: state.subscription
            ? { ...state.subscription, trialEnd: state.subscription.trialEnd ?? null }
            : null,
          cookie,
        });
      }
    }
  }, 300_000);
  afterAll(() => t.close());

  it('has a row for every route and no row for a route that does not exist', () => {
    const routes = new Set(t.app.apiRoutes.map(routeKey));
    const rows = new Set(Object.keys(EXPECTED_ROUTE_ACCESS));
    expect({
      'routes without a row in test/expected-route-access.ts': [...routes]
        .filter((key) => !rows.has(key))
        .sort(),
      'rows naming no route': [...rows].filter((key) => !routes.has(key)).sort(),
    }).toEqual({
      'routes without a row in test/expected-route-access.ts': [],
      'rows naming no route': [],
    });
  });

  it('declares on every route the requirement its row expects', () => {
    const differences = t.app.apiRoutes.flatMap((route) => {
      const row = EXPECTED_ROUTE_ACCESS[routeKey(route)];
      if (!row || isDeepStrictEqual(normalized(route.access), normalized(row.access))) return [];
      return [
        `${routeKey(route)}: declared ${describeAccess(route.access)}, expected ${describeAccess(row.access)}`,
      ];
    });
    expect(differences).toEqual([]);
  });

  it('answers every route for every caller as the expected table decides', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.apiRoutes) {
      const row = EXPECTED_ROUTE_ACCESS[routeKey(route)];
      // A route without a row fails the first test; there is nothing to expect of it here.
      if (!row) continue;
      // A public route is called once, anonymously: a member's cookie there could end the
      // session the matrix goes on using (sign-out) or meet per-address limits (sign-in).
      const routeCallers = row.access.kind === 'public' ? [anonymous] : callers;
      for (const caller of routeCallers) {
        const response = await callRoute(t, route, caller);
        const problem = mismatch(row, caller, answerOf(response));
        if (problem) mismatches.push(`${routeKey(route)} as ${caller.label}: ${problem}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
