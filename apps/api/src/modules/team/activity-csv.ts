import type { Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { describeActivity } from '@complivue/shared/activity-sentences';
import { sentenceText, type HistorySentence } from '@complivue/shared/history-sentences';
import type { ActivityEntry, ActivityFilters } from '@complivue/shared/schemas/activity';
import { csvStream } from '../../lib/csv.ts';
import { streamActivity } from './activity-queries.ts';
import { findTeamDirectory } from './team.queries.ts';

export const ACTIVITY_CSV_COLUMNS = [
  'Time (UTC)',
  'Member',
  'Member email',
  'Action',
  'Action code',
  'What happened',
  'Target type',
  'Target',
  'Target name',
  'Before',
  'After',
  'IP address',
] as const;

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/** The sentence User Activity shows, with the addresses of its links and its quoted texts. */
const inWords = (sentence: HistorySentence) =>
  [
    sentenceText(sentence, { withAddresses: true }),
    ...sentence.quotes.map((quote) => `${quote.label}: ${quote.text}`),
  ].join(' — ');

export function activityCsvRow(
  entry: ActivityEntry,
  memberName: (userId: string) => string | undefined = () => undefined,
): string[] {
  return [
    entry.createdAt,
    entry.actor?.fullName ?? '',
    entry.actor?.email ?? '',
    entry.actionLabel,
    entry.action,
    inWords(describeActivity(entry, { memberName })),
    entry.targetType ?? '',
    entry.targetId ?? '',
    entry.targetLabel ?? '',
    json(entry.before),
    json(entry.after),
    entry.ipAddress ?? '',
  ];
}

/** The entries as CSV with a header row, streamed (formula-like cells neutralised). */
export function activityCsvStream(
  entries: AsyncIterable<ActivityEntry>,
  memberName?: (userId: string) => string | undefined,
): Readable {
  return csvStream(
    ACTIVITY_CSV_COLUMNS,
    (async function* () {
      for await (const entry of entries) yield activityCsvRow(entry, memberName);
    })(),
  );
}

/** The institution's trail, filtered, as CSV: members named as User Activity names them. */
export async function companyActivityCsv(
  db: Db,
  companyId: string,
  filters: ActivityFilters,
): Promise<Readable> {
  const members = new Map(
    (await findTeamDirectory(db, companyId)).map((member) => [
      member.userId,
      member.fullName ?? member.email,
    ]),
  );
  return activityCsvStream(streamActivity(db, companyId, filters), (userId) => members.get(userId));
}
