import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import {
  NOT_RATED,
  RISK_RATING_LABELS,
  RISK_RATINGS,
} from '@complivue/shared/regulatory-monitoring';
import {
  CHANGE_IMPACT_FIELDS,
  CHANGE_IMPACT_LABELS,
  changeFieldsFormSchema,
  changeImpactFormSchema,
  changeOverviewFormSchema,
  type ChangeDetail,
  type ChangeFieldsForm as ChangeFields,
  type ChangeMembers,
} from '@complivue/shared/schemas/changes';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';

export type { ChangeFields };
export type ChangeFieldsValues = z.output<typeof changeFieldsFormSchema>;

export const EMPTY_CHANGE_FIELDS: ChangeFields = {
  title: '',
  areas: [],
  effectiveDate: '',
  dueDate: '',
  ownerId: '',
  riskRating: '',
  summary: '',
  impact: { policies: '', products: '', processes: '', systems: '' },
};

/** A change's fields as the form shows them (no date or owner: empty). */
export function fieldsOf(change: ChangeDetail): ChangeFields {
  return {
    title: change.title,
    areas: change.areas,
    effectiveDate: change.effectiveDate ?? '',
    dueDate: change.dueDate ?? '',
    ownerId: change.ownerId ?? '',
    riskRating: change.riskRating ?? '',
    summary: change.summary,
    impact: change.impact,
  };
}

/** What the change is, when it applies and is due, and whose (with the risk, in the full form). */
function OverviewFields({
  members,
  withRisk,
}: {
  members: ChangeMembers['members'];
  withRisk: boolean;
}) {
  return (
    <>
      <TextField<ChangeFields> name="title" label="Title" maxLength={300} />
      <CheckboxGroupField<ChangeFields, RegulationArea>
        name="areas"
        legend="Regulation areas"
        options={REGULATION_AREAS}
        renderLabel={(area) => (
          <span title={REGULATION_AREA_INFO[area].label}>{REGULATION_AREA_INFO[area].tag}</span>
        )}
        listClassName="mt-1 grid grid-cols-3 gap-x-3 gap-y-1 sm:grid-cols-6"
        itemClassName="flex items-center gap-2 text-sm text-slate-800"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<ChangeFields> name="effectiveDate" label="Effective date" type="date" />
        <TextField<ChangeFields>
          name="dueDate"
          label="Due date"
          hint="When implementation must be done."
          type="date"
        />
        <SelectField<ChangeFields> name="ownerId" label="Owner">
          <option value="">No owner</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        {withRisk && <RiskField />}
      </div>
      <TextareaField<ChangeFields>
        name="summary"
        label="Summary"
        hint="What the rule changes, with its citation."
        rows={4}
        maxLength={20_000}
      />
    </>
  );
}

/** The risk rating: "Not rated" until a person rates the change. */
function RiskField() {
  return (
    <SelectField<ChangeFields> name="riskRating" label="Risk rating">
      <option value="">{NOT_RATED}</option>
      {RISK_RATINGS.map((risk) => (
        <option key={risk} value={risk}>
          {RISK_RATING_LABELS[risk]}
        </option>
      ))}
    </SelectField>
  );
}

/** What the change touches: policies, products, processes, systems. */
function ImpactFields() {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Impact assessment</legend>
      {CHANGE_IMPACT_FIELDS.map((key) => (
        <TextareaField<ChangeFields>
          key={key}
          name={`impact.${key}`}
          label={CHANGE_IMPACT_LABELS[key]}
          rows={2}
          maxLength={5000}
        />
      ))}
    </fieldset>
  );
}

interface SectionFormProps<Schema extends z.ZodType<FieldValues, FieldValues>> {
  schema: Schema;
  initial: DefaultValues<z.input<Schema>>;
  submitLabel: string;
  pendingLabel: string;
  /** What a refusal says when the server gives no message. */
  failure: string;
  disabled?: boolean;
  onSubmit: (values: z.output<Schema>) => Promise<unknown>;
  footer?: ReactNode;
  children: ReactNode;
}

/** A form of some of a change's fields, checked with the request's rules; a refusal says why. */
function SectionForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  initial,
  submitLabel,
  pendingLabel,
  failure,
  disabled,
  onSubmit,
  footer,
  children,
}: SectionFormProps<Schema>) {
  const form = useZodForm(schema, initial);
  return (
    <Form form={form} failure={failure} onSubmit={onSubmit} className="space-y-4">
      <fieldset disabled={disabled} className="space-y-4">
        {children}
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        <SubmitButton pendingLabel={pendingLabel} disabled={disabled}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

type FormProps<Schema extends z.ZodType<FieldValues, FieldValues>> = Omit<
  SectionFormProps<Schema>,
  'schema' | 'children'
>;

/**
 * A change's fields and its impact assessment in one form ("New change"), checked with the
 * request's rules. A refused save keeps what was typed and says why.
 */
export function ChangeFieldsForm({
  members,
  ...props
}: FormProps<typeof changeFieldsFormSchema> & { members: ChangeMembers['members'] }) {
  return (
    <SectionForm schema={changeFieldsFormSchema} {...props}>
      <OverviewFields members={members} withRisk />
      <ImpactFields />
    </SectionForm>
  );
}

/** The change detail's Overview editor: title, areas, dates, owner, summary. */
export function ChangeOverviewForm({
  members,
  ...props
}: FormProps<typeof changeOverviewFormSchema> & { members: ChangeMembers['members'] }) {
  return (
    <SectionForm schema={changeOverviewFormSchema} {...props}>
      <OverviewFields members={members} withRisk={false} />
    </SectionForm>
  );
}

/** The change detail's Impact editor: the risk rating and the impact assessment. */
export function ChangeImpactForm(props: FormProps<typeof changeImpactFormSchema>) {
  return (
    <SectionForm schema={changeImpactFormSchema} {...props}>
      <div className="sm:w-1/2">
        <RiskField />
      </div>
      <ImpactFields />
    </SectionForm>
  );
}
