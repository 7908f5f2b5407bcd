import { Readable } from 'node:stream';
import type { ActivityEntry } from '@complivue/shared/schemas/activity';
import { stringify } from 'csv-stringify';

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

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) is prefixed
 * with an apostrophe: an exported log must not run code when an examiner opens it (OWASP CSV
 * injection).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

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
  ].map(neutraliseFormula);
}

/** The entries as an RFC 4180 CSV stream with a header row; memory stays bounded. */
export function activityCsvStream(entries: AsyncIterable<ActivityEntry>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const entry of entries) yield activityCsvRow(entry);
    })(),
  );
  return rows.pipe(stringify({ header: true, columns: [...ACTIVITY_CSV_COLUMNS] }));
}
