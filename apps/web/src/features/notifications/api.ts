import {
  notificationListSchema,
  type NotificationPriorityFilter,
} from '@complivue/shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

export function useNotifications(options: {
  limit: number;
  unread?: boolean;
  priority?: NotificationPriorityFilter;
}) {
  const search = new URLSearchParams({ limit: String(options.limit) });
  if (options.unread) search.set('unread', 'true');
  if (options.priority) search.set('priority', options.priority);
  return useQuery({
    queryKey: [...notificationsQueryKey, options],
    queryFn: () => apiRequest(`/api/notifications?${search}`, { schema: notificationListSchema }),
  });
}
