import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { signOut } from './api.ts';

/**
 * SPEC.md §4: sign-out signs out every session, clears local and session storage and goes to
 * `/` replacing history. It always succeeds from the user's point of view.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await signOut().catch(() => undefined);
    localStorage.clear();
    sessionStorage.clear();
    queryClient.clear();
    navigate(paths.home, { replace: true });
  };
}
