import { Bell } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api.ts';
import { NotificationText } from './notification-item.tsx';

const LATEST = 5;

/** The header's bell: unread count, the latest items, mark read, and the full list. */
export function NotificationsMenu() {
  const navigate = useNavigate();
  const list = useNotifications({ limit: LATEST });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = list.data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
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
          {list.data?.items.length === 0 && (
            <p className="px-3 py-4 text-slate-700">You are all caught up.</p>
          )}
          {list.data?.items.map((notification) => (
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
