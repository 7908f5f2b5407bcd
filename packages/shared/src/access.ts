import { planHasFeature, type FeatureName } from './features.ts';
import { PLAN_RANK, planLabel, type PlanName, type SubscriptionStatus } from './plans.ts';
import { ROLE_LABELS, ROLE_RANK, type Role } from './roles.ts';

/**
 * Who may open a page or call an API route. The server enforces these on every request; the web
 * app reads the same table only to choose what to show.
 */
export type AccessRequirement =
  | { kind: 'public' }
  | { kind: 'session' }
  /** Status active, or trialing with the trial still running. */
  | { kind: 'subscription' }
  /**
   * At least this plan, with an active subscription (a running trial passes:
   * docs/product.md § Trial).
   */
  | { kind: 'plan'; plan: PlanName }
  | { kind: 'feature'; feature: FeatureName }
  | { kind: 'role'; role: Role }
  /**
   * Every requirement must hold (/automations in docs/product.md § Route requirements: role admin
   * and a subscription).
   */
  | { kind: 'all'; of: AccessRequirement[] };

export const PUBLIC: AccessRequirement = { kind: 'public' };
export const SIGNED_IN: AccessRequirement = { kind: 'session' };
export const SUBSCRIBED: AccessRequirement = { kind: 'subscription' };
export const requirePlan = (plan: PlanName): AccessRequirement => ({ kind: 'plan', plan });
export const requireFeature = (feature: FeatureName): AccessRequirement => ({
  kind: 'feature',
  feature,
});
export const requireRole = (role: Role): AccessRequirement => ({ kind: 'role', role });
export const requireAll = (...of: AccessRequirement[]): AccessRequirement => ({ kind: 'all', of });

/**
 * docs/product.md § Route requirements, with the routes the original table left open: paying and
 * reading notifications need only a session, so a blocked company can still pay.
 */
export const PAGE_ACCESS: Record<string, AccessRequirement> = {
  '/dashboard': SIGNED_IN,
  '/compliance': SUBSCRIBED,
  '/collaboration': SUBSCRIBED,
  '/settings': SUBSCRIBED,
  '/profile': SUBSCRIBED,
  // Open whatever the subscription: an expired institution must still be able to ask for help.
  '/support': SIGNED_IN,
  '/regulatory-feeds': requirePlan('basic'),
  '/regulatory-calendar': requirePlan('basic'),
  '/analytics': requirePlan('professional'),
  '/change-management': requirePlan('professional'),
  '/risk-scoring': requirePlan('professional'),
  '/policy-cross-referencing': requirePlan('professional'),
  '/automation': requirePlan('enterprise'),
  // Loan tests belong to the compliance library's plans (basic and up).
  '/loan-tests': requireFeature('compliance_library'),
  // HMDA checks too: HMDA reporters are banks, credit unions and mortgage companies alike.
  '/hmda-checks': requireFeature('compliance_library'),
  '/users': requireRole('admin'),
  '/qa-test': requireRole('admin'),
  '/article-enhancer': requireRole('admin'),
  '/automations': requireAll(requireRole('admin'), SUBSCRIBED),
  '/super-admin': requireRole('super_admin'),
  '/subscription': SIGNED_IN,
  '/settings/subscription': SIGNED_IN,
  '/checkout': SIGNED_IN,
  '/success': SIGNED_IN,
  '/notifications': SIGNED_IN,
  // It finds the library's articles and rules, so it has the library's guard.
  '/search': SUBSCRIBED,
};

