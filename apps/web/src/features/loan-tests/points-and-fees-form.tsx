import {
  POINTS_AND_FEES_ITEM_KINDS,
  POINTS_AND_FEES_ITEM_KIND_KEYS,
  type PointsAndFeesItemKind,
} from '@complivue/shared/loan-tests/points-and-fees';
import { pointsAndFeesTestInputSchema } from '@complivue/shared/loan-tests/run-loan-test';
import { useState } from 'react';
import type { RunTest } from './loan-test-page.tsx';
import {
  CheckboxAnswer,
  EMPTY_RATE_LOCK,
  EditableRows,
  RateLockFields,
  rateLockInput,
} from './loan-fields.tsx';
import {
  ChoiceField,
  TestForm,
  TextInputField,
  numberOrText,
  optional,
  useTestForm,
} from './test-form.tsx';

interface ItemRow {
  key: number;
  kind: PointsAndFeesItemKind | '';
  amount: string;
  description: string;
}

const KIND_OPTIONS = [
  { value: '' as const, label: 'Choose what the charge is' },
  ...POINTS_AND_FEES_ITEM_KIND_KEYS.map((kind) => ({
    value: kind,
    label: `${POINTS_AND_FEES_ITEM_KINDS[kind].label}${POINTS_AND_FEES_ITEM_KINDS[kind].counts ? '' : ' (not counted)'}`,
  })),
];

let nextKey = 1;
const emptyItem = (): ItemRow => ({ key: nextKey++, kind: '', amount: '', description: '' });

/**
 * Points and fees by item, the loan amounts, and what HOEPA's triggers read: the APR and the
 * rate-set date (the APOR comes from the table in use), the lien, the dwelling, the penalties.
 */
export function PointsAndFeesForm({ onRun }: { onRun: RunTest }) {
  const [consummation, setConsummation] = useState('');
  const [loanAmount, setLoanAmount] = useState('');
  const [totalLoanAmount, setTotalLoanAmount] = useState('');
  const [items, setItems] = useState<ItemRow[]>(() => [emptyItem(), emptyItem()]);
  const [undiscountedRate, setUndiscountedRate] = useState('');
  const [lock, setLock] = useState(EMPTY_RATE_LOCK);
  const [personalProperty, setPersonalProperty] = useState(false);
  const [penaltyAfter36, setPenaltyAfter36] = useState(false);
  const [penaltyOver2, setPenaltyOver2] = useState(false);

  const form = useTestForm({
    kind: 'points_and_fees',
    schema: pointsAndFeesTestInputSchema,
    onRun,
    build: () => ({
      consummationDate: consummation,
      loanAmount: optional(loanAmount, numberOrText(loanAmount)),
      totalLoanAmount: numberOrText(totalLoanAmount),
      items: items
        .filter((item) => item.kind !== '' || item.amount.trim() !== '')
        .map((item) => ({
          kind: item.kind || undefined,
          amount: numberOrText(item.amount),
          ...(item.description.trim() ? { description: item.description } : {}),
        })),
      undiscountedRate: optional(undiscountedRate, numberOrText(undiscountedRate)),
      ...rateLockInput(lock),
      dwellingIsPersonalProperty: personalProperty,
      prepaymentPenaltyAfter36Months: penaltyAfter36,
      prepaymentPenaltyOver2Percent: penaltyOver2,
    }),
  });
  const { errors } = form;
  return (
    <TestForm label="Points and fees" form={form}>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInputField
          label="Consummation"
          type="date"
          value={consummation}
          onChange={setConsummation}
          error={errors.consummationDate}
          hint="Its year chooses the adjusted dollar figures."
        />
        <TextInputField
          label="Loan amount on the note ($, optional)"
          inputMode="decimal"
          value={loanAmount}
          onChange={setLoanAmount}
          error={errors.loanAmount}
          hint="Chooses the QM tier; the total loan amount is used when left empty."
        />
        <TextInputField
          label="Total loan amount ($)"
          inputMode="decimal"
          value={totalLoanAmount}
          onChange={setTotalLoanAmount}
          error={errors.totalLoanAmount}
          hint="As 12 CFR 1026.32(b)(4)(i) computes it; the percentages apply to it."
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">
          Charges (12 CFR 1026.32(b)(1))
        </legend>
        {errors.items && (
          <p role="alert" className="text-sm text-red-700">
            {errors.items}
          </p>
        )}
        <EditableRows
          rows={items}
          onChange={setItems}
          newRow={emptyItem}
          noun="charge"
          gridClassName="md:grid-cols-[2fr_8rem_1fr_auto]"
        >
          {(item, index, update) => (
            <>
              <ChoiceField
                label={`Charge ${index + 1}`}
                value={item.kind}
                onChange={(kind) => update({ kind })}
                options={KIND_OPTIONS}
                error={errors[`items.${index}.kind`]}
                hint={item.kind ? POINTS_AND_FEES_ITEM_KINDS[item.kind].citation : undefined}
              />
              <TextInputField
                label="Amount ($)"
                inputMode="decimal"
                value={item.amount}
                onChange={(amount) => update({ amount })}
                error={errors[`items.${index}.amount`]}
              />
              <TextInputField
                label="Description (optional)"
                value={item.description}
                onChange={(description) => update({ description })}
                error={errors[`items.${index}.description`]}
              />
            </>
          )}
        </EditableRows>
        <div className="max-w-xs">
          <TextInputField
            label="Interest rate before the discount (%, optional)"
            inputMode="decimal"
            value={undiscountedRate}
            onChange={setUndiscountedRate}
            error={errors.undiscountedRate}
            hint="To exclude bona fide discount points (12 CFR 1026.32(b)(1)(i)(E)–(F))."
          />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">
          For HOEPA’s APR trigger and the discount-point exclusion
        </legend>
        <p className="text-xs text-slate-600">
          The APOR is read from the APOR table in use for the rate-set date, term and amortization.
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <RateLockFields value={lock} onChange={setLock} errors={errors} />
        </div>
        <div className="flex flex-col gap-2">
          <CheckboxAnswer checked={personalProperty} onChange={setPersonalProperty}>
            The dwelling is personal property (a manufactured home not titled as real property)
          </CheckboxAnswer>
          <CheckboxAnswer checked={penaltyAfter36} onChange={setPenaltyAfter36}>
            A prepayment penalty can be charged more than 36 months after consummation
          </CheckboxAnswer>
          <CheckboxAnswer checked={penaltyOver2} onChange={setPenaltyOver2}>
            Prepayment penalties can exceed, in total, 2% of the amount prepaid
          </CheckboxAnswer>
        </div>
      </fieldset>
    </TestForm>
  );
}
