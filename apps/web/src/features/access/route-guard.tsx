import { decideAccess, pageAccess, type AccessRequirement } from '@complivue/shared/access';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import type { ReactNode } from 'react';
import type { PlanName } from '@complivue/shared/plans';
import type { Role } from '@complivue/shared/roles';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useSubscription } from '@/lib/subscription';
import {
  AccessDenied,
  SubscriptionRequired,
  TrialExpired,
  TwoFactorRequired,
  UpgradeRequired,
  VerifyingAccess,
} from './guard-screens.tsx';

function involvesSubscription(requirement: AccessRequirement): boolean {
  if (requirement.kind === 'all') return requirement.of.some(involvesSubscription);
  return ['subscription', 'plan', 'feature'].includes(requirement.kind);
}

/**
 * Shows the page, or the guard screen the shared access table calls for. The server enforces
 * the same table on every API call; this only chooses what to show.
 */
export function RouteGuard({
  pathname,
  session,
  children,
}: {
  pathname: string;
  session: SessionResponse;
  children: ReactNode;
}) {
  const requirement = pageAccess(pathname) ?? { kind: 'session' };
  const needsSubscription =
    involvesSubscription(requirement) && session.profile.role !== 'super_admin';
  const subscription = useSubscription(needsSubscription);

  // Enrolling must stay possible: the profile (and notifications) stay open, as on the server.
  const mustEnrol =
    session.company?.requireTwoFactor &&
    !session.user.twoFactorEnabled &&
    pathname !== paths.profile &&
    pathname !== paths.notifications;
  if (mustEnrol) return <TwoFactorRequired />;
  if (needsSubscription && subscription.isPending) return <VerifyingAccess />;
  if (needsSubscription && subscription.isError) {
    // A check that cannot be made denies (SPEC.md §6), visibly.
    return (
      <Alert variant="destructive">
        Access could not be verified: {subscription.error.message}
      </Alert>
    );
  }
  const decision = decideAccess(requirement, {
    role: session.profile.role,
    subscription: subscription.data ?? null,
  });
  if (decision.allowed) return <>{children}</>;
  switch (decision.code) {
    case 'role_required':
      return <AccessDenied needed={decision.needed as Role} current={decision.current as Role} />;
    case 'trial_expired':
      return <TrialExpired />;
    case 'upgrade_required':
      return (
        <UpgradeRequired
          needed={decision.needed as PlanName}
          current={(decision.current as PlanName) ?? null}
        />
      );
    default:
      return <SubscriptionRequired />;
  }
}
