import { notificationListSchema, unreadCountSchema } from '@complivue/shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/notifications/${id}/read`, { method: 'POST', schema: unreadCountSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/notifications/read-all', { method: 'POST', schema: unreadCountSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
