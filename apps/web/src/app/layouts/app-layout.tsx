import { Dialog, DropdownMenu } from 'radix-ui';
import {
  CreditCard,
  LogOut,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DISCLAIMER } from '@/config/disclaimer';
import { isBuilt, paths } from '@/config/paths';
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
import { CreateCompanyPrompt } from '@/features/companies/create-company-prompt';
import { displayName } from '@/lib/session';
import { UserAvatar } from '@/components/user-avatar';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/features/auth/use-sign-out';
import { ApiClientError } from '@/lib/api-client';

/**
 * The signed-in frame: a spinner while the session loads, a visible error (with retry) when it
 * cannot be checked, and a redirect to /login that remembers where the user was going.
 */
const MENU_ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-slate-900 outline-none data-[highlighted]:bg-slate-100';

export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const signOut = useSignOut();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
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

  const name = displayName(session.data);
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
      <aside
        aria-label="Sidebar"
        data-print="hide"
        data-testid="sidebar"
        className={cn(
          'sticky top-0 hidden h-screen shrink-0 border-r border-slate-200 bg-white transition-[width] md:block',
          collapsed ? 'w-20' : 'w-[280px]',
        )}
      >
        <Sidebar session={session.data} collapsed={collapsed} />
      </aside>
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[280px] max-w-[85vw] bg-white shadow-xl md:hidden">
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Dialog.Description className="sr-only">The pages of the app</Dialog.Description>
            <Sidebar
              session={session.data}
              collapsed={false}
              onNavigate={() => setDrawerOpen(false)}
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="flex min-w-0 flex-1 flex-col">
        <header data-print="hide" className="sticky top-0 z-30 border-b border-slate-200 bg-white">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
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
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <button
                  type="button"
                  className="flex items-center gap-3 rounded-md px-2 py-1 text-left hover:bg-slate-100"
                >
                  <span className="sr-only">Open account menu:</span>
                  <UserAvatar session={session.data} size={36} />
                  <span className="hidden text-sm sm:block">
                    <span className="block font-medium text-slate-900">{name}</span>
                    <span className="block text-slate-600">{session.data.user.email}</span>
                  </span>
                </button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={6}
                  className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
                >
                  <DropdownMenu.Label className="px-3 py-2 text-slate-600">
                    <span className="block font-medium text-slate-900">{name}</span>
                    {session.data.user.email}
                  </DropdownMenu.Label>
                  <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                  <DropdownMenu.Item asChild className={MENU_ITEM}>
                    <Link to={paths.profile}>
                      <UserRound aria-hidden="true" className="size-4" />
                      Profile
                    </Link>
                  </DropdownMenu.Item>
                  {isBuilt('settings') && (
                    <DropdownMenu.Item asChild className={MENU_ITEM}>
                      <Link to={paths.settings}>
                        <Settings aria-hidden="true" className="size-4" />
                        Settings
                      </Link>
                    </DropdownMenu.Item>
                  )}
                  <DropdownMenu.Item asChild className={MENU_ITEM}>
                    <Link to={paths.subscription}>
                      <CreditCard aria-hidden="true" className="size-4" />
                      Subscription
                    </Link>
                  </DropdownMenu.Item>
                  {session.data.profile.role === 'super_admin' && (
                    <DropdownMenu.Item asChild className={MENU_ITEM}>
                      <Link to={paths.superAdmin}>
                        <ShieldCheck aria-hidden="true" className="size-4" />
                        Super Admin
                      </Link>
                    </DropdownMenu.Item>
                  )}
                  <DropdownMenu.Item onSelect={() => void signOut()} className={MENU_ITEM}>
                    <LogOut aria-hidden="true" className="size-4" />
                    Log out
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </div>
        </header>
        <TrialBanner
          enabled={Boolean(session.data.company) && session.data.profile.role !== 'super_admin'}
        />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {needsCompany ? (
            <CreateCompanyPrompt />
          ) : (
            <RouteGuard pathname={location.pathname} session={session.data}>
              <Outlet />
            </RouteGuard>
          )}
        </main>
        <footer className="border-t border-slate-200 bg-white">
          <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-600 sm:px-6">{DISCLAIMER}</p>
        </footer>
      </div>
      <ChatLauncher signedIn linkComponent={Link} />
    </div>
  );
}
