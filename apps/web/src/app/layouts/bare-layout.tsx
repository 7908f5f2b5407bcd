import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RouteGuard } from '@/features/access/route-guard';
import { useSession } from '@/lib/session';

/**
 * A signed-in page without the app's frame (`/qa-test`, docs/product.md § Self-check): the same
 * session check, sign-in redirect and access guard as `AppLayout`, and nothing around the page.
 */
export function BareLayout() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return <Spinner label="Checking your session" className="min-h-screen" />;
  }
  if (session.isError) {
    return (
      <main id="main" className="mx-auto max-w-lg px-4 py-24">
        <Alert variant="destructive">
          We could not check your session. {session.error.message}
        </Alert>
        <Button className="mt-4" onClick={() => session.refetch()}>
          Try again
        </Button>
      </main>
    );
  }
  if (!session.data) {
    return (
      <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />
    );
  }
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <RouteGuard pathname={location.pathname} session={session.data}>
        <Outlet />
      </RouteGuard>
    </main>
  );
}
