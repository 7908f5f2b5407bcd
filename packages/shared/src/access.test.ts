import { describe, expect, it } from 'vitest';
import {
  PAGE_ACCESS,
  PAGE_TITLES,
  summarizeAccess,
  decideAccess,
  pageAccess,
  requireAll,
  requireFeature,
  requirePlan,
  requireRole,
  SUBSCRIBED,
  type AccessSubject,
  type SubscriptionFacts,
} from './access.ts';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2026-11-30T12:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');
const sub = (
  planName: SubscriptionFacts['planName'],
  status: SubscriptionFacts['status'],
  trialEnd: Date | null = null,
) => ({
  planName,
  status,
  trialEnd,
});
const subject = (
  role: AccessSubject['role'],
  subscription: SubscriptionFacts | null,
): AccessSubject => ({
  role,
  subscription,
  now,
});

describe('decideAccess', () => {
  it('asks a visitor to sign in for anything not public', () => {
    expect(decideAccess(SUBSCRIBED, subject(null, null))).toMatchObject({
      allowed: false,
      code: 'unauthorized',
    });
  });

  it('names the needed and the current role', () => {
    expect(
      decideAccess(requireRole('super_admin'), subject('admin', sub('enterprise', 'active'))),
    ).toMatchObject({
      allowed: false,
      code: 'role_required',
      needed: 'super_admin',
      current: 'admin',
    });
    expect(decideAccess(requireRole('manager'), subject('admin', null))).toEqual({ allowed: true });
  });

  it('lets a running trial through subscription and plan guards, even enterprise', () => {
    const trial = sub('trial', 'trialing', later);
    expect(decideAccess(SUBSCRIBED, subject('user', trial)).allowed).toBe(true);
    expect(decideAccess(requirePlan('enterprise'), subject('user', trial)).allowed).toBe(true);
  });

  it('treats a trial past its end as expired, before any job has run', () => {
    const ended = sub('trial', 'trialing', earlier);
    expect(decideAccess(SUBSCRIBED, subject('admin', ended))).toMatchObject({
      code: 'trial_expired',
    });
    expect(
      decideAccess(requirePlan('basic'), subject('user', sub('trial', 'expired'))),
    ).toMatchObject({
      code: 'trial_expired',
    });
  });

  it('requires a subscription: none, pending payment, expired paid, inactive', () => {
    for (const subscription of [
      null,
      sub('enterprise', 'pending_payment'),
      sub('basic', 'expired'),
      sub('basic', 'inactive'),
    ]) {
      expect(decideAccess(SUBSCRIBED, subject('admin', subscription))).toMatchObject({
        code: 'subscription_required',
      });
    }
  });

  it('asks for an upgrade when the active plan is too low', () => {
    expect(
      decideAccess(requirePlan('professional'), subject('user', sub('basic', 'active'))),
    ).toMatchObject({
      code: 'upgrade_required',
      needed: 'professional',
      current: 'basic',
      message: "Your current plan (Basic) doesn't include access to this feature.",
    });
    expect(
      decideAccess(requirePlan('basic'), subject('user', sub('professional', 'active'))).allowed,
    ).toBe(true);
  });

  it('checks features against the plan matrix', () => {
    expect(
      decideAccess(requireFeature('risk_scoring'), subject('user', sub('basic', 'active'))),
    ).toMatchObject({
      code: 'feature_unavailable',
    });
    expect(
      decideAccess(requireFeature('api_access'), subject('user', sub('trial', 'trialing', later))),
    ).toMatchObject({
      code: 'feature_unavailable',
    });
  });

  it('lets only super_admin bypass subscription checks; roles still apply to everyone', () => {
    expect(decideAccess(requirePlan('enterprise'), subject('super_admin', null)).allowed).toBe(
      true,
    );
    expect(decideAccess(SUBSCRIBED, subject('admin', null)).allowed).toBe(false);
  });

  it('needs both readings for /automations', () => {
    const automations = requireAll(requireRole('admin'), SUBSCRIBED);
    expect(
      decideAccess(automations, subject('manager', sub('enterprise', 'active'))),
    ).toMatchObject({ code: 'role_required' });
    expect(decideAccess(automations, subject('admin', null))).toMatchObject({
      code: 'subscription_required',
    });
    expect(decideAccess(automations, subject('admin', sub('basic', 'active'))).allowed).toBe(true);
  });
});

describe('page access table', () => {
  it('covers the routes of docs/product.md § Route requirements and lets sub-paths inherit', () => {
    expect(PAGE_ACCESS['/automation']).toEqual(requirePlan('enterprise'));
    expect(pageAccess('/compliance/articles/42')).toEqual(SUBSCRIBED);
    expect(pageAccess('/users/team')).toEqual(requireRole('admin'));
    expect(pageAccess('/settings/subscription')).toEqual({ kind: 'session' });
    expect(pageAccess('/')).toBeUndefined();
  });
});

describe('summarizeAccess (the access matrix)', () => {
  it('names the role and plan each page needs', () => {
    expect(summarizeAccess(PAGE_ACCESS['/users']!)).toMatchObject({
      minimumRole: 'admin',
      needsSubscription: false,
    });
    expect(summarizeAccess(PAGE_ACCESS['/change-management']!)).toMatchObject({
      minimumRole: 'user',
      plan: 'professional',
      needsSubscription: true,
    });
    expect(summarizeAccess(PAGE_ACCESS['/automations']!)).toMatchObject({
      minimumRole: 'admin',
      needsSubscription: true,
    });
  });

  it('titles every page of the table', () => {
    expect(Object.keys(PAGE_TITLES).sort()).toEqual(Object.keys(PAGE_ACCESS).sort());
  });
});
