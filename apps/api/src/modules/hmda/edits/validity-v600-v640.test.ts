import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanLine, splitValues } from '../lar-parser.ts';
import { HmdaRow, type FilingContext, type RowEdit } from './edit.ts';
import { filing, larRow as lar, tsRow as ts } from './edit-test-rows.ts';
import { VALIDITY_EDITS_V600_V640 } from './validity-v600-v640.ts';

const recordOf = (row: HmdaRow): 'ts' | 'lar' => (row.line === 1 ? 'ts' : 'lar');

/** The edit with this id for the row's record (V600 exists for both). */
function editFor(id: string, row: HmdaRow): RowEdit {
  const edit = VALIDITY_EDITS_V600_V640.find((e) => e.id === id && e.record === recordOf(row));
  if (!edit) throw new Error(`no ${recordOf(row)} edit ${id}`);
  return edit;
}

/** [edit id, what the row shows, the row, the filing (2025 annual unless given)] */
type Case = [id: string, label: string, row: HmdaRow, context?: FilingContext];

const CLEAN_ULI = 'B90YWS6AFX2LGWOXJ1LDJ4JJTLR928LPCCRN5MMXN0904';

const PASSING: Case[] = [
  ['V600', 'TS LEI of 20 characters', ts()],
  [
    'V600',
    'TS LEI of 20 characters, not alphanumeric (length only)',
    ts({ lei: 'B90YWS6AFX2LGWOXJ1L-' }),
  ],
  ['V601', 'all contact fields given', ts()],
  ['V602', 'quarter 4 in an annual filing', ts()],
  ['V602', 'quarter 1 in a Q1 filing', ts({ calendarQuarter: '1' }), filing({ period: 'Q1' })],
  ['V603', 'phone 555-555-5555', ts()],
  ['V604', 'state UT', ts()],
  ['V604', 'territory PR', ts({ contactState: 'PR' })],
  ['V605', 'ZIP 84096', ts()],
  ['V605', 'ZIP+4', ts({ contactZip: '84096-1234' })],
  ['V606', '100 entries', ts()],
  ['V607', 'tax id 01-0123456', ts()],

  ['V600', 'LAR LEI of 20 characters', lar()],
  ['V608-1', 'a 45-character alphanumeric ULI', lar()],
  ['V608-1', 'a NULI (not checked here)', lar({ uli: 'LOAN-1' })],
  ['V608-2', 'a ULI (not checked here)', lar()],
  ['V608-2', 'an alphanumeric NULI', lar({ uli: 'LOAN1' })],
  ['V609', 'a ULI with its check digit', lar()],
  ['V609', 'a NULI of 22 characters', lar({ uli: 'B90YWS6AFX2LGWOXJ1LD12' })],
  ['V610-1', 'a real date', lar()],
  ['V610-1', 'NA', lar({ applicationDate: 'NA', actionTaken: '6' })],
  ['V610-2', 'application dated, not purchased', lar()],
  ['V610-2', 'purchased with date NA', lar({ applicationDate: 'NA', actionTaken: '6' })],
  ['V611', 'loan type 3', lar()],
  ['V611', 'loan type 01 (an integer code)', lar({ loanType: '01' })],
  ['V612-1', 'purpose 2', lar()],
  ['V612-1', 'purpose 32', lar({ loanPurpose: '32' })],
  ['V612-2', 'no preapproval', lar()],
  ['V612-2', 'preapproval for a purchase', lar({ preapproval: '1', loanPurpose: '1' })],
  ['V613-1', 'preapproval 2', lar()],
  ['V613-2', 'action 7 with preapproval 1', lar({ actionTaken: '7', preapproval: '1' })],
  ['V613-3', 'action 5 with preapproval 2', lar()],
  ['V613-4', 'preapproval 1, action 8', lar({ preapproval: '1', actionTaken: '8' })],
  ['V614-1', 'purpose 2 without preapproval', lar()],
  ['V614-1', 'purpose 1 with preapproval', lar({ loanPurpose: '1', preapproval: '1' })],
  ['V614-2', 'affordable units NA', lar()],
  [
    'V614-2',
    'affordable units Exempt',
    lar({ multifamilyAffordableUnits: 'Exempt', preapproval: '1' }),
  ],
  ['V614-3', 'not a reverse mortgage', lar({ preapproval: '1' })],
  ['V614-4', 'not an open-end line', lar({ preapproval: '1' })],
  ['V615-1', 'construction 2', lar()],
  ['V615-2', 'land interest 2, manufactured home', lar()],
  [
    'V615-2',
    'land interest 5, site built',
    lar({ manufacturedLandInterest: '5', constructionMethod: '1' }),
  ],
  ['V615-3', 'secured by home, manufactured home', lar()],
  [
    'V615-3',
    'not applicable, site built',
    lar({ manufacturedSecuredProperty: '3', constructionMethod: '1' }),
  ],
  ['V616', 'occupancy 3', lar()],
  ['V617', 'amount 218910', lar()],
  ['V617', 'amount 0', lar({ loanAmount: '0' })],
  ['V618', 'action 5', lar()],
  ['V619-1', 'a real date', lar()],
  ['V619-2', 'a 2025 date in a 2025 filing', lar()],
  [
    'V619-2',
    'a 2026 date in a 2026 filing',
    lar({ actionTakenDate: '20260331' }),
    filing({ year: 2026 }),
  ],
  ['V619-3', 'action after application', lar()],
  ['V619-3', 'action on the application day', lar({ actionTakenDate: '20250113' })],
  [
    'V619-3',
    'purchased loan (not checked)',
    lar({ actionTaken: '6', actionTakenDate: '20250101' }),
  ],
  [
    'V619-3',
    'invalid action code (not checked)',
    lar({ actionTaken: '9', actionTakenDate: '20250101' }),
  ],
  ['V619-3', 'application date NA', lar({ applicationDate: 'NA', actionTakenDate: '20250101' })],

  ['V620', 'a street', lar()],
  ['V621', 'a city', lar()],
  ['V622', 'full address', lar()],
  ['V622', 'street NA, the rest NA', lar({ street: 'NA', city: 'NA', state: 'NA', zip: 'NA' })],
  ['V622', 'street Exempt, city NA', lar({ street: 'Exempt', city: 'NA' })],
  ['V623', 'DC', lar()],
  ['V623', 'NA', lar({ state: 'NA' })],
  ['V624', 'ZIP 14755', lar()],
  ['V624', 'ZIP+4', lar({ zip: '14755-1234' })],
  ['V624', 'Exempt', lar({ zip: 'Exempt' })],
  ['V625-1', 'an eleven-digit tract', lar()],
  ['V625-1', 'NA', lar({ tract: 'NA' })],
  ['V625-1', 'na (any case)', lar({ tract: 'na' })],

  ['V628-1', 'ethnicity 1 given', lar()],
  ['V628-1', 'blank with free text', lar({ appEthnicity1: '', appEthnicityOther: 'Chilean' })],
  ['V628-2', 'codes 13, blank, 11, blank', lar()],
  ['V628-2', '0 counts as blank', lar({ appEthnicity3: '0' })],
  ['V628-3', 'distinct codes', lar()],
  ['V628-3', 'blanks and 0 repeat freely', lar({ appEthnicity3: '0', appEthnicity5: '0' })],
  ['V628-4', 'ethnicity 1 is 1', lar()],
  [
    'V628-4',
    'ethnicity 1 is 3, the rest blank',
    lar({ appEthnicity1: '3', appEthnicity2: '', appEthnicity4: '' }),
  ],
  ['V629-1', 'observed 2', lar()],
  [
    'V629-2',
    'observed 1 with 1, 2',
    lar({ appEthnicityObserved: '1', appEthnicity2: '2', appEthnicity4: '' }),
  ],
  ['V629-3', 'not observed, ethnicity 1 is 1', lar()],
  [
    'V629-3',
    'not observed, ethnicity 1 is 4 but free text given (platform)',
    lar({ appEthnicity1: '4', appEthnicityOther: 'Chilean' }),
  ],
  ['V630', 'ethnicity 1 is 1', lar()],
  ['V630', 'ethnicity 1 is 4, observed 3', lar({ appEthnicity1: '4', appEthnicityObserved: '3' })],
  ['V631-1', 'co-applicant ethnicity 1 is 1', lar()],
  ['V631-1', 'co-applicant ethnicity 1 is 5', lar({ coAppEthnicity1: '5' })],
  ['V631-1', 'blank with free text', lar({ coAppEthnicity1: '', coAppEthnicityOther: 'Chilean' })],
  ['V631-2', 'blanks', lar()],
  ['V631-3', 'one code', lar()],
  ['V631-4', 'ethnicity 1 is 5, the rest blank', lar({ coAppEthnicity1: '5' })],
  ['V632-1', 'observed 2', lar()],
  ['V632-1', 'observed 4', lar({ coAppEthnicityObserved: '4' })],
  ['V632-2', 'observed 1, ethnicity 1 is 1', lar({ coAppEthnicityObserved: '1' })],
  ['V632-3', 'not observed, ethnicity 1 is 1', lar()],
  [
    'V632-3',
    'not observed, blank with free text',
    lar({ coAppEthnicity1: '', coAppEthnicityOther: 'Chilean' }),
  ],
  ['V633', 'ethnicity 1 is 1', lar()],
  [
    'V633',
    'ethnicity 1 is 4, observed 3',
    lar({ coAppEthnicity1: '4', coAppEthnicityObserved: '3' }),
  ],
  ['V634', 'ethnicity 1 is 1, observed 2', lar()],
  ['V634', 'no co-applicant both ways', lar({ coAppEthnicity1: '5', coAppEthnicityObserved: '4' })],

  ['V635-1', 'race 1 is 7', lar()],
  ['V635-1', 'blank with free text', lar({ appRace1: '', appRaceOtherAsian: 'Hmong' })],
  [
    'V635-1',
    'invalid code with free text (platform)',
    lar({ appRace1: '9', appRaceOtherNative: 'Navajo' }),
  ],
  ['V635-2', 'blanks', lar()],
  ['V635-2', 'subgroup codes', lar({ appRace1: '2', appRace2: '27', appRace3: '44' })],
  ['V635-3', 'one code', lar()],
  ['V635-3', 'distinct codes', lar({ appRace1: '2', appRace2: '21', appRace3: '5' })],
  ['V635-4', 'race 1 is 7, the rest blank', lar()],
  ['V636-1', 'observed 3', lar()],
  [
    'V636-2',
    'observed 1, races 5 and 1',
    lar({ appRaceObserved: '1', appRace1: '5', appRace2: '1' }),
  ],
  ['V636-3', 'not observed, race 1 is 6', lar({ appRaceObserved: '2', appRace1: '6' })],
  [
    'V636-3',
    'not observed, blank with free text',
    lar({ appRaceObserved: '2', appRace1: '', appRaceOtherPacific: 'Tongan' }),
  ],
  ['V637', 'race 1 is 7, observed 3', lar()],
  ['V638-1', 'race 1 is 27', lar()],
  ['V638-1', 'race 1 is 8', lar({ coAppRace1: '8', coAppRace2: '' })],
  ['V638-1', 'blank with free text', lar({ coAppRace1: '', coAppRaceOtherAsian: 'Hmong' })],
  ['V638-2', 'codes 24, 41, 43, 2', lar()],
  ['V638-3', 'distinct codes', lar()],
  [
    'V638-4',
    'race 1 is 8, the rest blank',
    lar({ coAppRace1: '8', coAppRace2: '', coAppRace3: '', coAppRace4: '', coAppRace5: '' }),
  ],
  ['V639-1', 'observed 2', lar()],
  ['V639-1', 'observed 4', lar({ coAppRaceObserved: '4' })],
  [
    'V639-2',
    'observed 1, races 2 and 5',
    lar({
      coAppRaceObserved: '1',
      coAppRace1: '2',
      coAppRace2: '5',
      coAppRace3: '',
      coAppRace4: '',
      coAppRace5: '',
    }),
  ],
  ['V639-3', 'not observed, subgroup codes', lar()],
  ['V640', 'race 1 is 27', lar()],
  ['V640', 'race 1 is 7, observed 3', lar({ coAppRace1: '7', coAppRaceObserved: '3' })],
];

