import {
  FEE_KINDS,
  TOLERANCE_BUCKET_LABELS,
  toleranceBucket,
  toleranceInputSchema,
  type FeeKind,
} from '@complivue/shared/loan-tests/tolerance';
import { useState } from 'react';
import type { RunTest } from './loan-test-page.tsx';
import { EditableRows } from './loan-fields.tsx';
import { ChoiceField, TestForm, TextInputField, numberOrText, useTestForm } from './test-form.tsx';

interface FeeRow {
  key: number;
  name: string;
  kind: FeeKind | '';
  loanEstimate: string;
  closingDisclosure: string;
}

const FEE_KIND_OPTIONS = [
  { value: '' as const, label: 'Choose the kind of charge' },
  ...(Object.keys(FEE_KINDS) as FeeKind[]).map((kind) => ({
    value: kind,
    label: `${FEE_KINDS[kind].label} (${TOLERANCE_BUCKET_LABELS[toleranceBucket(kind)]})`,
  })),
];

let nextKey = 1;
const emptyRow = (): FeeRow => ({
  key: nextKey++,
  name: '',
  kind: '',
  loanEstimate: '',
  closingDisclosure: '',
});

/** The fees of the Loan Estimate and the Closing Disclosure, one row each, by kind of charge. */
export function ToleranceForm({ onRun }: { onRun: RunTest }) {
  const [consummation, setConsummation] = useState('');
  const [rows, setRows] = useState<FeeRow[]>(() => [emptyRow(), emptyRow()]);
  const form = useTestForm({
    kind: 'tolerance',
    schema: toleranceInputSchema,
    onRun,
    build: () => ({
      consummationDate: consummation,
      fees: rows.map((row) => ({
        name: row.name,
        kind: row.kind || undefined,
        loanEstimate: numberOrText(row.loanEstimate === '' ? '0' : row.loanEstimate),
        closingDisclosure: numberOrText(row.closingDisclosure),
      })),
    }),
  });
  const { errors } = form;
  return (
    <TestForm label="Tolerance cure" form={form}>
      <div className="max-w-xs">
        <TextInputField
          label="Consummation"
          type="date"
          value={consummation}
          onChange={setConsummation}
          error={errors.consummationDate}
          hint="A refund is due within 60 days after it (12 CFR 1026.19(f)(2)(v))."
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Fees</legend>
        <p className="text-xs text-slate-600">
          Enter 0 on the Loan Estimate for a charge that first appeared on the Closing Disclosure.
          The kind of charge decides its tolerance category (12 CFR 1026.19(e)(3)).
        </p>
        {errors.fees && (
          <p role="alert" className="text-sm text-red-700">
            {errors.fees}
          </p>
        )}
        <EditableRows
          rows={rows}
          onChange={setRows}
          newRow={emptyRow}
          noun="fee"
          gridClassName="md:grid-cols-[1fr_2fr_8rem_8rem_auto]"
        >
          {(row, index, update) => (
            <>
              <TextInputField
                label={`Fee ${index + 1}`}
                value={row.name}
                onChange={(name) => update({ name })}
                error={errors[`fees.${index}.name`]}
              />
              <ChoiceField
                label="Kind of charge"
                value={row.kind}
                onChange={(kind) => update({ kind })}
                options={FEE_KIND_OPTIONS}
                error={errors[`fees.${index}.kind`]}
              />
              <TextInputField
                label="Loan Estimate ($)"
                inputMode="decimal"
                value={row.loanEstimate}
                onChange={(loanEstimate) => update({ loanEstimate })}
                error={errors[`fees.${index}.loanEstimate`]}
              />
              <TextInputField
                label="Closing Disclosure ($)"
                inputMode="decimal"
                value={row.closingDisclosure}
                onChange={(closingDisclosure) => update({ closingDisclosure })}
                error={errors[`fees.${index}.closingDisclosure`]}
              />
            </>
          )}
        </EditableRows>
      </fieldset>
    </TestForm>
  );
}
