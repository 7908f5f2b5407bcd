import type { Edit, FilingPeriod } from './edit.ts';
import { Q600 } from './file-quality.ts';
import { GEOGRAPHY_EDITS_IN_PART } from './geography.ts';
import { MACRO_EDITS, MACRO_EDITS_2024 } from './macro.ts';
import { qualityRowEditsFor } from './quality.ts';
import { S300_LAR, S300_TS, S301, S302, S304, S305, S306, S307 } from './syntactical.ts';
import { VALIDITY_EDITS_V600_V640 } from './validity-v600-v640.ts';
import { VALIDITY_EDITS_V641_V679 } from './validity-v641-v679.ts';
import { validityEditsV680V721For } from './validity-v680-v721.ts';

/**
 * Which edits a filing runs, in the platform's order (syntactical, validity, quality, macro),
 * as its engines choose them for each year and period (edits-by-filing.md says where each
 * choice comes from). A new filing year is a new row here plus the edits that differ.
 */

export interface Filing {
  year: number;
  period: FilingPeriod;
}

const CENSUS =
  'Needs the FFIEC census file for the year (tracts and counties), which the product does not ship yet.';
const CENSUS_IN_PART =
  'Checked in part: the format and the combination are checked; whether the county or tract exists needs the FFIEC census file, which the product does not ship yet.';
const REGISTRATION =
  'Compares the Transmittal Sheet with the institution’s HMDA registration (LEI, tax ID, agency), which the product does not hold.';
const NO_MACRO_2026 =
  'The CFPB’s platform runs no macro edit on 2026 filings (its macro step has no 2026 case at the version read), so neither does this check.';

/**
 * Edits of a filing the product does not run, or runs only in part (`inPart`), with why; shown
 * with every report.
 */
export function notCheckedForFiling(year: number, period: FilingPeriod) {
  const items: { id: string; reason: string; inPart?: boolean }[] = [
    { id: 'V625-2', reason: CENSUS },
    { id: 'V626', reason: CENSUS_IN_PART, inPart: true },
    { id: 'V627', reason: CENSUS_IN_PART, inPart: true },
    { id: 'V716', reason: CENSUS_IN_PART, inPart: true },
    { id: 'Q603', reason: CENSUS },
  ];
  if (year === 2024) items.push({ id: 'S303', reason: REGISTRATION });
  if (year >= 2025 && period === 'annual') items.push({ id: 'Q303', reason: REGISTRATION });
  if (year >= 2026) {
    for (const id of ['Q634', 'Q635', 'Q636', 'Q637', 'Q638', 'Q639', 'Q640']) {
      items.push({ id, reason: NO_MACRO_2026 });
    }
  }
  return items;
}

/**
 * Ids in a year's description file that the platform itself never runs for the filing: a
 * parent of sub-edits, a retired edit, or one of the other period.
 */
export function notRunByPlatform(year: number, period: FilingPeriod): Map<string, string> {
  const notRun = new Map<string, string>([
    ['V719', 'A heading for V719-1 and V719-2; the platform runs those two.'],
    ['Q604', 'Retired: the platform no longer runs it.'],
  ]);
  if (year >= 2025) notRun.set('Q651', 'Replaced by Q651-1 and Q651-2 from 2025.');
  if (period === 'annual') {
    notRun.set('S307', 'Quarterly filings only.');
    notRun.set('V718', 'Quarterly filings only.');
  } else {
    notRun.set(
      'V602',
      'Annual filings only (the quarterly Transmittal Sheet names quarter 1 to 3).',
    );
    if (year >= 2025) {
      notRun.set('Q303', 'The platform’s quarterly engines run no Transmittal Sheet quality edit.');
    } else {
      notRun.set('V718', 'The platform’s 2024 quarterly engine does not run it.');
    }
  }
  return notRun;
}

function buildEdits({ year, period }: Filing): readonly Edit[] {
  const quarterly = period !== 'annual';
  const syntactical: Edit[] = [S300_TS, S300_LAR, S301, S302, S304, S305, S306];
  if (quarterly) syntactical.push(S307);
  const validity = [
    ...VALIDITY_EDITS_V600_V640.filter((edit) => !(quarterly && edit.id === 'V602')),
    ...GEOGRAPHY_EDITS_IN_PART,
    ...VALIDITY_EDITS_V641_V679,
    ...validityEditsV680V721For({ year, period }),
  ];
  const quality: Edit[] = [...(qualityRowEditsFor(year) ?? []), Q600];
  const macro = year === 2024 ? MACRO_EDITS_2024 : year === 2025 ? MACRO_EDITS : [];
  return [...syntactical, ...validity, ...quality, ...macro];
}

const cache = new Map<string, readonly Edit[]>();

/** The edits a filing runs; the same array for the same filing. */
export function editsForFiling(filing: Filing): readonly Edit[] {
  const key = `${filing.year}-${filing.period}`;
  let edits = cache.get(key);
  if (!edits) {
    edits = buildEdits(filing);
    cache.set(key, edits);
  }
  return edits;
}
