import {
  MONDAY_TO_FRIDAY,
  WEEKDAYS,
  type Weekday,
} from '@complivue/shared/loan-tests/business-days';
import {
  CORRECTION_REASONS,
  DELIVERY_METHODS,
  tridTimingInputSchema,
  type CorrectionReason,
  type DeliveryMethod,
} from '@complivue/shared/loan-tests/trid-timing';
import { useState } from 'react';
import type { RunTest } from './loan-test-page.tsx';
import { ChoiceField, TestForm, TextInputField, optional, useTestForm } from './test-form.tsx';

const METHOD_OPTIONS = [
  { value: '' as const, label: 'Choose how it was delivered' },
  ...DELIVERY_METHODS.map((method) => ({
    value: method,
    label: { in_person: 'In person', mail: 'By mail', email: 'By email' }[method],
  })),
];

const REASON_LABELS: Record<CorrectionReason, string> = {
  apr_inaccurate: 'The APR became inaccurate (new 3-day wait)',
  loan_product_changed: 'The loan product changed (new 3-day wait)',
  prepayment_penalty_added: 'A prepayment penalty was added (new 3-day wait)',
  other: 'Another change (no new wait)',
};

const weekdayLabel = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** A disclosure's delivery: its day and how; left out when neither is given. */
function delivery(date: string, method: DeliveryMethod | '') {
  return date.trim() === '' && method === '' ? undefined : { date, method: method || undefined };
}

/** The TRID timeline's inputs: the application, the offices' days, and what was delivered when. */
export function TridTimingForm({ onRun }: { onRun: RunTest }) {
  const [applicationDate, setApplicationDate] = useState('');
  const [daysOpen, setDaysOpen] = useState<Weekday[]>([...MONDAY_TO_FRIDAY]);
  const [closedOnHolidays, setClosedOnHolidays] = useState(true);
  const [leDate, setLeDate] = useState('');
  const [leMethod, setLeMethod] = useState<DeliveryMethod | ''>('');
  const [changedCircumstance, setChangedCircumstance] = useState('');
  const [cdDate, setCdDate] = useState('');
  const [cdMethod, setCdMethod] = useState<DeliveryMethod | ''>('');
  const [correctedDate, setCorrectedDate] = useState('');
  const [correctedMethod, setCorrectedMethod] = useState<DeliveryMethod | ''>('');
  const [reason, setReason] = useState<CorrectionReason | ''>('');
  const [consummation, setConsummation] = useState('');

  const form = useTestForm({
    kind: 'trid_timing',
    schema: tridTimingInputSchema,
    onRun,
    build: () => {
      const corrected = delivery(correctedDate, correctedMethod);
      return {
        applicationDate,
        daysOpen,
        closedOnFederalHolidays: closedOnHolidays,
        loanEstimateDelivery: delivery(leDate, leMethod),
        changedCircumstanceDate: optional(changedCircumstance, changedCircumstance),
        closingDisclosureDelivery: delivery(cdDate, cdMethod),
        correctedClosingDisclosure:
          corrected || reason ? { ...corrected, reason: reason || undefined } : undefined,
        plannedConsummation: optional(consummation, consummation),
      };
    },
  });
  const { errors } = form;

  return (
    <TestForm label="TRID timeline" form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Application received"
          type="date"
          value={applicationDate}
          onChange={setApplicationDate}
          error={errors.applicationDate}
          hint="The day the creditor received the six pieces of information (12 CFR 1026.2(a)(3)(ii))."
        />
        <TextInputField
          label="Planned consummation (optional)"
          type="date"
          value={consummation}
          onChange={setConsummation}
          error={errors.plannedConsummation}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">
          Days the offices are open for substantially all business functions
        </legend>
        <p className="text-xs text-slate-600">
          The general definition of business day (12 CFR 1026.2(a)(6)) counts these days.
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={daysOpen.includes(day)}
                onChange={(event) =>
                  setDaysOpen((current) =>
                    event.target.checked
                      ? [...current, day]
                      : current.filter((open) => open !== day),
                  )
                }
              />
              {weekdayLabel(day)}
            </label>
          ))}
        </div>
        {errors.daysOpen && (
          <p role="alert" className="text-sm text-red-700">
            {errors.daysOpen}
          </p>
        )}
        <label className="inline-flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={closedOnHolidays}
            onChange={(event) => setClosedOnHolidays(event.target.checked)}
          />
          Closed on federal holidays (on the day they are observed)
        </label>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          Loan Estimate (optional)
        </legend>
        <TextInputField
          label="Delivered or mailed on"
          type="date"
          value={leDate}
          onChange={setLeDate}
          error={errors['loanEstimateDelivery.date']}
        />
        <ChoiceField
          label="How"
          value={leMethod}
          onChange={setLeMethod}
          options={METHOD_OPTIONS}
          error={errors['loanEstimateDelivery.method']}
        />
        <TextInputField
          label="Changed circumstance learned of on (optional)"
          type="date"
          value={changedCircumstance}
          onChange={setChangedCircumstance}
          error={errors.changedCircumstanceDate}
          hint="For the revised Loan Estimate’s deadline (12 CFR 1026.19(e)(4))."
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          Closing Disclosure (optional)
        </legend>
        <TextInputField
          label="Delivered or mailed on"
          type="date"
          value={cdDate}
          onChange={setCdDate}
          error={errors['closingDisclosureDelivery.date'] ?? errors.closingDisclosureDelivery}
        />
        <ChoiceField
          label="How"
          value={cdMethod}
          onChange={setCdMethod}
          options={METHOD_OPTIONS}
          error={errors['closingDisclosureDelivery.method']}
        />
        <TextInputField
          label="Corrected Closing Disclosure delivered on (optional)"
          type="date"
          value={correctedDate}
          onChange={setCorrectedDate}
          error={errors['correctedClosingDisclosure.date']}
        />
        <ChoiceField
          label="How the corrected one was delivered"
          value={correctedMethod}
          onChange={setCorrectedMethod}
          options={METHOD_OPTIONS}
          error={errors['correctedClosingDisclosure.method']}
        />
        <ChoiceField
          label="Why it was corrected"
          value={reason}
          onChange={setReason}
          error={errors['correctedClosingDisclosure.reason']}
          options={[
            { value: '', label: 'Choose the reason' },
            ...CORRECTION_REASONS.map((value) => ({ value, label: REASON_LABELS[value] })),
          ]}
          hint="12 CFR 1026.19(f)(2)(ii) lists the three changes that start a new wait."
        />
      </fieldset>
    </TestForm>
  );
}
