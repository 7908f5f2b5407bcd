import { LAR, TS, type LarField, type TsField } from '../lar-fields.ts';
import { HmdaRow, type FilingContext, type FilingPeriod } from './edit.ts';

/**
 * Rows for the edits' tests: row 1 and row 2 of the CFPB's clean 2025 test file
 * (`apps/api/test/fixtures/hmda/lar-2025-annual-clean-bank0-100rows.txt`), changed field by
 * field, so a test states only what it changes.
 */
const CLEAN_TS =
  '1|Bank0|2025|4|Mr. Smug Pockets|555-555-5555|pockets@ficus.com|1234 Hocus Potato Way|Tatertown|UT|84096|9|100|01-0123456|B90YWS6AFX2LGWOXJ1LD';

const CLEAN_LAR =
  '2|B90YWS6AFX2LGWOXJ1LD|B90YWS6AFX2LGWOXJ1LDJ4JJTLR928LPCCRN5MMXN0904|20250113|3|2|2|2|3|218910|5|20251010|1234 Hocus Potato Way|Washington|DC|14755|11001|11001980000|1|13||11||KE0NW|1||||||2|2|7||||||||27|24|41|43|2||||3|2|2|2|1|1|75|44|85|0|NA|3|2|8888|8888|9||9||10|||||NA|NA|NA|NA|NA|NA|NA|NA|NA|256|29|2|2|2|2|NA|1|2|4|NA|2|2|NA|3|1|5|1||DOREBESQSW1QT58SD2OZTHQUGXLSKCAJYZ63NJE2MUIAFQL4KW6PU26YSU786GT0IMCWWKCN25Y7KU0VLU0PPKWR8G6DKWI9BANPIE9I2ZZ5XDUX0TBAY4XFRFQZF087WS9ESTAKIV5V9HSZ2VXW7J5JMGPP4CGYA51BK68T57NN4KTKJVXIQMFXBTN5E3LGKKX3LITQ4C7OPFJ|8|6|5|5|||2|2|1';

/** The clean LAR row with the given fields replaced. */
export function larRow(changes: Partial<Record<LarField, string>> = {}, line = 2): HmdaRow {
  const values = CLEAN_LAR.split('|');
  for (const [field, value] of Object.entries(changes)) values[LAR[field as LarField]] = value;
  return new HmdaRow(values, line);
}

/** The clean Transmittal Sheet with the given fields replaced. */
export function tsRow(changes: Partial<Record<TsField, string>> = {}): HmdaRow {
  const values = CLEAN_TS.split('|');
  for (const [field, value] of Object.entries(changes)) values[TS[field as TsField]] = value;
  return new HmdaRow(values, 1);
}

/** A 2025 annual filing unless told otherwise. */
export function filing(
  options: { year?: number; period?: FilingPeriod; ts?: HmdaRow } = {},
): FilingContext {
  return {
    year: options.year ?? 2025,
    period: options.period ?? 'annual',
    ts: options.ts ?? tsRow(),
  };
}
