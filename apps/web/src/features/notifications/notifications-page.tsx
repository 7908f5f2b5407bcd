import {
  NOTIFICATION_PRIORITY_FILTERS,
  type NotificationPriorityFilter,
} from '@complivue/shared/schemas/notifications';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useNotifications } from './api.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './mark-read.ts';
import { NotificationText } from './notification-item.tsx';

const PAGE = 100;

const PRIORITY_FILTER_LABELS: Record<NotificationPriorityFilter, string> = {
  active: 'high and normal priority',
  high: 'high priority',
};

/**
 * The filters live in the URL (`?unread=true&priority=active`), so the dashboard's Active Alerts
 * opens exactly the list it counts.
 */
function useNotificationFilters() {
  const [params, setParams] = useSearchParams();
  const priority = params.get('priority');
  const filters = {
    unread: params.get('unread') === 'true',
    priority: NOTIFICATION_PRIORITY_FILTERS.find((value) => value === priority),
  };
  const update = (next: typeof filters) => {
    const search = new URLSearchParams();
    if (next.unread) search.set('unread', 'true');
    if (next.priority) search.set('priority', next.priority);
    setParams(search, { replace: true });
  };
  return [filters, update] as const;
}

export function NotificationsPage() {
  const [filters, setFilters] = useNotificationFilters();
  const unreadOnly = filters.unread;
  const list = useNotifications({ limit: PAGE, ...filters });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-700">
            {list.data ? `${list.data.unreadCount} unread` : 'Loading…'}
          </p>
          {filters.priority && (
            <p className="mt-1 text-sm text-slate-700">
              Showing {unreadOnly ? 'unread ' : ''}notifications of{' '}
              {PRIORITY_FILTER_LABELS[filters.priority]}
              {list.data && ` (${list.data.items.length}${list.data.hasMore ? '+' : ''})`}.{' '}
              <button
                type="button"
                onClick={() => setFilters({ unread: unreadOnly, priority: undefined })}
                className="font-medium text-brand-700 underline"
              >
                Show every priority
              </button>
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={unreadOnly}
            onClick={() => setFilters({ ...filters, unread: !unreadOnly })}
          >
            {unreadOnly ? 'Show all' : 'Unread only'}
          </Button>
          <Button
            size="sm"
            disabled={!list.data?.unreadCount || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            Mark all read
          </Button>
        </div>
      </div>
      <Card className="p-0">
        <QueryState
          query={list}
          loading="Loading notifications"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <p className="p-6 text-slate-700">
              {unreadOnly ? 'No unread notifications.' : 'No notifications yet.'}
            </p>
          }
        >
          {(data) => (
            <ul aria-label="Notifications" className="divide-y divide-slate-200">
              {data.items.map((notification) => (
                <li key={notification.id} className="flex items-start justify-between gap-4 p-4">
                  {notification.link?.startsWith('/') ? (
                    <Link
                      to={notification.link}
                      onClick={() => !notification.readAt && markRead.mutate(notification.id)}
                      className="min-w-0 hover:underline"
                    >
                      <NotificationText notification={notification} />
                    </Link>
                  ) : (
                    <NotificationText notification={notification} />
                  )}
                  {!notification.readAt && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => markRead.mutate(notification.id)}
                      aria-label={`Mark “${notification.title}” read`}
                    >
                      Mark read
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
