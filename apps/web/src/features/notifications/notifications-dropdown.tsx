import type { NotificationList } from '@complivue/shared/schemas/notifications';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { HeaderMenu } from '@/components/ui/header-menu';
import { paths } from '@/config/paths';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './mark-read.ts';
import { NotificationText } from './notification-item.tsx';

/**
 * The bell's menu: the latest items, mark read, and the full list. Loaded after the first paint
 * (notifications-menu.tsx renders the bell until then), so Radix's menu is not part of the
 * app's initial JavaScript.
 */
export function NotificationsDropdown({
  latest,
  trigger,
  defaultOpen,
}: {
  /** The latest notifications, as the bell has them (undefined while they load). */
  latest: NotificationList | undefined;
  /** The bell button (a `<button>` element). */
  trigger: ReactElement;
  defaultOpen: boolean;
}) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = latest?.unreadCount ?? 0;
  return (
    <HeaderMenu
      trigger={trigger}
      defaultOpen={defaultOpen}
      className="w-[min(22rem,calc(100vw-1rem))]"
    >
      <div className="flex items-center justify-between px-3 py-2">
        <DropdownMenu.Label className="font-semibold text-slate-900">
          Notifications
        </DropdownMenu.Label>
        {unread > 0 && (
          <DropdownMenu.Item
            onSelect={(event) => {
              event.preventDefault();
              markAllRead.mutate();
            }}
            className="cursor-pointer rounded px-2 py-1 text-xs font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100"
          >
            Mark all read
          </DropdownMenu.Item>
        )}
      </div>
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
      {latest?.items.length === 0 && (
        <p className="px-3 py-4 text-slate-700">You are all caught up.</p>
      )}
      {latest?.items.map((notification) => (
        <DropdownMenu.Item
          key={notification.id}
          onSelect={() => {
            if (!notification.readAt) markRead.mutate(notification.id);
            if (notification.link?.startsWith('/')) navigate(notification.link);
          }}
          className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100"
        >
          <NotificationText notification={notification} />
        </DropdownMenu.Item>
      ))}
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
      <DropdownMenu.Item asChild>
        <Link
          to={paths.notifications}
          className="block rounded px-3 py-2 font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100"
        >
          See all notifications
        </Link>
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
