import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { CreditCard, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { HeaderMenu } from '@/components/ui/header-menu';
import { isBuilt, paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/use-sign-out';
import { displayName } from '@/lib/session';

const MENU_ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-slate-900 outline-none data-[highlighted]:bg-slate-100';

/**
 * The header's account menu. Loaded after the first paint (app-layout.tsx renders its trigger
 * until then), so Radix's menu is not part of the app's initial JavaScript.
 */
export function AccountMenu({
  session,
  trigger,
  defaultOpen,
}: {
  session: SessionResponse;
  /** The button that opens the menu (a `<button>` element). */
  trigger: ReactElement;
  defaultOpen: boolean;
}) {
  const signOut = useSignOut();
  const name = displayName(session);
  const links = [
    { to: paths.profile, icon: UserRound, label: 'Profile', shown: true },
    { to: paths.settings, icon: Settings, label: 'Settings', shown: isBuilt('settings') },
    { to: paths.subscription, icon: CreditCard, label: 'Subscription', shown: true },
    {
      to: paths.superAdmin,
      icon: ShieldCheck,
      label: 'Super Admin',
      shown: session.profile.role === 'super_admin',
    },
  ];
  return (
    <HeaderMenu trigger={trigger} defaultOpen={defaultOpen} className="min-w-48">
      <DropdownMenu.Label className="px-3 py-2 text-slate-600">
        <span className="block font-medium text-slate-900">{name}</span>
        {session.user.email}
      </DropdownMenu.Label>
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
      {links
        .filter((link) => link.shown)
        .map(({ to, icon: Icon, label }) => (
          <DropdownMenu.Item key={to} asChild className={MENU_ITEM}>
            <Link to={to}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </DropdownMenu.Item>
        ))}
      <DropdownMenu.Item onSelect={() => void signOut()} className={MENU_ITEM}>
        <LogOut aria-hidden="true" className="size-4" />
        Log out
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
