import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { isCompanyProfileComplete, type CompanyProfile } from '@complivue/shared/schemas/companies';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import { isBuilt, paths } from '@/config/paths';
import { isNewAccount } from '@/lib/session';

/**
 * docs/product.md § Onboarding: shown automatically while the account is new and
 * `onboarding_completed_{userId}` is not set. The server keeps completion too (sign-out clears the
 * browser's storage).
 */
export function shouldOfferOnboarding(
  session: SessionResponse,
  storedFlag: string | null,
  now: Date = new Date(),
): boolean {
  return (
    isNewAccount(session.user.createdAt, now) &&
    storedFlag === null &&
    !session.profile.onboardingCompletedAt
  );
}

export interface ChecklistStep {
  id: 'profile' | 'company' | 'two_factor';
  label: string;
  done: boolean;
  /** A page that finishes the step; the others are finished in the wizard. */
  to?: string;
}

/**
 * What "set up" means, shown as progress on the dashboard until every step is done. The
 * institution's profile is the administrator's step.
 */
export function onboardingChecklist(
  session: SessionResponse,
  company: CompanyProfile | undefined,
): ChecklistStep[] {
  const steps: ChecklistStep[] = [
    {
      id: 'profile',
      label: 'Confirm your name and job title',
      done: Boolean(session.profile.fullName?.trim() && session.profile.jobTitle?.trim()),
    },
  ];
  if (company && hasRoleAtLeast(session.profile.role, 'admin')) {
    steps.push({
      id: 'company',
      label: "Complete your institution's profile",
      done: isCompanyProfileComplete(company),
      to: isBuilt('settings') ? paths.settings : undefined,
    });
  }
  steps.push({
    id: 'two_factor',
    label: 'Turn on two-factor authentication',
    done: session.user.twoFactorEnabled,
    to: paths.profile,
  });
  return steps;
}
