import type { Readable } from 'node:stream';
import {
  HMDA_CATEGORY_LABELS,
  HMDA_PERIOD_LABELS,
  isVerifiableCategory,
  type HmdaCheck,
} from '@complivue/shared/schemas/hmda';
import { AppError } from '../../lib/app-error.ts';
import { csvStream } from '../../lib/csv.ts';
import { PDF_MUTED, reportPdf, utcStamp } from '../../lib/pdf-pen.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { editsForFiling } from './edits/edits-by-filing.ts';
import { getHmdaCheckRow } from './hmda-checks.queries.ts';
import { LAR, LAR_FIELD_NAMES, TS_FIELD_NAMES } from './lar-fields.ts';
import { cleanLine, splitValues } from './lar-parser.ts';
import { linesOfBuffer } from './lar-lines.ts';

export const FINDINGS_CSV_COLUMNS = [
  'Edit',
  'Category',
  'Row',
  'ULI',
  'Fields and values',
  'Description',
  'Verified',
] as const;

/**
 * Every finding of a check, one CSV line per edit and row, with the values of the fields the
 * edit reads: the stored file is read again line by line and joined to the failed edits' rows,
 * so the export has every row, not only the examples the report shows.
 */
export async function findingsCsv(
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  options: { companyId: string; check: HmdaCheck },
): Promise<Readable> {
  const { check } = options;
  const stored = await getHmdaCheckRow(deps.db, options.companyId, check.id);
  const file = await deps.storage.get(stored.storageKey);
  if (!file) throw new AppError('not_found', 'The file of this check is no longer stored.');
  const fieldsOf = new Map(
    check.year !== null && check.period !== null
      ? editsForFiling({ year: check.year, period: check.period }).map((edit) => [edit.id, edit])
      : [],
  );
  const editsByRow = new Map<number, HmdaCheck['edits']>();
  for (const edit of check.edits) {
    for (const row of edit.rows) {
      const list = editsByRow.get(row) ?? [];
      list.push(edit);
      editsByRow.set(row, list);
    }
  }
  const verifiedText = (edit: HmdaCheck['edits'][number]) =>
    edit.verification
      ? `Verified by ${edit.verification.verifiedByName} on ${edit.verification.verifiedAt.slice(0, 10)}: ${edit.verification.reason}`
      : isVerifiableCategory(edit.category)
        ? 'Not verified'
        : 'Must be fixed';

  function* rows(): Generator<string[]> {
    for (const edit of check.edits) {
      if (edit.rows.length > 0) continue;
      yield [
        edit.id,
        HMDA_CATEGORY_LABELS[edit.category],
        '',
        '',
        '',
        edit.description,
        verifiedText(edit),
      ];
    }
    let lineNumber = 0;
    for (const raw of linesOfBuffer(file!)) {
      lineNumber += 1;
      const failed = editsByRow.get(lineNumber);
      if (!failed) continue;
      const values = splitValues(cleanLine(raw));
      for (const edit of failed) {
        const definition = fieldsOf.get(edit.id);
        const names = definition?.record === 'ts' ? TS_FIELD_NAMES : LAR_FIELD_NAMES;
        const fields = (definition?.fields ?? [])
          .map((field) => `${names[field]}: ${values[field] ?? ''}`)
          .join('; ');
        yield [
          edit.id,
          HMDA_CATEGORY_LABELS[edit.category],
          String(lineNumber),
          definition?.record === 'ts' ? '' : (values[LAR.uli] ?? ''),
          fields,
          edit.description,
          verifiedText(edit),
        ];
      }
    }
  }
  return csvStream(FINDINGS_CSV_COLUMNS, rows());
}

/**
 * The one-page-per-category summary a HMDA file's sign-off is filed with: the file, the filing,
 * the counts, every failed edit with its rows counted and, for quality and macro edits, who
 * verified it and why.
 */
export function summaryPdf(check: HmdaCheck, options: { preparedBy: string; now: Date }): Readable {
  const filing =
    check.year !== null && check.period !== null
      ? `${check.year} ${HMDA_PERIOD_LABELS[check.period].toLowerCase()} filing`
      : 'filing not determined';
  return reportPdf({
    title: 'HMDA edit check summary',
    subtitle: `${check.fileName} · ${filing}`,
    footer: `HMDA edit check ${check.fileName}`,
    preparedBy: options.preparedBy,
    now: options.now,
    draw(doc, write) {
      write.heading('The file');
      write.field('Institution (Transmittal Sheet)', check.institutionName);
      write.field('LEI', check.lei);
      write.field('LAR rows', String(check.larCount));
      write.field('Uploaded', `${utcStamp(check.createdAt)} by ${check.createdByName}`);
      if (check.formatErrorCount > 0) {
        write.heading(`Format errors: ${check.formatErrorCount}`);
        write.line('The CFPB’s platform runs no edit on a file it cannot read; fix these first.', {
          color: PDF_MUTED,
        });
        for (const error of check.formatErrors.slice(0, 200)) {
          write.line(`Row ${error.row}: ${error.message}`);
        }
        return;
      }
      for (const category of ['syntactical', 'validity', 'quality', 'macro'] as const) {
        const edits = check.edits.filter((edit) => edit.category === category);
        write.heading(`${HMDA_CATEGORY_LABELS[category]} edits failed: ${edits.length}`);
        if (edits.length === 0) write.line('None.', { color: PDF_MUTED });
        for (const edit of edits) {
          const rows = edit.rows.length === 0 ? 'the file as a whole' : `${edit.rowCount} rows`;
          write.line(`${edit.id} (${rows}): ${edit.description}`);
          if (isVerifiableCategory(category)) {
            write.line(
              edit.verification
                ? `Verified by ${edit.verification.verifiedByName}, ${utcStamp(edit.verification.verifiedAt)}: ${edit.verification.reason}`
                : 'Not verified.',
              { indent: 14, color: PDF_MUTED },
            );
          }
        }
      }
      if (check.notChecked.length > 0) {
        write.heading('Edits not checked here');
        for (const item of check.notChecked) write.line(`${item.id}: ${item.reason}`);
      }
      doc.moveDown();
      write.line(
        'Edits as published by the CFPB for the filing year (Regulation C, 12 CFR part 1003). Not legal advice; the HMDA Platform’s result is the filing of record.',
        { color: PDF_MUTED },
      );
    },
  });
}
