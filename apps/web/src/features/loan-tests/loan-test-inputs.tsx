import { POINTS_AND_FEES_ITEM_KINDS } from '@complivue/shared/loan-tests/points-and-fees';
import { FEE_KINDS } from '@complivue/shared/loan-tests/tolerance';
import { Card } from '@/components/ui/card';

/** Field names as a loan file would label them; a name missing here is shown spaced out. */
const LABELS: Record<string, string> = {
  applicationDate: 'Application received',
  daysOpen: 'Days the offices are open',
  closedOnFederalHolidays: 'Closed on federal holidays',
  loanEstimateDelivery: 'Loan Estimate delivered',
  changedCircumstanceDate: 'Changed circumstance known',
  closingDisclosureDelivery: 'Closing Disclosure delivered',
  correctedClosingDisclosure: 'Corrected Closing Disclosure',
  plannedConsummation: 'Planned consummation',
  consummationDate: 'Consummation',
  fees: 'Fees',
  items: 'Points and fees items',
  totalLoanAmount: 'Total loan amount',
  actionTaken: 'Action taken (HMDA code)',
  loanTerm: 'Loan term (years)',
  amortizationType: 'Amortization',
  apr: 'APR (%)',
  lockDate: 'Rate set (lock) date',
  reverseMortgage: 'Reverse mortgage',
  lien: 'Lien',
  jumbo: 'Above the Freddie Mac limit (jumbo)',
  loanEstimate: 'Loan Estimate',
  closingDisclosure: 'Closing Disclosure',
  date: 'Date',
  method: 'Method',
  reason: 'Reason',
  name: 'Name',
  kind: 'Kind',
  amount: 'Amount',
  description: 'Description',
  loanAmount: 'Loan amount on the note',
  undiscountedRate: 'Interest rate before the discount (%)',
  dwellingIsPersonalProperty: 'Dwelling is personal property',
  prepaymentPenaltyAfter36Months: 'Prepayment penalty possible after 36 months',
  prepaymentPenaltyOver2Percent: 'Prepayment penalties can exceed 2% of the amount prepaid',
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Fields whose numbers are dollars, and fields whose codes have words. */
const MONEY = new Set([
  'totalLoanAmount',
  'loanAmount',
  'amount',
  'loanEstimate',
  'closingDisclosure',
]);
const CODES: Record<string, Record<string, string>> = {
  kind: {
    ...Object.fromEntries(Object.entries(FEE_KINDS).map(([kind, info]) => [kind, info.label])),
    ...Object.fromEntries(
      Object.entries(POINTS_AND_FEES_ITEM_KINDS).map(([kind, info]) => [kind, info.label]),
    ),
  },
  amortizationType: { fixed: 'Fixed rate', adjustable: 'Adjustable rate' },
  lien: { first: 'First lien', subordinate: 'Subordinate lien' },
  method: { in_person: 'In person', mail: 'By mail', email: 'By email' },
};

const label = (key: string) =>
  LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

function show(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && MONEY.has(key)) return usd.format(value);
  const word = typeof value === 'string' ? CODES[key]?.[value] : undefined;
  if (word) return word;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => show(item, key)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([innerKey, inner]) => `${label(innerKey)}: ${show(inner, innerKey)}`)
      .join('; ');
  }
  return String(value).replace(/_/g, ' ');
}

function RowsTable({ name, rows }: { name: string; rows: Record<string, unknown>[] }) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <div className="overflow-x-auto" role="region" aria-label={label(name)} tabIndex={0}>
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{label(name)}</caption>
        <thead className="text-slate-700">
          <tr>
            {keys.map((key) => (
              <th key={key} scope="col" className="py-1 pr-4 font-medium">
                {label(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, index) => (
            <tr key={index}>
              {keys.map((key) => (
                <td key={key} className="py-1 pr-4 tabular-nums">
                  {show(row[key], key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const isRowList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every((row) => row && typeof row === 'object');

/** The inputs a saved test was run on, so the printed record can be re-performed. */
export function LoanTestInputs({ input }: { input: Record<string, unknown> }) {
  const entries = Object.entries(input);
  const scalars = entries.filter(([, value]) => !isRowList(value));
  const lists = entries.filter(([, value]) => isRowList(value));
  return (
    <Card className="space-y-4 p-4 sm:p-6 print:border-0 print:p-0 print:shadow-none">
      <h2 className="text-lg font-semibold text-slate-900">Inputs</h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]">
        {scalars.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-900">{label(key)}</dt>
            <dd className="text-slate-800">{show(value, key)}</dd>
          </div>
        ))}
      </dl>
      {lists.map(([key, rows]) => (
        <div key={key}>
          <h3 className="text-sm font-semibold text-slate-900">{label(key)}</h3>
          <RowsTable name={key} rows={rows as Record<string, unknown>[]} />
        </div>
      ))}
    </Card>
  );
}
