import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

/**
 * What a screen shows for a query: the spinner (named for screen readers) while it loads, the
 * server's message if it failed, `empty` when the data holds nothing to show, else the content.
 * One place for the three states every list and record screen has.
 */
export function QueryState<T>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data'>;
  /** What is loading, as a screen reader announces it ("Loading the outbox"). */
  loading: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined) {
    return <Alert variant="destructive">{query.error?.message ?? 'Something went wrong.'}</Alert>;
  }
  if (isEmpty?.(query.data) && empty !== undefined) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
