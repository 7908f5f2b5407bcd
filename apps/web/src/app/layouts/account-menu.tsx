import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { CreditCard, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
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
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-slate-600">
            <span className="block font-medium text-slate-900">{name}</span>
            {session.user.email}
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
          {session.profile.role === 'super_admin' && (
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
  );
}
