import {
  PRIMARY_REGULATORS,
  PRIMARY_REGULATOR_LABELS,
  US_STATES,
  US_STATE_CODES,
  type AssetsSize,
  type UsState,
  type InstitutionType,
  type PrimaryRegulator,
} from '@complivue/shared/institutions';
import {
  REGULATION_AREAS,
  REGULATION_AREA_INFO,
  suggestedRegulationAreas,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import type { CompanyProfile } from '@complivue/shared/schemas/companies';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { InstitutionFields } from '@/components/institution-fields';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { useAsyncAction } from '@/lib/use-async-action';
import { companyProfileQueryKey, updateCompanyProfile } from '@/lib/company-profile';

interface Draft {
  name: string;
  statesOfOperation: UsState[];
  institutionType: InstitutionType | '';
  assetsSize: AssetsSize | '';
  primaryRegulator: PrimaryRegulator | '';
  regulationAreas: RegulationArea[];
}

function draftOf(profile: CompanyProfile): Draft {
  return {
    name: profile.name,
    statesOfOperation: profile.statesOfOperation,
    institutionType: profile.institutionType ?? '',
    assetsSize: profile.assetsSize ?? '',
    primaryRegulator: profile.primaryRegulator ?? '',
    // A profile without areas starts from the suggestion for its type; the admin adjusts it.
    regulationAreas: profile.regulationAreas.length
      ? profile.regulationAreas
      : suggestedRegulationAreas(profile.institutionType),
  };
}

/** Adds or removes `item`, keeping the list in the order of `order`. */
function toggleInOrder<Item>(list: readonly Item[], item: Item, order: readonly Item[]): Item[] {
  return list.includes(item)
    ? list.filter((chosen) => chosen !== item)
    : order.filter((known) => known === item || list.includes(known));
}

/** Which field is missing, in the order the form shows them. */
function missingField(draft: Draft): string | null {
  if (!draft.name.trim()) return 'Institution name is required';
  if (!draft.institutionType) return 'Choose an institution type';
  if (!draft.assetsSize) return 'Choose an asset size';
  if (!draft.primaryRegulator) return 'Choose a primary regulator';
  if (draft.regulationAreas.length === 0) return 'Choose at least one regulation area';
  return null;
}

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
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const { busy, error, setError, run } = useAsyncAction();

  function toggleArea(area: RegulationArea) {
    setDraft((current) => ({
      ...current,
      regulationAreas: toggleInOrder(current.regulationAreas, area, REGULATION_AREAS),
    }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = missingField(draft);
    if (missing) {
      setError(missing);
      return;
    }
    await run(async () => {
      const saved = await updateCompanyProfile({
        ...(complete && { name: draft.name, statesOfOperation: draft.statesOfOperation }),
        institutionType: draft.institutionType || undefined,
        assetsSize: draft.assetsSize || undefined,
        primaryRegulator: draft.primaryRegulator || undefined,
        regulationAreas: draft.regulationAreas,
      });
      queryClient.setQueryData(companyProfileQueryKey, saved);
      onSaved(saved);
    }, "Your institution's profile could not be saved.");
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {complete && (
          <div className="sm:col-span-2">
            <FormField label="Institution name">
              {({ id }) => (
                <Input
                  id={id}
                  autoComplete="organization"
                  value={draft.name}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, name: event.target.value }))
                  }
                />
              )}
            </FormField>
          </div>
        )}
        <InstitutionFields
          institutionType={draft.institutionType}
          assetsSize={draft.assetsSize}
          onInstitutionTypeChange={(institutionType) =>
            setDraft((current) => ({ ...current, institutionType }))
          }
          onAssetsSizeChange={(assetsSize) => setDraft((current) => ({ ...current, assetsSize }))}
        />
        <div className="sm:col-span-2">
          <FormField label="Primary regulator">
            {({ id }) => (
              <Select
                id={id}
                value={draft.primaryRegulator}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    primaryRegulator: event.target.value as PrimaryRegulator | '',
                  }))
                }
              >
                <option value="">Choose…</option>
                {PRIMARY_REGULATORS.map((regulator) => (
                  <option key={regulator} value={regulator}>
                    {PRIMARY_REGULATOR_LABELS[regulator]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Regulation areas that apply</legend>
        <p className="mt-1 text-xs text-slate-600">
          Rules, deadlines and alerts are scoped to these areas. The Community Reinvestment Act
          applies to banks and savings associations, not to credit unions or non-bank lenders.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="text-xs font-medium text-brand-800 underline"
            onClick={() =>
              setDraft((current) => ({
                ...current,
                regulationAreas: suggestedRegulationAreas(current.institutionType || null),
              }))
            }
          >
            Use the suggestion for my institution type
          </button>
        </div>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {REGULATION_AREAS.map((area) => (
            <li key={area}>
              <label className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:border-brand-600">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-brand-700"
                  checked={draft.regulationAreas.includes(area)}
                  onChange={() => toggleArea(area)}
                />
                <span>
                  <span className="block font-medium text-slate-900">
                    {REGULATION_AREA_INFO[area].label}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {REGULATION_AREA_INFO[area].citation}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {complete && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">States of operation</legend>
          <p className="mt-1 text-xs text-slate-600">
            Where you lend or have branches; state rules and deadlines are scoped by these.
          </p>
          <ul className="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-4">
            {US_STATE_CODES.map((code) => (
              <li key={code}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={draft.statesOfOperation.includes(code)}
                    onChange={() =>
                      setDraft((current) => ({
                        ...current,
                        statesOfOperation: toggleInOrder(
                          current.statesOfOperation,
                          code,
                          US_STATE_CODES,
                        ),
                      }))
                    }
                  />
                  {US_STATES[code]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="flex flex-wrap justify-end gap-2">{actions(busy)}</div>
    </form>
  );
}
