import { rateSpreadTestInputSchema } from '@complivue/shared/loan-tests/run-loan-test';
import { useState } from 'react';
import type { RunTest } from './loan-test-page.tsx';
import {
  ACTION_TAKEN_OPTIONS,
  EMPTY_RATE_LOCK,
  RateLockFields,
  rateLockInput,
  YES_NO_OPTIONS,
  yesNoInput,
  type YesNo,
} from './loan-fields.tsx';
import { ChoiceField, TestForm, useTestForm } from './test-form.tsx';

/** The CFPB rate spread calculator's inputs, and the lien and jumbo answers the HPML test needs. */
export function RateSpreadForm({ onRun }: { onRun: RunTest }) {
  const [lock, setLock] = useState(EMPTY_RATE_LOCK);
  const [actionTaken, setActionTaken] = useState('');
  const [reverse, setReverse] = useState<YesNo>('');
  const [jumbo, setJumbo] = useState<YesNo>('');
  const form = useTestForm({
    kind: 'rate_spread',
    schema: rateSpreadTestInputSchema,
    onRun,
    build: () => ({
      ...rateLockInput(lock),
      actionTaken: actionTaken === '' ? undefined : Number(actionTaken),
      reverseMortgage: yesNoInput(reverse),
      jumbo: yesNoInput(jumbo),
    }),
  });
  const { errors } = form;
  return (
    <TestForm label="Rate spread and HPML" form={form}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <RateLockFields
          value={lock}
          onChange={setLock}
          errors={errors}
          hints={{
            apr: 'As disclosed under 12 CFR 1026.18 or 1026.38.',
            lockDate: 'The last date the interest rate was set before final action.',
            loanTerm: '1 to 50, the APOR table’s columns.',
          }}
        />
        <ChoiceField
          label="Action taken"
          value={actionTaken}
          onChange={setActionTaken}
          options={ACTION_TAKEN_OPTIONS}
          error={errors.actionTaken}
        />
        <ChoiceField
          label="Reverse mortgage"
          value={reverse}
          onChange={setReverse}
          options={YES_NO_OPTIONS}
          error={errors.reverseMortgage}
        />
        <ChoiceField
          label="Above the Freddie Mac limit (jumbo)"
          hint="The maximum Freddie Mac may purchase: the conforming loan limit for the property’s county, published by FHFA. A first-lien jumbo loan is higher-priced at 2.5 points (12 CFR 1026.35(a)(1)(ii))."
          value={jumbo}
          onChange={setJumbo}
          options={YES_NO_OPTIONS}
          error={errors.jumbo}
        />
      </div>
    </TestForm>
  );
}