/** The pages of PAGE_ACCESS by name, for the access matrix an admin or examiner reads. */
export const PAGE_TITLES: Record<keyof typeof PAGE_ACCESS, string> = {
  '/dashboard': 'Dashboard',
  '/compliance': 'Compliance Library',
  '/collaboration': 'Team Collaboration',
  '/settings': 'Settings',
  '/profile': 'Profile',
  '/support': 'Help & Support',
  '/regulatory-feeds': 'Regulatory Feeds',
  '/regulatory-calendar': 'Regulatory Calendar',
  '/analytics': 'Analytics',
  '/change-management': 'Change Management',
  '/risk-scoring': 'Risk Scoring',
  '/policy-cross-referencing': 'Policy Cross-Referencing',
  '/automation': 'Automation',
  '/loan-tests': 'Loan Tests',
  '/hmda-checks': 'HMDA Checks',
  '/users': 'Users (team, roles, activity)',
  '/qa-test': 'QA Test',
  '/article-enhancer': 'Article Enhancer',
  '/automations': 'Automations',
  '/super-admin': 'Super Admin',
  '/subscription': 'Subscription',
  '/settings/subscription': 'Settings › Subscription',
  '/checkout': 'Checkout',
  '/success': 'Payment success',
  '/notifications': 'Notifications',
  '/search': 'Search',
};

export interface AccessSummary {
  /** The lowest role that passes (every signed-in member: 'user'). */
  minimumRole: Role;
  /** The lowest plan needed, when a plan is named. */
  plan: PlanName | null;
  feature: FeatureName | null;
  /** Whether an active subscription or running trial is needed. */
  needsSubscription: boolean;
}

/** A requirement in the terms of the access matrix: which role, which plan. */
export function summarizeAccess(requirement: AccessRequirement): AccessSummary {
  const summary: AccessSummary = {
    minimumRole: 'user',
    plan: null,
    feature: null,
    needsSubscription: false,
  };
  const visit = (current: AccessRequirement) => {
    if (current.kind === 'role') summary.minimumRole = current.role;
    if (current.kind === 'plan') summary.plan = current.plan;
    if (current.kind === 'feature') summary.feature = current.feature;
    if (['subscription', 'plan', 'feature'].includes(current.kind))
      summary.needsSubscription = true;
    if (current.kind === 'all') current.of.forEach(visit);
  };
  visit(requirement);
  return summary;
}

