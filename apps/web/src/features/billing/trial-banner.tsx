import { TRIAL_DAYS } from '@complivue/shared/plans';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSubscription } from '@/lib/subscription';

const DAY_MS = 86_400_000;

/** Whole days left in a trial, rounded up (a trial ending in 3 hours has 1 day left); never negative. */
export function trialDaysLeft(trialEnd: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(trialEnd).getTime() - now.getTime()) / DAY_MS));
}

/**
 * docs/product.md § Trial banner: above every signed-in page — the days left while the trial
 * runs, and a different message once it has ended. The server decides expiry.
 */
export function TrialBanner({ enabled }: { enabled: boolean }) {
  const subscription = useSubscription(enabled);
  const data = subscription.data;
  if (!data || data.planName !== 'trial') return null;
  if (data.status === 'trialing' && data.trialEnd) {
    const days = trialDaysLeft(data.trialEnd);
    return (
      <div
        role="status"
        className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6"
      >
        {days === 1 ? 'Your free trial ends in 1 day.' : `Your free trial ends in ${days} days.`}{' '}
        <Link to={paths.subscription} className="font-semibold underline">
          Choose a plan
        </Link>
      </div>
    );
  }
  if (data.status === 'expired') {
    return (
      <div
        role="status"
        className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-950 sm:px-6"
      >
        Your {TRIAL_DAYS}-day free trial has ended.{' '}
        <Link to={paths.subscription} className="font-semibold underline">
          Choose a plan to continue
        </Link>
      </div>
    );
  }
  return null;
}
