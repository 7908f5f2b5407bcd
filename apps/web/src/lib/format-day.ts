import { formatShortDay } from '@complivue/shared/calendar-days';

/**
 * `2026-11-22` → `Nov 22, 2026`: the product's one way of writing a day (DESIGN.md rule 6),
 * in UTC so the build and the browser agree.
 */
export const formatDay: (isoDay: string) => string = formatShortDay;

/** A moment in the reader's time zone: `Nov 22, 2026, 2:05 PM`. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment as the day it was in the reader's time zone, compact for tables: `Nov 22, 2026`. */
export function formatLocalDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}
