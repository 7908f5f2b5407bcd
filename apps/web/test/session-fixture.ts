import type { SessionResponse } from '@complivue/shared/schemas/auth';

/** A signed-in administrator of First Community Credit Union, as `/api/auth/session` says. */
export const adminSession: SessionResponse = {
  user: {
    id: 'user-1',
    email: 'dana@firstcu.org',
    name: 'Dana Reyes',
    image: null,
    twoFactorEnabled: false,
    createdAt: '2026-01-05T12:00:00.000Z',
  },
  profile: {
    id: 'user-1',
    fullName: 'Dana Reyes',
    jobTitle: null,
    phone: null,
    timezone: null,
    notificationPreferences: {},
    role: 'admin',
    status: 'active',
    companyId: 'company-1',
    onboardingCompletedAt: null,
  },
  company: {
    id: 'company-1',
    name: 'First Community Credit Union',
    institutionType: 'credit_union',
    assetsSize: null,
    requireTwoFactor: false,
  },
};
