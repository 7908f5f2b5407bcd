import { useQueryClient } from '@tanstack/react-query';
import { Discussion } from '@/components/discussion/discussion';
import { changeQueryKey } from '../api.ts';

/**
 * The change's discussion, as every object's (features/collaboration): live, with @mentions;
 * a comment also enters the change's history, so the change is read again.
 */
export function ChangeComments({ changeId }: { changeId: string }) {
  const queryClient = useQueryClient();
  return (
    <Discussion
      subject={{ type: 'change', id: changeId }}
      onChange={() => void queryClient.invalidateQueries({ queryKey: changeQueryKey(changeId) })}
    />
  );
}
