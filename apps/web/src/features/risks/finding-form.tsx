import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITIES,
  FINDING_SEVERITY_LEVELS,
  FINDING_SOURCE_LABELS,
  FINDING_SOURCES,
} from '@complivue/shared/risk-findings';
import {
  actionRequestSchema,
  findingFormSchema,
  type ActionRequest,
  type FindingDetail,
  type FindingForm,
} from '@complivue/shared/schemas/risk-findings';
import { riskNumberLabel, type RiskMembers } from '@complivue/shared/schemas/risks';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { useRisks } from './api.ts';
import { useLinkableChanges } from './findings-api.ts';

export type FindingFormValues = z.output<typeof findingFormSchema>;

export const EMPTY_FINDING_FORM: FindingForm = {
  title: '',
  source: '' as FindingForm['source'],
  severity: '' as FindingForm['severity'],
  area: '' as FindingForm['area'],
  description: '',
  rootCause: '',
  ruleId: '',
  riskId: '',
  changeId: '',
};

export function findingFormOf(finding: FindingDetail): FindingForm {
  return {
    title: finding.title,
    source: finding.source,
    severity: finding.severity,
    area: finding.area,
    description: finding.description,
    rootCause: finding.rootCause,
    ruleId: finding.rule?.id ?? '',
    riskId: finding.risk?.id ?? '',
    changeId: finding.change?.id ?? '',
  };
}

/**
 * A finding's fields: "Record finding" and the detail's editor, checked with the request's
 * rules. Severity and source start unchosen: both are a person's judgement.
 */
export function FindingFieldsForm({
  initial,
  submitLabel,
  pendingLabel,
  failure,
  onSubmit,
  footer,
}: {
  initial: FindingForm;
  submitLabel: string;
  pendingLabel: string;
  failure: string;
  onSubmit: (values: FindingFormValues) => Promise<unknown>;
  footer?: ReactNode;
}) {
  const form = useZodForm(findingFormSchema, initial);
  const risks = useRisks({ notRated: false });
  const changes = useLinkableChanges(true);
  return (
    <Form form={form} failure={failure} onSubmit={onSubmit} className="space-y-4">
      <TextField<FindingForm> name="title" label="Title" maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<FindingForm> name="source" label="Source">
          <option value="">Choose a source</option>
          {FINDING_SOURCES.map((source) => (
            <option key={source} value={source}>
              {FINDING_SOURCE_LABELS[source]}
            </option>
          ))}
        </SelectField>
        <SelectField<FindingForm> name="severity" label="Severity">
          <option value="">Choose a severity</option>
          {FINDING_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {FINDING_SEVERITY_LEVELS[severity].label}
            </option>
          ))}
        </SelectField>
        <SelectField<FindingForm> name="area" label="Regulation area">
          <option value="">Choose an area</option>
          {REGULATION_AREAS.map((area) => (
            <option key={area} value={area}>
              {REGULATION_AREA_INFO[area].tag}: {REGULATION_AREA_INFO[area].label}
            </option>
          ))}
        </SelectField>
        <TextField<FindingForm>
          name="ruleId"
          label="Library rule (optional)"
          hint="The rule's id, for example HMDA-LAR-001."
          maxLength={40}
        />
        <SelectField<FindingForm> name="riskId" label="Risk (optional)">
          <option value="">No risk</option>
          {risks.data?.items.map((risk) => (
            <option key={risk.id} value={risk.id}>
              {riskNumberLabel(risk.number)} {risk.title}
            </option>
          ))}
        </SelectField>
        <SelectField<FindingForm> name="changeId" label="Regulatory change (optional)">
          <option value="">No change</option>
          {changes.data?.items.map((change) => (
            <option key={change.id} value={change.id}>
              {changeNumberLabel(change.number)} {change.title}
            </option>
          ))}
        </SelectField>
      </div>
      <details className="rounded-md border border-slate-200 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">
          What the severities mean
        </summary>
        <dl className="mt-2 space-y-1">
          {FINDING_SEVERITIES.map((severity) => (
            <div key={severity}>
              <dt className="inline font-medium text-slate-900">
                {FINDING_SEVERITY_LEVELS[severity].label}:
              </dt>{' '}
              <dd className="inline text-slate-700">{FINDING_SEVERITY_LEVELS[severity].meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
      <TextareaField<FindingForm>
        name="description"
        label="What was found"
        hint="The condition, the sample, and the rule it breaks."
        rows={4}
        maxLength={10_000}
      />
      <TextareaField<FindingForm>
        name="rootCause"
        label="Root cause"
        hint="Why it happened: the process, system or control that let it happen."
        rows={3}
        maxLength={10_000}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

/** A corrective action's plan, owner and due date (today or later), none of them defaulted. */
export function ActionForm({
  members,
  today,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  members: RiskMembers['members'];
  today: string;
  initial?: ActionRequest;
  submitLabel: string;
  onSubmit: (values: z.output<typeof actionRequestSchema>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useZodForm(actionRequestSchema, initial ?? { plan: '', ownerId: '', dueDate: '' });
  return (
    <Form
      form={form}
      aria-label={submitLabel}
      failure="The corrective action could not be saved."
      onSubmit={onSubmit}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <TextareaField<ActionRequest>
        name="plan"
        label="Corrective action"
        hint="What will be done to correct the finding and keep it from recurring."
        rows={3}
        maxLength={5000}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<ActionRequest> name="ownerId" label="Owner">
          <option value="">Choose an owner</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField<ActionRequest> name="dueDate" label="Due date" type="date" min={today} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton size="sm" pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
