import { LAR, TS } from '../lar-fields.ts';
import { tsEdit, type FileEdit, type FileEditRun, type RowEdit } from './edit.ts';
import { isCode } from './row-tests.ts';
import { matchesRegistration, SeenBefore, type InstitutionRegistration } from './syntactical.ts';

/**
 * The two quality edits that are not tests of one LAR row: Q600 (duplicate ULIs across the file)
 * and Q303 (the Transmittal Sheet against the institution's registration).
 */

/**
 * Q600: the number of distinct ULIs (ignoring case, every action taken) equals the Transmittal
 * Sheet's Total Number of Entries. The platform compares with the TS count rather than the rows
 * counted, so a wrong TS count fails Q600 too, even with no duplicate; on the platform S304 stops
 * such a file first. Points to the rows whose ULI came earlier, or to line 1 when none did.
 */
export const Q600: FileEdit = {
  kind: 'file',
  id: 'Q600',
  category: 'quality',
  record: 'lar',
  fields: [LAR.uli],
  start({ ts }): FileEditRun {
    const seen = new SeenBefore();
    const repeats: number[] = [];
    return {
      add(row) {
        if (seen.value(row.text(LAR.uli).toUpperCase())) repeats.push(row.line);
      },
      finish() {
        if (isCode(ts.text(TS.totalEntries), seen.distinct)) return { failed: false, lines: [] };
        return { failed: true, lines: repeats.length > 0 ? repeats : [1] };
      },
    };
  },
};

/**
 * Q303 (2025 and later; 2024 ran the same test as the syntactical S303): the Transmittal Sheet's
 * LEI (either case), Federal Agency (as a code) and tax id (exactly) are the registered
 * institution's. The filing context carries no registration, so the edit is made for one: without
 * a registration it passes, as the platform skips it when it has no institution on record.
 */
export function q303For(registration?: InstitutionRegistration): RowEdit {
  return tsEdit('Q303', 'quality', [TS.agency, TS.taxId, TS.lei], (ts) =>
    matchesRegistration(ts, registration),
  );
}
