import { z } from 'zod';

export const NOTIFICATION_PRIORITIES = ['high', 'normal', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/**
 * The priorities of an "active alert" (the dashboard's Active Alerts, unread): low ones are
 * informational.
 */
export const ACTIVE_ALERT_PRIORITIES = ['high', 'normal'] as const satisfies NotificationPriority[];

/**
 * A list's priority filter: `active` is high and normal (`ACTIVE_ALERT_PRIORITIES`), `high`
 * high only, so each of the dashboard's alert figures opens the list it counts.
 */
export const NOTIFICATION_PRIORITY_FILTERS = ['active', 'high'] as const;
export type NotificationPriorityFilter = (typeof NOTIFICATION_PRIORITY_FILTERS)[number];

/**
 * docs/product.md § Notifications: at most this many realtime events per second on one connection.
 */
export const REALTIME_EVENTS_PER_SECOND = 10;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only unread ones. */
  unread: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Only these priorities (`NOTIFICATION_PRIORITY_FILTERS`). */
  priority: z.enum(NOTIFICATION_PRIORITY_FILTERS).optional(),
  /** The `createdAt` of the last item already shown, for the next page. */
  before: z.iso.datetime({ offset: true }).optional(),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
