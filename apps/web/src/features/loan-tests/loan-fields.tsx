import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ChoiceField, TextInputField, numberOrText, type FieldErrors } from './test-form.tsx';

/** HMDA action taken codes (12 CFR 1003.4(a)(8); the Filing Instructions Guide's field 27). */
export const ACTION_TAKEN_OPTIONS = [
  { value: '1', label: '1 · Loan originated' },
  { value: '2', label: '2 · Application approved but not accepted' },
  { value: '3', label: '3 · Application denied' },
  { value: '4', label: '4 · Application withdrawn by applicant' },
  { value: '5', label: '5 · File closed for incompleteness' },
  { value: '6', label: '6 · Purchased loan' },
  { value: '7', label: '7 · Preapproval request denied' },
  { value: '8', label: '8 · Preapproval request approved but not accepted' },
] as const;

export const AMORTIZATION_OPTIONS = [
  { value: 'fixed', label: 'Fixed rate' },
  { value: 'adjustable', label: 'Adjustable rate' },
] as const;

export const LIEN_OPTIONS = [
  { value: 'first', label: 'First lien' },
  { value: 'subordinate', label: 'Subordinate lien' },
] as const;

/** A yes/no answer as a checkbox with its label beside it. */
export function CheckboxAnswer({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="inline-flex items-start gap-2 text-sm text-slate-900">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

/**
 * The loan's rate, when it was set, its term, amortization and lien, as typed. Every field
 * starts empty: a test saved as evidence records only what someone entered about the loan.
 */
export interface RateLock {
  apr: string;
  lockDate: string;
  loanTerm: string;
  amortization: 'fixed' | 'adjustable' | '';
  lien: 'first' | 'subordinate' | '';
}

export const EMPTY_RATE_LOCK: RateLock = {
  apr: '',
  lockDate: '',
  loanTerm: '',
  amortization: '',
  lien: '',
};

/** The rate lock as the shared schemas name its fields; an unanswered choice is left out. */
export const rateLockInput = (lock: RateLock) => ({
  apr: numberOrText(lock.apr),
  lockDate: lock.lockDate,
  loanTerm: numberOrText(lock.loanTerm),
  amortizationType: lock.amortization || undefined,
  lien: lock.lien || undefined,
});

/** A yes/no question answered from a list, unanswered at first: '' until someone chooses. */
export type YesNo = 'yes' | 'no' | '';

export const YES_NO_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** The answer as the schemas take it; unanswered is left out, so the schema asks for it. */
export const yesNoInput = (answer: YesNo): boolean | undefined =>
  answer === '' ? undefined : answer === 'yes';

/**
 * What the APOR lookup reads (the rate-set date, term and amortization) with the APR and the
 * lien the tests compare: the same five fields on the rate-spread and points-and-fees forms.
 */
export function RateLockFields({
  value,
  onChange,
  errors,
  hints = {},
}: {
  value: RateLock;
  onChange: (value: RateLock) => void;
  errors: FieldErrors;
  hints?: Partial<Record<'apr' | 'lockDate' | 'loanTerm', string>>;
}) {
  const set = (change: Partial<RateLock>) => onChange({ ...value, ...change });
  return (
    <>
      <TextInputField
        label="APR (%)"
        inputMode="decimal"
        value={value.apr}
        onChange={(apr) => set({ apr })}
        error={errors.apr}
        hint={hints.apr}
      />
      <TextInputField
        label="Rate set (lock) date"
        type="date"
        value={value.lockDate}
        onChange={(lockDate) => set({ lockDate })}
        error={errors.lockDate}
        hint={hints.lockDate}
      />
      <TextInputField
        label="Loan term (years)"
        inputMode="numeric"
        value={value.loanTerm}
        onChange={(loanTerm) => set({ loanTerm })}
        error={errors.loanTerm}
        hint={hints.loanTerm}
      />
      <ChoiceField
        label="Amortization"
        value={value.amortization}
        onChange={(amortization) => set({ amortization })}
        options={AMORTIZATION_OPTIONS}
        error={errors.amortizationType}
      />
      <ChoiceField
        label="Lien"
        value={value.lien}
        onChange={(lien) => set({ lien })}
        options={LIEN_OPTIONS}
        error={errors.lien}
      />
    </>
  );
}

/**
 * Rows a person adds and removes (fees, charges): each row's fields, a remove button named for
 * the row, and the add button. The last row cannot be removed.
 */
export function EditableRows<Row extends { key: number }>({
  rows,
  onChange,
  newRow,
  noun,
  gridClassName,
  children,
}: {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  /** "fee", "charge": names the buttons ("Remove fee 2", "Add a fee"). */
  noun: string;
  gridClassName: string;
  children: (row: Row, index: number, update: (change: Partial<Row>) => void) => ReactNode;
}) {
  return (
    <>
      {rows.map((row, index) => (
        <div
          key={row.key}
          className={cn(
            'grid gap-3 rounded-md border border-slate-200 p-3 md:items-start',
            gridClassName,
          )}
        >
          {children(row, index, (change) =>
            onChange(
              rows.map((other) => (other.key === row.key ? { ...other, ...change } : other)),
            ),
          )}
          <Button
            type="button"
            variant="ghost"
            className="md:mt-7"
            disabled={rows.length === 1}
            onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">
              Remove {noun} {index + 1}
            </span>
          </Button>
        </div>
      ))}
      <Button type="button" variant="secondary" onClick={() => onChange([...rows, newRow()])}>
        <Plus aria-hidden="true" className="size-4" />
        Add a {noun}
      </Button>
    </>
  );
}
