import { SubscriptionPage } from '@/features/billing/subscription-page';
import { LeaveWithYourData } from '@/features/settings/data-tab';
import { useSession } from '@/lib/session';

/** `/subscription`: the plan, and for a lapsed institution's administrator its data. */
export function SubscriptionRoute() {
  const { data: session } = useSession();
  return (
    <SubscriptionPage
      leaving={session?.company && <LeaveWithYourData companyName={session.company.name} />}
    />
  );
}
