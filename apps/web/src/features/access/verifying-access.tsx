import { Spinner } from '@/components/ui/spinner';

/** While the subscription a page needs is checked, and while a guard screen loads. */
export function VerifyingAccess() {
  return <Spinner label="Verifying access..." />;
}
