/** `2026-11-22` → `November 22, 2026`, in UTC so the build and the browser agree. */
export function formatDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A moment in the reader's time zone: `Nov 22, 2026, 2:05 PM`. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment as the day it was in the reader's time zone, compact for tables: `Nov 22, 2026`. */
export function formatLocalDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}
