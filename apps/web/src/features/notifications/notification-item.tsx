import type { Notification } from '@complivue/shared/schemas/notifications';
import { cn } from '@/lib/cn';

export function formatWhen(iso: string, now: Date = new Date()): string {
  const minutes = Math.round((now.getTime() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** One notification's text: title, body and time, with its priority and read state. */
export function NotificationText({ notification }: { notification: Notification }) {
  const unread = !notification.readAt;
  return (
    <span className="block min-w-0">
      <span className="flex items-center gap-2">
        {unread && (
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-700" />
        )}
        <span className={cn('truncate text-slate-900', unread && 'font-semibold')}>
          {notification.title}
        </span>
        {notification.priority === 'high' && (
          <span className="shrink-0 rounded bg-red-100 px-1.5 text-xs font-medium text-red-800">
            High
          </span>
        )}
      </span>
      {notification.body && (
        <span className="mt-0.5 line-clamp-2 block text-xs text-slate-700">
          {notification.body}
        </span>
      )}
      <span className="mt-0.5 block text-xs text-slate-600">
        {formatWhen(notification.createdAt)}
        {unread && <span className="sr-only"> · unread</span>}
      </span>
    </span>
  );
}