const FAILING: Case[] = [
  ['V600', 'TS LEI of 19 characters', ts({ lei: 'B90YWS6AFX2LGWOXJ1L' })],
  ['V600', 'TS LEI blank', ts({ lei: '' })],
  ['V601', 'e-mail blank', ts({ contactEmail: '' })],
  ['V601', 'institution name blank', ts({ institutionName: '' })],
  ['V602', 'quarter 3 in an annual filing', ts({ calendarQuarter: '3' })],
  ['V603', 'phone 5555555555', ts({ contactPhone: '5555555555' })],
  ['V604', 'state in lower case', ts({ contactState: 'ut' })],
  ['V604', 'state XX', ts({ contactState: 'XX' })],
  ['V605', 'ZIP of 4 digits', ts({ contactZip: '8409' })],
  ['V606', '0 entries', ts({ totalEntries: '0' })],
  ['V607', 'tax id without its hyphen', ts({ taxId: '010123456' })],

  ['V600', 'LAR LEI of 19 characters', lar({ lei: 'B90YWS6AFX2LGWOXJ1L' })],
  ['V608-1', 'a 46-character ULI', lar({ uli: `${CLEAN_ULI}A` })],
  ['V608-1', 'a 23-character ULI with a hyphen', lar({ uli: 'B90YWS6AFX2LGWOXJ1LD-12' })],
  ['V608-2', 'a blank NULI', lar({ uli: '' })],
  ['V608-2', 'NULI NA', lar({ uli: 'NA' })],
  ['V608-2', 'NULI exempt (any case)', lar({ uli: 'exempt' })],
  ['V608-2', 'NULI 1111', lar({ uli: '1111' })],
  ['V608-2', 'NULI with a hyphen', lar({ uli: 'LOAN-1' })],
  ['V609', 'a ULI with a wrong check digit', lar({ uli: `${CLEAN_ULI.slice(0, -1)}5` })],
  ['V609', 'a ULI with a hyphen', lar({ uli: 'B90YWS6AFX2LGWOXJ1LD-12' })],
  ['V609', 'a 46-character ULI', lar({ uli: `${CLEAN_ULI}A` })],
  ['V610-1', 'February 30', lar({ applicationDate: '20250230' })],
  ['V610-1', 'na in lower case', lar({ applicationDate: 'na' })],
  ['V610-2', 'purchased with an application date', lar({ actionTaken: '6' })],
  ['V610-2', 'date NA, not purchased', lar({ applicationDate: 'NA' })],
  ['V611', 'loan type 5', lar({ loanType: '5' })],
  ['V612-1', 'purpose 3', lar({ loanPurpose: '3' })],
  ['V612-2', 'preapproval for purpose 2', lar({ preapproval: '1' })],
  ['V613-1', 'preapproval 3', lar({ preapproval: '3' })],
  ['V613-2', 'action 8 without preapproval', lar({ actionTaken: '8' })],
  ['V613-3', 'action 3 with preapproval', lar({ actionTaken: '3', preapproval: '1' })],
  ['V613-4', 'preapproval 1, action 5', lar({ preapproval: '1' })],
  ['V614-1', 'purpose 2 with preapproval', lar({ preapproval: '1' })],
  [
    'V614-2',
    'affordable units 5 with preapproval',
    lar({ multifamilyAffordableUnits: '5', preapproval: '1' }),
  ],
  ['V614-3', 'reverse mortgage with preapproval', lar({ reverseMortgage: '1', preapproval: '1' })],
  ['V614-4', 'open-end line with preapproval', lar({ openEndLineOfCredit: '1', preapproval: '1' })],
  ['V615-1', 'construction 3', lar({ constructionMethod: '3' })],
  ['V615-2', 'land interest 2, site built', lar({ constructionMethod: '1' })],
  ['V615-3', 'secured by home, site built', lar({ constructionMethod: '1' })],
  ['V616', 'occupancy 4', lar({ occupancy: '4' })],
  ['V617', 'amount -1', lar({ loanAmount: '-1' })],
  ['V618', 'action 9', lar({ actionTaken: '9' })],
  ['V619-1', 'month 13', lar({ actionTakenDate: '20251301' })],
  ['V619-2', 'a 2024 date in a 2025 filing', lar({ actionTakenDate: '20241231' })],
  ['V619-2', 'a 2025 date in a 2026 filing', lar(), filing({ year: 2026 })],
  ['V619-3', 'action before application', lar({ actionTakenDate: '20250112' })],
  [
    'V619-3',
    'application date not a number (read as the largest)',
    lar({ applicationDate: 'unknown' }),
  ],

  ['V620', 'street blank', lar({ street: '' })],
  ['V621', 'city blank', lar({ city: '' })],
  ['V622', 'street given, city NA', lar({ city: 'NA' })],
  ['V622', 'street given, ZIP NA', lar({ zip: 'NA' })],
  ['V622', 'street na (NA is case-sensitive), state NA', lar({ street: 'na', state: 'NA' })],
  ['V623', 'state in lower case', lar({ state: 'dc' })],
  ['V623', 'state Exempt', lar({ state: 'Exempt' })],
  ['V624', 'ZIP of 4 digits', lar({ zip: '1475' })],
  ['V624', 'ZIP exempt in lower case', lar({ zip: 'exempt' })],
  ['V625-1', 'ten-digit tract', lar({ tract: '1100198000' })],
  ['V625-1', 'tract blank', lar({ tract: '' })],

  ['V628-1', 'blank without free text', lar({ appEthnicity1: '', appEthnicityOther: '' })],
  ['V628-1', '0 without free text', lar({ appEthnicity1: '0', appEthnicityOther: '' })],
  ['V628-1', 'code 5 (co-applicant only)', lar({ appEthnicity1: '5' })],
  ['V628-1', 'invalid code even with free text', lar({ appEthnicity1: '9' })],
  ['V628-2', 'ethnicity 2 is 3', lar({ appEthnicity2: '3' })],
  ['V628-3', 'ethnicity 2 repeats 1', lar({ appEthnicity2: '1' })],
  ['V628-3', 'ethnicity 5 repeats 11', lar({ appEthnicity5: '11' })],
  ['V628-4', 'ethnicity 1 is 3 with more codes', lar({ appEthnicity1: '3' })],
  ['V629-1', 'observed 4 (co-applicant only)', lar({ appEthnicityObserved: '4' })],
  ['V629-2', 'observed 1 with subgroup codes', lar({ appEthnicityObserved: '1' })],
  ['V629-3', 'not observed, ethnicity 1 is 4', lar({ appEthnicity1: '4', appEthnicityOther: '' })],
  ['V630', 'ethnicity 1 is 4, observed 2', lar({ appEthnicity1: '4' })],
  ['V631-1', 'blank without free text', lar({ coAppEthnicity1: '' })],
  [
    'V631-1',
    'invalid code with free text',
    lar({ coAppEthnicity1: '6', coAppEthnicityOther: 'X' }),
  ],
  ['V631-2', 'ethnicity 2 is 4', lar({ coAppEthnicity2: '4' })],
  ['V631-3', 'ethnicity 3 repeats 1', lar({ coAppEthnicity3: '1' })],
  [
    'V631-4',
    'ethnicity 1 is 5 with more codes',
    lar({ coAppEthnicity1: '5', coAppEthnicity2: '2' }),
  ],
  ['V632-1', 'observed 5', lar({ coAppEthnicityObserved: '5' })],
  [
    'V632-2',
    'observed 1, ethnicity 1 is 11',
    lar({ coAppEthnicityObserved: '1', coAppEthnicity1: '11' }),
  ],
  [
    'V632-3',
    'not observed, ethnicity 1 is 4 (free text does not excuse it)',
    lar({ coAppEthnicity1: '4', coAppEthnicityOther: 'Chilean' }),
  ],
  ['V633', 'ethnicity 1 is 4, observed 2', lar({ coAppEthnicity1: '4' })],
  ['V634', 'ethnicity 1 is 5, observed 2', lar({ coAppEthnicity1: '5' })],
  ['V634', 'observed 4, ethnicity 1 is 1', lar({ coAppEthnicityObserved: '4' })],

  ['V635-1', 'race 1 is 8 (co-applicant only)', lar({ appRace1: '8' })],
  ['V635-1', 'blank without free text', lar({ appRace1: '' })],
  ['V635-2', 'race 2 is 6', lar({ appRace2: '6' })],
  ['V635-3', 'race 2 repeats 7', lar({ appRace2: '7' })],
  ['V635-4', 'race 1 is 7 with race 2', lar({ appRace2: '5' })],
  ['V636-1', 'observed 4 (co-applicant only)', lar({ appRaceObserved: '4' })],
  ['V636-2', 'observed 1, race 1 is 7', lar({ appRaceObserved: '1' })],
  [
    'V636-2',
    'observed 1, race 2 is a subgroup',
    lar({ appRaceObserved: '1', appRace1: '2', appRace2: '21' }),
  ],
  ['V636-3', 'not observed, race 1 is 7', lar({ appRaceObserved: '2' })],
  [
    'V636-3',
    'not observed, race 2 is 6',
    lar({ appRaceObserved: '2', appRace1: '5', appRace2: '6' }),
  ],
  ['V637', 'race 1 is 7, observed 2', lar({ appRaceObserved: '2' })],
  ['V638-1', 'race 1 is 9', lar({ coAppRace1: '9' })],
  ['V638-2', 'race 2 is 8', lar({ coAppRace2: '8' })],
  ['V638-3', 'race 3 repeats 27', lar({ coAppRace3: '27' })],
  ['V638-4', 'race 1 is 8 with more codes', lar({ coAppRace1: '8' })],
  ['V639-1', 'observed 5', lar({ coAppRaceObserved: '5' })],
  ['V639-1', 'observed 1111', lar({ coAppRaceObserved: '1111' })],
  ['V639-2', 'observed 1 with subgroup codes', lar({ coAppRaceObserved: '1' })],
  ['V639-3', 'not observed, race 1 is 7', lar({ coAppRace1: '7' })],
  ['V640', 'race 1 is 7, observed 2', lar({ coAppRace1: '7' })],
];

