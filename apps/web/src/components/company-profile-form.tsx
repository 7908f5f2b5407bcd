import {
  PRIMARY_REGULATORS,
  PRIMARY_REGULATOR_LABELS,
  US_STATES,
  US_STATE_CODES,
} from '@complivue/shared/institutions';
import {
  REGULATION_AREAS,
  REGULATION_AREA_INFO,
  suggestedRegulationAreas,
} from '@complivue/shared/regulation-areas';
import { companyProfileFormSchema, type CompanyProfile } from '@complivue/shared/schemas/companies';
import type { ReactNode } from 'react';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { Form, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { InstitutionFields } from '@/components/institution-fields';
import { useUpdateCompanyProfile } from '@/lib/company-profile';

/**
 * The institution's profile as the administrator keeps it: what kind of institution, how
 * large, who examines it and which regulation areas apply. Later capabilities scope rules,
 * deadlines and feed relevance by it.
 */
export function CompanyProfileForm({
  profile,
  onSaved,
  actions,
  complete = false,
}: {
  profile: CompanyProfile;
  onSaved: (saved: CompanyProfile) => void;
  /** Also the name and the states of operation (Settings); the wizard asks for the rest only. */
  complete?: boolean;
  /** The submit button (and any other), rendered at the bottom of the form. */
  actions: (busy: boolean) => ReactNode;
}) {
  const form = useZodForm(companyProfileFormSchema, {
    name: profile.name,
    statesOfOperation: profile.statesOfOperation,
    institutionType: profile.institutionType ?? undefined,
    assetsSize: profile.assetsSize ?? undefined,
    primaryRegulator: profile.primaryRegulator ?? undefined,
    // A profile without areas starts from the suggestion for its type; the admin adjusts it.
    regulationAreas: profile.regulationAreas.length
      ? profile.regulationAreas
      : suggestedRegulationAreas(profile.institutionType),
  });
  const updateProfile = useUpdateCompanyProfile();

  return (
    <Form
      form={form}
      failure="Your institution's profile could not be saved."
      className="space-y-5"
      onSubmit={async (values) => {
        const saved = await updateProfile.mutateAsync({
          ...(complete && { name: values.name, statesOfOperation: values.statesOfOperation }),
          institutionType: values.institutionType,
          assetsSize: values.assetsSize,
          primaryRegulator: values.primaryRegulator,
          regulationAreas: values.regulationAreas,
        });
        onSaved(saved);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {complete && (
          <div className="sm:col-span-2">
            <TextField name="name" label="Institution name" autoComplete="organization" />
          </div>
        )}
        <InstitutionFields />
        <div className="sm:col-span-2">
          <SelectField name="primaryRegulator" label="Primary regulator">
            <option value="">Choose…</option>
            {PRIMARY_REGULATORS.map((regulator) => (
              <option key={regulator} value={regulator}>
                {PRIMARY_REGULATOR_LABELS[regulator]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <CheckboxGroupField
        name="regulationAreas"
        legend="Regulation areas that apply"
        hint="Rules, deadlines and alerts are scoped to these areas. The Community Reinvestment Act applies to banks and savings associations, not to credit unions or non-bank lenders."
        options={REGULATION_AREAS}
        listClassName="mt-3 grid gap-2 sm:grid-cols-2"
        itemClassName="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:border-brand-600"
        checkboxClassName="mt-0.5 size-4 accent-brand-700"
        renderLabel={(area) => (
          <span>
            <span className="block font-medium text-slate-900">
              {REGULATION_AREA_INFO[area].label}
            </span>
            <span className="block text-xs text-slate-600">
              {REGULATION_AREA_INFO[area].citation}
            </span>
          </span>
        )}
      >
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="text-xs font-medium text-brand-800 underline"
            onClick={() =>
              form.setValue(
                'regulationAreas',
                suggestedRegulationAreas(form.getValues('institutionType') || null),
                { shouldValidate: form.formState.isSubmitted },
              )
            }
          >
            Use the suggestion for my institution type
          </button>
        </div>
      </CheckboxGroupField>
      {complete && (
        <CheckboxGroupField
          name="statesOfOperation"
          legend="States of operation"
          hint="Where you lend or have branches; state rules and deadlines are scoped by these."
          options={US_STATE_CODES}
          listClassName="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-4"
          itemClassName="flex items-center gap-2"
          renderLabel={(code) => US_STATES[code]}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">{actions(form.formState.isSubmitting)}</div>
    </Form>
  );
}
