import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { neutraliseFormula } from '@complivue/shared/csv-cells';

/** Rows as an RFC 4180 CSV stream with a header row, pulled one at a time (bounded memory). */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
): Readable {
  const safe = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(neutraliseFormula);
    })(),
  );
  return safe.pipe(stringify({ header: true, columns: [...columns] }));
}

/** Sends an export as a CSV download that no shared cache keeps (it holds the institution's data). */
export function sendCsvAttachment(reply: FastifyReply, filename: string, stream: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}
