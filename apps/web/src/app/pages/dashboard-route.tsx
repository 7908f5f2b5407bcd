import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { OnboardingPanel } from '@/features/onboarding/onboarding-panel';
import { useSession } from '@/lib/session';

/** `/dashboard`: the dashboard with the member's onboarding (wizard and progress) on top. */
export function DashboardRoute() {
  const { data: session } = useSession();
  return <DashboardPage onboarding={session && <OnboardingPanel session={session} />} />;
}