/** The requirement of a page; sub-paths inherit their section's (`/compliance/…`). */
export function pageAccess(pathname: string): AccessRequirement | undefined {
  if (PAGE_ACCESS[pathname]) return PAGE_ACCESS[pathname];
  const section = Object.keys(PAGE_ACCESS)
    .filter((path) => pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  return section ? PAGE_ACCESS[section] : undefined;
}

export interface SubscriptionFacts {
  planName: PlanName;
  status: SubscriptionStatus;
  trialEnd: Date | string | null;
}

export interface AccessSubject {
  /** Null: not signed in. */
  role: Role | null;
  /** The company's subscription, or null when it has none. */
  subscription: SubscriptionFacts | null;
  now?: Date;
}

/** The denials' texts; those naming a plan or a role are composed in `decideAccess`. */
export const ACCESS_MESSAGES = {
  unauthorized: 'Please sign in to continue.',
  trial_expired:
    'Your 14-day free trial has ended. Choose a plan to continue accessing this feature.',
  subscription_required: 'This feature requires an active subscription to access.',
  role_required: (needed: Role, role: Role) =>
    `This requires the ${ROLE_LABELS[needed]} role (${needed}); your role is ${ROLE_LABELS[role]} (${role}).`,
  plan_excludes: (plan: PlanName) =>
    `Your current plan (${planLabel(plan)}) doesn't include access to this feature.`,
  /** When the plan is not named (the database refused the feature). */
  feature_unavailable: "Your current plan doesn't include access to this feature.",
} as const;

export type DenialCode =
  | 'unauthorized'
  | 'role_required'
  | 'subscription_required'
  | 'upgrade_required'
  | 'trial_expired'
  | 'feature_unavailable';

export type AccessDecision =
  | { allowed: true }
  | {
      allowed: false;
      code: DenialCode;
      message: string;
      needed?: Role | PlanName | FeatureName;
      current?: Role | PlanName | null;
    };

const ALLOWED: AccessDecision = { allowed: true };

/** A trialing subscription past its end is expired at once, whatever the stored status says. */
export function isTrialOver(subscription: SubscriptionFacts, now = new Date()): boolean {
  if (subscription.status === 'expired' && subscription.planName === 'trial') return true;
  if (subscription.status !== 'trialing') return false;
  return !subscription.trialEnd || new Date(subscription.trialEnd).getTime() <= now.getTime();
}

export function isSubscriptionUsable(
  subscription: SubscriptionFacts | null,
  now = new Date(),
): boolean {
  if (!subscription) return false;
  if (subscription.status === 'active') return true;
  return subscription.status === 'trialing' && !isTrialOver(subscription, now);
}

type Denial = Extract<AccessDecision, { allowed: false }>;

function subscriptionDenial(subject: AccessSubject, now: Date): Denial | null {
  const { subscription } = subject;
  if (isSubscriptionUsable(subscription, now)) return null;
  if (subscription && isTrialOver(subscription, now)) {
    return {
      allowed: false,
      code: 'trial_expired',
      message: ACCESS_MESSAGES.trial_expired,
      current: subscription.planName,
    };
  }
  return {
    allowed: false,
    code: 'subscription_required',
    message: ACCESS_MESSAGES.subscription_required,
    current: subscription?.planName ?? null,
  };
}

/**
 * The one decision, pure: the API applies it to every request (feature checks additionally go
 * through the database's `check_feature_access`), the web app to choose its guard screen.
 * Only super_admin bypasses subscription, plan and feature checks (docs/product.md § Access).
 */
export function decideAccess(
  requirement: AccessRequirement,
  subject: AccessSubject,
): AccessDecision {
  const now = subject.now ?? new Date();
  if (requirement.kind === 'public') return ALLOWED;
  if (!subject.role)
    return { allowed: false, code: 'unauthorized', message: ACCESS_MESSAGES.unauthorized };
  const role = subject.role;
  switch (requirement.kind) {
    case 'session':
      return ALLOWED;
    case 'role':
      return ROLE_RANK[role] >= ROLE_RANK[requirement.role]
        ? ALLOWED
        : {
            allowed: false,
            code: 'role_required',
            message: ACCESS_MESSAGES.role_required(requirement.role, role),
            needed: requirement.role,
            current: role,
          };
    case 'all':
      for (const part of requirement.of) {
        const decision = decideAccess(part, subject);
        if (!decision.allowed) return decision;
      }
      return ALLOWED;
    default:
      break;
  }
  if (role === 'super_admin') return ALLOWED;
  const denial = subscriptionDenial(subject, now);
  if (denial) {
    return requirement.kind === 'subscription'
      ? denial
      : { ...denial, needed: neededOf(requirement) };
  }
  const subscription = subject.subscription!;
  if (requirement.kind === 'plan') {
    // A running trial lets users through plan guards (docs/product.md § Trial).
    if (subscription.status === 'trialing') return ALLOWED;
    return PLAN_RANK[subscription.planName] >= PLAN_RANK[requirement.plan]
      ? ALLOWED
      : {
          allowed: false,
          code: 'upgrade_required',
          message: ACCESS_MESSAGES.plan_excludes(subscription.planName),
          needed: requirement.plan,
          current: subscription.planName,
        };
  }
  if (requirement.kind === 'feature') {
    return planHasFeature(subscription.planName, requirement.feature)
      ? ALLOWED
      : {
          allowed: false,
          code: 'feature_unavailable',
          message: ACCESS_MESSAGES.plan_excludes(subscription.planName),
          needed: requirement.feature,
          current: subscription.planName,
        };
  }
  return ALLOWED;
}

function neededOf(requirement: AccessRequirement): PlanName | FeatureName | undefined {
  if (requirement.kind === 'plan') return requirement.plan;
  if (requirement.kind === 'feature') return requirement.feature;
  return undefined;
}
