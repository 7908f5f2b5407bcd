import { ACCESS_MESSAGES } from '@complivue/shared/access';
import { PLAN_CATALOGUE, planLabel, type PlanName } from '@complivue/shared/plans';
import { ROLE_LABELS, type Role } from '@complivue/shared/roles';
import { Lock, ShieldAlert, Sparkles, TimerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isBuilt, paths } from '@/config/paths';

/*
 * The screens a guard shows instead of a page (docs/product.md § Access-denied screens), with
 * their titles and buttons. Links point only at pages that exist (config/paths.ts).
 */

function Screen({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-lg text-center" role="region" aria-labelledby="guard-title">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </div>
      <h1 id="guard-title" className="mt-4 text-xl font-bold text-slate-900">
        {title}
      </h1>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>
    </Card>
  );
}

export { VerifyingAccess } from './verifying-access.tsx';

function DashboardButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <Button asChild variant={variant}>
      <Link to={paths.dashboard}>Dashboard</Link>
    </Button>
  );
}

export function AccessDenied({ needed, current }: { needed: Role; current: Role }) {
  const navigate = useNavigate();
  return (
    <Screen
      icon={<ShieldAlert aria-hidden="true" className="size-6" />}
      title="Access Denied"
      actions={
        <>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go Back
          </Button>
          <DashboardButton variant="primary" />
        </>
      }
    >
      This page requires the {ROLE_LABELS[needed]} role ({needed}). Your current role is{' '}
      {ROLE_LABELS[current]} ({current}).
    </Screen>
  );
}

export function SubscriptionRequired() {
  return (
    <Screen
      icon={<Lock aria-hidden="true" className="size-6" />}
      title="Subscription Required"
      actions={
        <Button asChild>
          <Link to={paths.subscription}>Manage Subscription</Link>
        </Button>
      }
    >
      {ACCESS_MESSAGES.subscription_required}
    </Screen>
  );
}

export function UpgradeRequired({
  needed,
  current,
}: {
  needed: PlanName;
  current: PlanName | null;
}) {
  return (
    <Screen
      icon={<Sparkles aria-hidden="true" className="size-6" />}
      title="Upgrade Required"
      actions={
        <Button asChild>
          <Link to={paths.subscription}>Upgrade Plan</Link>
        </Button>
      }
    >
      This page is part of the {planLabel(needed)} plan or higher.
      {current ? ` ${ACCESS_MESSAGES.plan_excludes(current)}` : ''}
    </Screen>
  );
}

export function TrialExpired() {
  return (
    <Screen
      icon={<TimerOff aria-hidden="true" className="size-6" />}
      title="Trial Expired"
      actions={
        <>
          <DashboardButton />
          <Button asChild>
            <Link to={paths.subscription}>Upgrade Now</Link>
          </Button>
        </>
      }
    >
      {ACCESS_MESSAGES.trial_expired}
    </Screen>
  );
}

function OptionalLink({ to, children }: { to: 'pricing' | 'contact'; children: ReactNode }) {
  if (!isBuilt(to)) return null;
  return (
    <Link to={paths[to]} className="font-medium text-brand-700 underline">
      {children}
    </Link>
  );
}

/** Shown inside a page for a feature the plan lacks (docs/product.md § Access-denied screens). */
export function PremiumFeatureCard({ plan }: { plan: PlanName | null }) {
  return (
    <Card role="region" aria-labelledby="premium-title">
      <h2 id="premium-title" className="text-lg font-semibold text-slate-900">
        Premium Feature
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {plan ? ACCESS_MESSAGES.plan_excludes(plan) : ACCESS_MESSAGES.subscription_required}
      </p>
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        <OptionalLink to="pricing">Compare plans</OptionalLink>
        <Link to={paths.settingsSubscription} className="font-medium text-brand-700 underline">
          Upgrade Subscription
        </Link>
        <OptionalLink to="contact">Contact us</OptionalLink>
      </div>
    </Card>
  );
}

/** Shown inside a page once the trial is over (docs/product.md § Access-denied screens). */
export function ExpiredTrialCard() {
  const basic = PLAN_CATALOGUE.basic;
  return (
    <Card role="region" aria-labelledby="expired-trial-title">
      <h2 id="expired-trial-title" className="text-lg font-semibold text-slate-900">
        Your trial has ended
      </h2>
      <p className="mt-2 text-sm text-slate-700">{ACCESS_MESSAGES.trial_expired}</p>
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        <OptionalLink to="pricing">Compare plans</OptionalLink>
        <Link
          to={`${paths.checkout}?plan=basic&billing=monthly`}
          className="font-medium text-brand-700 underline"
        >
          Continue with Basic (${basic.price.monthly}/month)
        </Link>
      </div>
    </Card>
  );
}

/** The institution requires two-factor authentication and this member has not turned it on. */
export function TwoFactorRequired() {
  return (
    <Screen
      icon={<ShieldAlert aria-hidden="true" className="size-6" />}
      title="Two-factor authentication required"
      actions={
        <Button asChild>
          <Link to={paths.profile}>Turn it on in your profile</Link>
        </Button>
      }
    >
      Your institution requires two-factor authentication of every member. Turn it on with an
      authenticator app; this takes a minute, and then everything is open again.
    </Screen>
  );
}
