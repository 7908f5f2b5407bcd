import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { CookieConsent } from '@/features/cookie-consent/cookie-consent';
import { logWarning } from '@/lib/log';

// Sonner is not needed for the first paint, so it is not in the app's initial JavaScript: it
// loads as the app starts. Nothing toasts before the person acts, and a toast raised before the
// Toaster mounts is shown when it does (sonner replays active toasts). If its code cannot be
// fetched (a dropped connection), the app goes on without toasts rather than failing whole.
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then(
    (module): { default: ComponentType } => ({ default: module.Toaster }),
    (error: unknown): { default: ComponentType } => {
      logWarning('The notifications area could not be loaded', error);
      return { default: () => null };
    },
  ),
);

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <CookieConsent />
    </QueryClientProvider>
  );
}
