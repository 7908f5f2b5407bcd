import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsQueryKey } from './api.ts';

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps the notification queries live: one server-sent-events connection per signed-in tab.
 * On a dropped connection it reconnects with growing back-off and asks for what it missed
 * (`lastEventId`); ids already seen are ignored, so nothing is counted twice.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastEventId: string | undefined;
    let stopped = false;
    const seen = new Set<string>();

    function connect() {
      const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
      source = new EventSource(`/api/notifications/stream${query}`);
      source.onopen = () => {
        attempt = 0;
      };
      source.addEventListener('notification', (event) => {
        const message = event as MessageEvent<string>;
        if (!message.lastEventId || seen.has(message.lastEventId)) return;
        seen.add(message.lastEventId);
        lastEventId = message.lastEventId;
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      });
      source.onerror = () => {
        // Our own back-off instead of the browser's fixed retry.
        source?.close();
        if (stopped) return;
        attempt += 1;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempt - 1));
        retryTimer = setTimeout(connect, delay);
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
