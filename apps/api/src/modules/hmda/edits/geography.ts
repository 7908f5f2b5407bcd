import { LAR } from '../lar-fields.ts';
import { larEdit, type RowEdit } from './edit.ts';
import { STATE_FIPS_CODES } from './validity-v680-v721.ts';

/**
 * The geography edits that need the FFIEC census file (V626, V627, V716), run for the part
 * that needs none. Each fails only a row the platform fails too: a county that is not five
 * digits is in no census list; a tract that does not begin with its county, or a county that
 * does not begin with its state's code, is never a valid combination. Whether the county or the
 * tract exists is not checked (the report says so).
 */

const isNa = (value: string) => value.toLowerCase() === 'na';
const FIVE_DIGITS = /^\d{5}$/;

/** V626, in part: the county is NA or five digits. */
export const V626_PART: RowEdit = larEdit('V626', 'validity', [LAR.county], (row) => {
  const county = row.text(LAR.county);
  return isNa(county) || FIVE_DIGITS.test(county);
});

/** V627, in part: unless either is NA, the tract's first five digits are the county. */
export const V627_PART: RowEdit = larEdit('V627', 'validity', [LAR.tract, LAR.county], (row) => {
  const county = row.text(LAR.county);
  const tract = row.text(LAR.tract);
  if (county === 'NA' || tract === 'NA') return true;
  return tract.slice(0, 5) === county;
});

/** V716, in part: unless either is NA, the state is a state and the county begins with its code. */
export const V716_PART: RowEdit = larEdit('V716', 'validity', [LAR.county, LAR.state], (row) => {
  const county = row.text(LAR.county);
  const state = row.text(LAR.state);
  if (isNa(county) || isNa(state)) return true;
  const stateCode = STATE_FIPS_CODES.get(state);
  return stateCode !== undefined && county.startsWith(stateCode);
});

export const GEOGRAPHY_EDITS_IN_PART: readonly RowEdit[] = [V626_PART, V627_PART, V716_PART];
