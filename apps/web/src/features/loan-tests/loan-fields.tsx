import type { ReactNode } from 'react';

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
