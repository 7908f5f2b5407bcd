import { unreadCountSchema } from '@complivue/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationsQueryKey } from './api.ts';

// Not in api.ts: the header's bell needs only the list at first paint, so react-query's
// mutation code loads later, with the bell's menu or the notifications page.

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
