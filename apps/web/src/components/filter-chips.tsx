import { formatShortDay, isIsoDay } from '@complivue/shared/calendar-days';
import { X } from 'lucide-react';

/** A day of a link as `Jan 1, 2026`; text that is not a day is shown as written. */
const shownDay = (day: string) => (isIsoDay(day) ? formatShortDay(day) : day);

/** `Oct 1, 2026 – Dec 31, 2026`, `from Oct 1, 2026`, `through Dec 31, 2026`. */
export function formatDayRange(from: string | undefined, to: string | undefined): string {
  if (from && to) return `${shownDay(from)} – ${shownDay(to)}`;
  if (from) return `from ${shownDay(from)}`;
  return `through ${shownDay(to ?? '')}`;
}

export interface FilterChip {
  /** What the filter keeps, in words ("Closed Oct 1, 2026 – Dec 31, 2026"). */
  label: string;
  onRemove: () => void;
}

/**
 * Filters a link applied that the page's controls do not show (a date range from analytics),
 * each with its remove button, so a list never looks complete while a filter narrows it.
 */
export function FilterChips({ chips, label }: { chips: FilterChip[]; label: string }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li
          key={chip.label}
          className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-0.5 pr-1 pl-3 text-sm font-medium text-brand-900"
        >
          {chip.label}
          <button
            type="button"
            onClick={chip.onRemove}
            aria-label={`Remove the filter: ${chip.label}`}
            className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
