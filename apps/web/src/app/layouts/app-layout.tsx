import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DISCLAIMER } from '@/config/disclaimer';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { HeaderSearch } from '@/features/search/header-search';
import { NotificationsMenu } from '@/features/notifications/notifications-menu';
import { useNotificationStream } from '@/features/notifications/use-notification-stream';
import { TrialBanner } from '@/features/billing/trial-banner';
import { ChatLauncher } from '@/features/chat/chat-launcher';
import { Sidebar } from './sidebar.tsx';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';
import { setOnboardingFlag } from '@/lib/browser-storage';
import { RouteGuard } from '@/features/access/route-guard';
import { displayName } from '@/lib/session';
import { UserAvatar } from '@/components/user-avatar';
import { useSession } from '@/lib/session';
import { ApiClientError } from '@/lib/api-client';
import { useDeferredMenu, useDeferredModule } from '@/lib/use-deferred-module';

// Radix's menu and dialog are not needed for the first paint: loaded after it (or when reached for).
const loadAccountMenu = () => import('./account-menu.tsx');
const loadNavigationDrawer = () => import('./navigation-drawer.tsx');
// Only a member without an institution sees this form: it is loaded for them alone.
const CreateCompanyPrompt = lazy(() =>
  import('@/features/companies/create-company-prompt').then((module) => ({
    default: module.CreateCompanyPrompt,
  })),
);

/** The header's account button; its menu is loaded after the first paint (account-menu.tsx). */
function AccountMenuButton({ session }: { session: SessionResponse }) {
  const menu = useDeferredMenu(loadAccountMenu);
  const name = displayName(session);
  const trigger = (props: ComponentProps<'button'>) => (
    <button
      type="button"
      className="flex items-center gap-3 rounded-md px-2 py-1 text-left hover:bg-slate-100"
      {...props}
    >
      <span className="sr-only">Open account menu:</span>
      <UserAvatar session={session} size={36} />
      <span className="hidden text-sm sm:block">
        <span className="block font-medium text-slate-900">{name}</span>
        <span className="block text-slate-600">{session.user.email}</span>
      </span>
    </button>
  );
  if (!menu.module) return trigger(menu.fallbackTriggerProps);
  return (
    <menu.module.AccountMenu
      session={session}
      defaultOpen={menu.defaultOpen}
      trigger={trigger(menu.loadedTriggerProps)}
    />
  );
}

/**
 * The signed-in frame: a spinner while the session loads, a visible error (with retry) when it
 * cannot be checked, and a redirect to /login that remembers where the user was going.
 */
export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawer, loadDrawer] = useDeferredModule(loadNavigationDrawer);
  useNotificationStream(Boolean(session.data));

  // Onboarding completion survives sign-out on the server; mirror it back into this browser.
  const userId = session.data?.user.id;
  const onboardingDone = Boolean(session.data?.profile.onboardingCompletedAt);
  useEffect(() => {
    if (userId && onboardingDone) setOnboardingFlag(userId);
  }, [userId, onboardingDone]);

  if (session.isPending) {
    return <Spinner label="Loading your workspace" className="min-h-screen" />;
  }
  if (session.isError) {
    const timedOut = session.error instanceof ApiClientError && session.error.code === 'timeout';
    return (
      <main id="main" className="mx-auto max-w-lg px-4 py-24">
        <Alert variant="destructive">
          {timedOut
            ? 'Checking your session took too long. The service may be busy.'
            : 'We could not check your session.'}{' '}
          {session.error.message}
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

  // A member without an institution creates one (or waits for an invitation); the profile stays open.
  const needsCompany =
    !session.data.company &&
    session.data.profile.role !== 'super_admin' &&
    location.pathname !== paths.profile;
  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* The column runs the page's whole height (its white and its border do not stop where
          the first screen ends on a long page); the sidebar inside stays in view. */}
      <div
        data-print="hide"
        className={cn(
          'hidden shrink-0 bg-white shadow-[inset_-1px_0_0_var(--color-slate-200)] transition-[width] md:block',
          collapsed ? 'w-20' : 'w-[280px]',
        )}
      >
        <aside aria-label="Sidebar" data-testid="sidebar" className="sticky top-0 h-screen">
          <Sidebar session={session.data} collapsed={collapsed} />
        </aside>
      </div>
      {drawer && (
        <drawer.NavigationDrawer
          session={session.data}
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header data-print="hide" className="sticky top-0 z-30 border-b border-slate-200 bg-white">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
            <button
              type="button"
              onClick={() => {
                // Opens as soon as the drawer's code is there (at once, after the first paint).
                setDrawerOpen(true);
                loadDrawer();
              }}
              className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
              aria-label="Open navigation"
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={toggleCollapsed}
              aria-pressed={collapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              className="hidden size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:inline-flex"
            >
              {collapsed ? (
                <PanelLeftOpen aria-hidden="true" className="size-5" />
              ) : (
                <PanelLeftClose aria-hidden="true" className="size-5" />
              )}
            </button>
            <Link
              to={paths.dashboard}
              aria-label="Complivue dashboard"
              className="flex items-center gap-2 font-bold text-brand-800"
            >
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span className="hidden sm:inline">Complivue</span>
            </Link>
            <div className="flex flex-1 justify-center px-2">
              <HeaderSearch />
            </div>
            <NotificationsMenu />
            <AccountMenuButton session={session.data} />
          </div>
        </header>
        <TrialBanner
          enabled={Boolean(session.data.company) && session.data.profile.role !== 'super_admin'}
        />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {needsCompany ? (
            <Suspense fallback={<Spinner />}>
              <CreateCompanyPrompt />
            </Suspense>
          ) : (
            <RouteGuard pathname={location.pathname} session={session.data}>
              <Outlet />
            </RouteGuard>
          )}
        </main>
        {/* Room under the disclaimer for the assistant's button, which floats bottom right. */}
        <footer className="border-t border-slate-200 bg-white pb-16">
          <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-600 sm:px-6">{DISCLAIMER}</p>
        </footer>
      </div>
      <ChatLauncher signedIn linkComponent={Link} />
    </div>
  );
}
