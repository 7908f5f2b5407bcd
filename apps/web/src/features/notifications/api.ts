import { notificationListSchema } from '@complivue/shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

export function useNotifications(options: { limit: number; unread?: boolean }) {
  return useQuery({
    queryKey: [...notificationsQueryKey, options],
    queryFn: () =>
      apiRequest(
        `/api/notifications?limit=${options.limit}${options.unread ? '&unread=true' : ''}`,
        { schema: notificationListSchema },
      ),
  });
}
