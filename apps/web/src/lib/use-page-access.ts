import { decideAccess, pageAccess } from '@complivue/shared/access';
import { PLAN_CATALOGUE, type PaidPlanName } from '@complivue/shared/plans';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { useSubscription } from './subscription.ts';

/**
 * Whether this member may open a page of the app, decided as the sidebar and the server decide
 * it (the shared access table): a link is offered only where it leads somewhere.
 */
export function usePageAccess(path: string, session: SessionResponse) {
  const requirement = pageAccess(path);
  const subscription = useSubscription(session.profile.role !== 'super_admin');
  if (!requirement) return { allowed: false as const, needed: null, pending: false };
  const decision = decideAccess(requirement, {
    role: session.profile.role,
    subscription: subscription.data ?? null,
  });
  if (decision.allowed) return { allowed: true as const, needed: null, pending: false };
  return {
    allowed: false as const,
    needed: decision.needed ?? null,
    pending: subscription.isPending,
  };
}

/** The plan a refused page needs, by its name ("Professional"); null when a role is missing. */
export function neededPlanLabel(needed: string | null | undefined): string | null {
  return needed && needed in PLAN_CATALOGUE ? PLAN_CATALOGUE[needed as PaidPlanName].label : null;
}
