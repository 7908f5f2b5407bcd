import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import {
  IMPACT_LEVELS,
  LIKELIHOOD_LEVELS,
  type LevelMeaning,
} from '@complivue/shared/risk-scoring';
import {
  PRODUCT_LINE_LABELS,
  PRODUCT_LINES,
  riskFormSchema,
  type RiskDetail,
  type RiskForm,
  type RiskMembers,
} from '@complivue/shared/schemas/risks';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';

export type RiskFormValues = z.output<typeof riskFormSchema>;

export const EMPTY_RISK_FORM: RiskForm = {
  title: '',
  area: '' as RiskForm['area'],
  productLine: '' as RiskForm['productLine'],
  description: '',
  ownerId: '',
  inherentLikelihood: '',
  inherentImpact: '',
  reviewDate: '',
};

/** A risk's fields as the form shows them (not rated, no owner, no date: empty). */
export function riskFormOf(risk: RiskDetail): RiskForm {
  const level = (value: number | undefined) => (value ? (String(value) as '1') : '');
  return {
    title: risk.title,
    area: risk.area,
    productLine: risk.productLine,
    description: risk.description,
    ownerId: risk.ownerId ?? '',
    inherentLikelihood: level(risk.inherent?.likelihood),
    inherentImpact: level(risk.inherent?.impact),
    reviewDate: risk.reviewDate ?? '',
  };
}

export function LevelOptions({ levels }: { levels: readonly LevelMeaning[] }) {
  return (
    <>
      <option value="">Not rated</option>
      {levels.map((level) => (
        <option key={level.level} value={level.level}>
          {level.level} · {level.name}
        </option>
      ))}
    </>
  );
}

/** What each level of both scales means, beside the choice (the methodology's own words). */
export function LevelMeanings() {
  return (
    <details className="rounded-md border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-900">What the levels mean</summary>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {(
          [
            ['Likelihood', LIKELIHOOD_LEVELS],
            ['Impact', IMPACT_LEVELS],
          ] as const
        ).map(([name, levels]) => (
          <dl key={name} className="space-y-1">
            <dt className="font-semibold text-slate-900">{name}</dt>
            {levels.map((level) => (
              <dd key={level.level} className="text-slate-700">
                <span className="font-medium text-slate-900">
                  {level.level} {level.name}:
                </span>{' '}
                {level.meaning}
              </dd>
            ))}
          </dl>
        ))}
      </div>
    </details>
  );
}

/**
 * A risk's fields: "Add risk" and the detail's editor, checked with the request's rules. The
 * ratings start "Not rated": a rating is a person's judgement, never a default.
 */
export function RiskFieldsForm({
  initial,
  members,
  submitLabel,
  pendingLabel,
  failure,
  onSubmit,
  footer,
}: {
  initial: RiskForm;
  members: RiskMembers['members'];
  submitLabel: string;
  pendingLabel: string;
  failure: string;
  onSubmit: (values: RiskFormValues) => Promise<unknown>;
  footer?: ReactNode;
}) {
  const form = useZodForm(riskFormSchema, initial);
  return (
    <Form form={form} failure={failure} onSubmit={onSubmit} className="space-y-4">
      <TextField<RiskForm> name="title" label="Title" maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<RiskForm> name="area" label="Regulation area">
          <option value="">Choose an area</option>
          {REGULATION_AREAS.map((area) => (
            <option key={area} value={area}>
              {REGULATION_AREA_INFO[area].tag}: {REGULATION_AREA_INFO[area].label}
            </option>
          ))}
        </SelectField>
        <SelectField<RiskForm> name="productLine" label="Product or line of business">
          <option value="">Choose a product</option>
          {PRODUCT_LINES.map((product) => (
            <option key={product} value={product}>
              {PRODUCT_LINE_LABELS[product]}
            </option>
          ))}
        </SelectField>
        <SelectField<RiskForm> name="ownerId" label="Owner">
          <option value="">No owner</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField<RiskForm>
          name="reviewDate"
          label="Next review"
          type="date"
          hint="When this risk is next reassessed."
        />
        <SelectField<RiskForm> name="inherentLikelihood" label="Inherent likelihood">
          <LevelOptions levels={LIKELIHOOD_LEVELS} />
        </SelectField>
        <SelectField<RiskForm> name="inherentImpact" label="Inherent impact">
          <LevelOptions levels={IMPACT_LEVELS} />
        </SelectField>
      </div>
      <LevelMeanings />
      <TextareaField<RiskForm>
        name="description"
        label="Description"
        hint="What could go wrong, where, and the rule it breaks."
        rows={4}
        maxLength={10_000}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
