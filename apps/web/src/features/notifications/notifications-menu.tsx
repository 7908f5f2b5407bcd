import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useDeferredMenu } from '@/lib/use-deferred-module';
import { useNotifications } from './api.ts';

const LATEST = 5;

// Radix's menu is not needed for the first paint: loaded after it (or when the bell is pressed).
const loadDropdown = () => import('./notifications-dropdown.tsx');

/** The header's bell: unread count, and a menu of the latest items (notifications-dropdown.tsx). */
export function NotificationsMenu() {
  const list = useNotifications({ limit: LATEST });
  const menu = useDeferredMenu(loadDropdown);
  const unread = list.data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  const trigger = (props: ComponentProps<'button'>) => (
    <button
      type="button"
      aria-label={label}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-1 right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
  if (!menu.module) return trigger(menu.fallbackTriggerProps);
  return (
    <menu.module.NotificationsDropdown
      latest={list.data}
      defaultOpen={menu.defaultOpen}
      trigger={trigger(menu.loadedTriggerProps)}
    />
  );
}