// prettier-ignore
const IDS_IN_RANGE = [
  'V600', 'V601', 'V602', 'V603', 'V604', 'V605', 'V606', 'V607',
  'V600', 'V608-1', 'V608-2', 'V609', 'V610-1', 'V610-2', 'V611', 'V612-1', 'V612-2',
  'V613-1', 'V613-2', 'V613-3', 'V613-4', 'V614-1', 'V614-2', 'V614-3', 'V614-4',
  'V615-1', 'V615-2', 'V615-3', 'V616', 'V617', 'V618', 'V619-1', 'V619-2', 'V619-3',
  'V620', 'V621', 'V622', 'V623', 'V624', 'V625-1',
  'V628-1', 'V628-2', 'V628-3', 'V628-4', 'V629-1', 'V629-2', 'V629-3', 'V630',
  'V631-1', 'V631-2', 'V631-3', 'V631-4', 'V632-1', 'V632-2', 'V632-3', 'V633', 'V634',
  'V635-1', 'V635-2', 'V635-3', 'V635-4', 'V636-1', 'V636-2', 'V636-3', 'V637',
  'V638-1', 'V638-2', 'V638-3', 'V638-4', 'V639-1', 'V639-2', 'V639-3', 'V640',
];

describe('validity edits V600–V640', () => {
  it('has every id of the range once per record, except the census edits', () => {
    const keys = VALIDITY_EDITS_V600_V640.map((edit) => `${edit.record}:${edit.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(VALIDITY_EDITS_V600_V640.map((edit) => edit.id)).toEqual(IDS_IN_RANGE);
    const ids = new Set(IDS_IN_RANGE);
    for (const id of ['V625-2', 'V626', 'V627']) expect(ids.has(id)).toBe(false);
  });

  it('gives the Transmittal Sheet edits TS fields and the rest LAR fields', () => {
    const tsIds = VALIDITY_EDITS_V600_V640.filter((edit) => edit.record === 'ts');
    expect(tsIds.map((edit) => edit.id)).toEqual(IDS_IN_RANGE.slice(0, 8));
    for (const edit of VALIDITY_EDITS_V600_V640) {
      expect(edit.category).toBe('validity');
      expect(edit.fields.length).toBeGreaterThan(0);
    }
  });

  it('has a passing and a failing case for every edit', () => {
    const cased = (cases: Case[], record: 'ts' | 'lar') =>
      new Set(cases.filter(([, , row]) => recordOf(row) === record).map(([id]) => id));
    for (const edit of VALIDITY_EDITS_V600_V640) {
      expect(cased(PASSING, edit.record).has(edit.id), `${edit.id} passing`).toBe(true);
      expect(cased(FAILING, edit.record).has(edit.id), `${edit.id} failing`).toBe(true);
    }
  });

  it('passes the clean rows of the 2025 test file on every edit', () => {
    for (const edit of VALIDITY_EDITS_V600_V640) {
      expect(edit.passes(edit.record === 'ts' ? ts() : lar(), filing()), edit.id).toBe(true);
    }
  });

  it.each([
    ['lar-2025-annual-clean-bank0-100rows.txt', filing()],
    ['lar-2026-q1-clean-bank1-100rows.txt', filing({ year: 2026, period: 'Q1' })],
  ])('passes every row of the clean file %s', (file, context) => {
    const text = readFileSync(new URL(`../../../../test/fixtures/hmda/${file}`, import.meta.url));
    const rows = String(text)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, index) => new HmdaRow(splitValues(cleanLine(line)), index + 1));
    const failures: string[] = [];
    for (const row of rows) {
      for (const edit of VALIDITY_EDITS_V600_V640) {
        if (recordOf(row) !== edit.record) continue;
        if (!edit.passes(row, { ...context, ts: rows[0]! }))
          failures.push(`${row.line} ${edit.id}`);
      }
    }
    expect(rows.length).toBe(101);
    expect(failures).toEqual([]);
  });

  it.each(PASSING)('%s passes: %s', (id, _label, row, context = filing()) => {
    expect(editFor(id, row).passes(row, context)).toBe(true);
  });

  it.each(FAILING)('%s fails: %s', (id, _label, row, context = filing()) => {
    expect(editFor(id, row).passes(row, context)).toBe(false);
  });
});

describe('V609 check digit (the shared isValidUli)', () => {
  const uliCheckDigitValid = (uli: string) =>
    editFor('V609', lar({ uli })).passes(lar({ uli }), filing());

  /** The reference method of appendix C, with BigInt, for comparison only. */
  function checkDigitByBigInt(loanId: string): string {
    const digits = [...loanId.toUpperCase()]
      .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
      .join('');
    const digit = 98n - ((BigInt(digits) * 100n) % 97n);
    return digit.toString().padStart(2, '0');
  }

  it('accepts the CFPB test vectors and worked examples', () => {
    for (const uli of [
      'TESTBANKTESTBANK01JAJZMZSDXF8A57HP1HJZQOA24',
      'TESTBANKTESTBANK01JAJZMZSDXF8A57HP1HJZQOB21',
      'TESTBANKTESTBANK01JAJZMZSDXF8A57HP1HJZQOC18',
      'TESTBANKTESTBANK01JAJZMZSDXF8A57HP1HJZQOD15',
      'TESTBANKTESTBANK01JAJZMZSDXF8A57HP1HJZQOE12',
      'TESTBANKTESTBANK01JAJZMZSDXF8A57HP1HJZQOF09',
      '10Bx939c5543TqA1144M999143X38',
      '10Cx939c5543TqA1144M999143X10',
      CLEAN_ULI,
      CLEAN_ULI.toLowerCase(),
    ]) {
      expect(uliCheckDigitValid(uli), uli).toBe(true);
    }
  });

  it('rejects a changed character, a wrong check digit and non-alphanumeric text', () => {
    expect(uliCheckDigitValid('10Bx939c5543TqA1144M999133X38')).toBe(false);
    expect(uliCheckDigitValid('10Bx939c5543TqA1144M999143X39')).toBe(false);
    expect(uliCheckDigitValid('10Bx939c5543TqA1144M999143X-38')).toBe(false);
    expect(uliCheckDigitValid('10Bx939c5543TqA1144M999143X3é')).toBe(false);
    // Leading zeros keep the remainder right, but a ULI is at most 45 characters.
    expect(uliCheckDigitValid(`00000${CLEAN_ULI}`)).toBe(false);
  });

  it('agrees with the BigInt computation on generated identifiers', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let n = 0; n < 500; n++) {
      let loanId = '';
      const length = 21 + (next() % 23);
      for (let i = 0; i < length; i++) loanId += alphabet[next() % alphabet.length];
      const checkDigit = checkDigitByBigInt(loanId);
      expect(uliCheckDigitValid(loanId + checkDigit), loanId).toBe(true);
      // Any other pair of digits fails, except one 97 apart (02 and 99 leave the same remainder).
      const wrong = (Number(checkDigit) + 1 + (next() % 95)) % 100;
      if ((wrong - Number(checkDigit)) % 97 !== 0) {
        const uli = loanId + String(wrong).padStart(2, '0');
        expect(uliCheckDigitValid(uli), uli).toBe(false);
      }
    }
  });
});
