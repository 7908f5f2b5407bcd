import { rateSpreadTestInputSchema } from '@complivue/shared/loan-tests/run-loan-test';
import { useState } from 'react';
import type { RunTest } from './loan-test-page.tsx';
import {
  ACTION_TAKEN_OPTIONS,
  AMORTIZATION_OPTIONS,
  CheckboxAnswer,
  LIEN_OPTIONS,
} from './loan-fields.tsx';
import { ChoiceField, TestForm, TextInputField, numberOrText, useTestForm } from './test-form.tsx';

/** The CFPB rate spread calculator's inputs, and the lien and jumbo answers the HPML test needs. */
export function RateSpreadForm({ onRun }: { onRun: RunTest }) {
  const [actionTaken, setActionTaken] = useState('1');
  const [loanTerm, setLoanTerm] = useState('30');
  const [amortization, setAmortization] = useState<'fixed' | 'adjustable'>('fixed');
  const [apr, setApr] = useState('');
  const [lockDate, setLockDate] = useState('');
  const [reverse, setReverse] = useState(false);
  const [lien, setLien] = useState<'first' | 'subordinate'>('first');
  const [jumbo, setJumbo] = useState(false);
  const form = useTestForm({
    kind: 'rate_spread',
    schema: rateSpreadTestInputSchema,
    onRun,
    build: () => ({
      actionTaken: Number(actionTaken),
      loanTerm: numberOrText(loanTerm),
      amortizationType: amortization,
      apr: numberOrText(apr),
      lockDate,
      reverseMortgage: reverse,
      lien,
      jumbo,
    }),
  });
  const { errors } = form;
  return (
    <TestForm label="Rate spread and HPML" form={form}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextInputField
          label="APR (%)"
          inputMode="decimal"
          value={apr}
          onChange={setApr}
          error={errors.apr}
          hint="As disclosed under 12 CFR 1026.18 or 1026.38."
        />
        <TextInputField
          label="Rate set (lock) date"
          type="date"
          value={lockDate}
          onChange={setLockDate}
          error={errors.lockDate}
          hint="The last date the interest rate was set before final action."
        />
        <TextInputField
          label="Loan term (years)"
          inputMode="numeric"
          value={loanTerm}
          onChange={setLoanTerm}
          error={errors.loanTerm}
          hint="1 to 50, the APOR table’s columns."
        />
        <ChoiceField
          label="Amortization"
          value={amortization}
          onChange={setAmortization}
          options={AMORTIZATION_OPTIONS}
          error={errors.amortizationType}
        />
        <ChoiceField
          label="Action taken"
          value={actionTaken}
          onChange={setActionTaken}
          options={ACTION_TAKEN_OPTIONS}
          error={errors.actionTaken}
        />
        <ChoiceField
          label="Lien"
          value={lien}
          onChange={setLien}
          options={LIEN_OPTIONS}
          error={errors.lien}
        />
      </div>
      <div className="flex flex-col gap-2">
        <CheckboxAnswer checked={reverse} onChange={setReverse}>
          Reverse mortgage
        </CheckboxAnswer>
        <CheckboxAnswer checked={jumbo} onChange={setJumbo}>
          The principal is above the maximum Freddie Mac may purchase (the conforming loan limit for
          the property’s county, published by FHFA): the HPML threshold for a first lien is then 2.5
          points (12 CFR 1026.35(a)(1)(ii)).
        </CheckboxAnswer>
      </div>
    </TestForm>
  );
}
