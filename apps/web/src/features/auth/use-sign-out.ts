import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { signOut } from './api.ts';

/**
 * docs/product.md § Sign-out: sign-out signs out every session, clears local and session storage
 * and goes to `/` replacing history. It always succeeds from the user's point of view. `/` is the
 * website's own document, so it is loaded as one (one navigation, nothing of the app left in
 * memory).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await signOut().catch(() => undefined);
    localStorage.clear();
    sessionStorage.clear();
    queryClient.clear();
    window.location.replace(paths.home);
  };
}
