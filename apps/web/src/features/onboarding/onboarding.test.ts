import type { SessionResponse } from '@complivue/shared/schemas/auth';
import type { CompanyProfile } from '@complivue/shared/schemas/companies';
import { describe, expect, it } from 'vitest';
import { isNewAccount } from '@/lib/session';
import { onboardingChecklist, shouldOfferOnboarding } from './onboarding.ts';

const now = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

function session(overrides: {
  createdAt?: string;
  completedAt?: string | null;
  role?: SessionResponse['profile']['role'];
  jobTitle?: string | null;
  twoFactor?: boolean;
}): SessionResponse {
  return {
    user: {
      id: 'u1',
      email: 'dana@firstcu.org',
      name: 'Dana Reyes',
      image: null,
      twoFactorEnabled: overrides.twoFactor ?? false,
      createdAt: overrides.createdAt ?? hoursAgo(1),
    },
    profile: {
      id: 'p1',
      fullName: 'Dana Reyes',
      jobTitle: overrides.jobTitle ?? null,
      phone: null,
      timezone: null,
      notificationPreferences: {},
      role: overrides.role ?? 'admin',
      status: 'active',
      companyId: 'c1',
      onboardingCompletedAt: overrides.completedAt ?? null,
    },
    company: {
      id: 'c1',
      name: 'First CU',
      institutionType: 'credit_union',
      assetsSize: null,
      requireTwoFactor: false,
    },
  };
}

const company: CompanyProfile = {
  id: 'c1',
  name: 'First CU',
  institutionType: 'credit_union',
  assetsSize: '500m_1b',
  primaryRegulator: null,
  statesOfOperation: [],
  regulationAreas: [],
  updatedAt: now.toISOString(),
};

describe('the onboarding window (docs/product.md § Onboarding: 168 hours)', () => {
  it('counts an account of 167 hours as new and one of 168 or 169 hours as not', () => {
    expect(isNewAccount(hoursAgo(167), now)).toBe(true);
    expect(isNewAccount(hoursAgo(168), now)).toBe(false);
    expect(isNewAccount(hoursAgo(169), now)).toBe(false);
  });

  it('offers the wizard to a new account until the browser flag or the server says done', () => {
    expect(shouldOfferOnboarding(session({ createdAt: hoursAgo(167) }), null, now)).toBe(true);
    expect(shouldOfferOnboarding(session({ createdAt: hoursAgo(169) }), null, now)).toBe(false);
    expect(shouldOfferOnboarding(session({}), 'true', now)).toBe(false);
    expect(shouldOfferOnboarding(session({ completedAt: hoursAgo(2) }), null, now)).toBe(false);
  });
});

describe('the onboarding checklist', () => {
  it("gives an administrator the institution's profile as a step, done once complete", () => {
    const steps = onboardingChecklist(session({ jobTitle: 'CCO' }), company);
    expect(steps.map((step) => [step.id, step.done])).toEqual([
      ['profile', true],
      ['company', false],
      ['two_factor', false],
    ]);
    const complete = {
      ...company,
      primaryRegulator: 'ncua' as const,
      regulationAreas: ['trid' as const],
    };
    expect(onboardingChecklist(session({ twoFactor: true }), complete).map((s) => s.done)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('leaves the institution out for members who cannot change it', () => {
    const steps = onboardingChecklist(session({ role: 'user' }), company);
    expect(steps.map((step) => step.id)).toEqual(['profile', 'two_factor']);
  });
});
