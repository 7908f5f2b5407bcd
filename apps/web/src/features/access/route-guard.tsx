import { decideAccess, pageAccess, type AccessRequirement } from '@complivue/shared/access';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { lazy, Suspense, type ReactNode } from 'react';
import type { PlanName } from '@complivue/shared/plans';
import type { Role } from '@complivue/shared/roles';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useSubscription } from '@/lib/subscription';
import { VerifyingAccess } from './verifying-access.tsx';

// The screens shown instead of a page are loaded only when one is needed: most page views
// show the page, and the app's initial JavaScript stays smaller (DESIGN.md budget).
const loadScreens = () => import('./guard-screens.tsx');
const AccessDenied = lazy(() => loadScreens().then((m) => ({ default: m.AccessDenied })));
const SubscriptionRequired = lazy(() =>
  loadScreens().then((m) => ({ default: m.SubscriptionRequired })),
);
const TrialExpired = lazy(() => loadScreens().then((m) => ({ default: m.TrialExpired })));
const TwoFactorRequired = lazy(() => loadScreens().then((m) => ({ default: m.TwoFactorRequired })));
const UpgradeRequired = lazy(() => loadScreens().then((m) => ({ default: m.UpgradeRequired })));

/** A guard screen, with the verifying spinner while its code loads. */
function Screen({ element }: { element: ReactNode }) {
  return <Suspense fallback={<VerifyingAccess />}>{element}</Suspense>;
}

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
  if (mustEnrol) return <Screen element={<TwoFactorRequired />} />;
  if (needsSubscription && subscription.isPending) return <VerifyingAccess />;
  if (needsSubscription && subscription.isError) {
    // A check that cannot be made denies (docs/product.md § Access), visibly.
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
      return (
        <Screen
          element={
            <AccessDenied needed={decision.needed as Role} current={decision.current as Role} />
          }
        />
      );
    case 'trial_expired':
      return <Screen element={<TrialExpired />} />;
    case 'upgrade_required':
      return (
        <Screen
          element={
            <UpgradeRequired
              needed={decision.needed as PlanName}
              current={(decision.current as PlanName) ?? null}
            />
          }
        />
      );
    default:
      return <Screen element={<SubscriptionRequired />} />;
  }
}
