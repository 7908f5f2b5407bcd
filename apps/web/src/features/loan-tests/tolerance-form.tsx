import {
  FEE_KINDS,
  TOLERANCE_BUCKET_LABELS,
  toleranceBucket,
  toleranceInputSchema,
  type FeeKind,
} from '@complivue/shared/loan-tests/tolerance';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { RunTest } from './loan-test-page.tsx';
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
  const update = (key: number, change: Partial<FeeRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

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
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-[1fr_2fr_8rem_8rem_auto] md:items-start"
          >
            <TextInputField
              label={`Fee ${index + 1}`}
              value={row.name}
              onChange={(name) => update(row.key, { name })}
              error={errors[`fees.${index}.name`]}
            />
            <ChoiceField
              label="Kind of charge"
              value={row.kind}
              onChange={(kind) => update(row.key, { kind })}
              options={FEE_KIND_OPTIONS}
              error={errors[`fees.${index}.kind`]}
            />
            <TextInputField
              label="Loan Estimate ($)"
              inputMode="decimal"
              value={row.loanEstimate}
              onChange={(loanEstimate) => update(row.key, { loanEstimate })}
              error={errors[`fees.${index}.loanEstimate`]}
            />
            <TextInputField
              label="Closing Disclosure ($)"
              inputMode="decimal"
              value={row.closingDisclosure}
              onChange={(closingDisclosure) => update(row.key, { closingDisclosure })}
              error={errors[`fees.${index}.closingDisclosure`]}
            />
            <Button
              type="button"
              variant="ghost"
              className="md:mt-7"
              disabled={rows.length === 1}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="sr-only">Remove fee {index + 1}</span>
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          onClick={() => setRows((current) => [...current, emptyRow()])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a fee
        </Button>
      </fieldset>
    </TestForm>
  );
}
