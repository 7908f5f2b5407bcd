import type { Readable } from 'node:stream';
import type { ActivityEntry } from '@complivue/shared/schemas/activity';
import { csvStream } from '../../lib/csv.ts';

export const ACTIVITY_CSV_COLUMNS = [
  'Time (UTC)',
  'Member',
  'Member email',
  'Action',
  'Action code',
  'Target type',
  'Target',
  'Before',
  'After',
  'IP address',
] as const;

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

export function activityCsvRow(entry: ActivityEntry): string[] {
  return [
    entry.createdAt,
    entry.actor?.fullName ?? '',
    entry.actor?.email ?? '',
    entry.actionLabel,
    entry.action,
    entry.targetType ?? '',
    entry.targetId ?? '',
    json(entry.before),
    json(entry.after),
    entry.ipAddress ?? '',
  ];
}

/** The entries as CSV with a header row, streamed (formula-like cells neutralised). */
export function activityCsvStream(entries: AsyncIterable<ActivityEntry>): Readable {
  return csvStream(
    ACTIVITY_CSV_COLUMNS,
    (async function* () {
      for await (const entry of entries) yield activityCsvRow(entry);
    })(),
  );
}
