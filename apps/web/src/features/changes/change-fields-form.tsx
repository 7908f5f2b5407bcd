import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import {
  RISK_RATING_LABELS,
  RISK_RATINGS,
  type RiskRating,
} from '@complivue/shared/regulatory-monitoring';
import {
  CHANGE_IMPACT_FIELDS,
  CHANGE_IMPACT_LABELS,
  type ChangeImpact,
  type ChangeMembers,
} from '@complivue/shared/schemas/changes';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';

export interface ChangeFields {
  title: string;
  areas: RegulationArea[];
  effectiveDate: string;
  dueDate: string;
  ownerId: string;
  riskRating: RiskRating;
  summary: string;
  impact: ChangeImpact;
}

export const EMPTY_CHANGE_FIELDS: ChangeFields = {
  title: '',
  areas: [],
  effectiveDate: '',
  dueDate: '',
  ownerId: '',
  riskRating: 'medium',
  summary: '',
  impact: { policies: '', products: '', processes: '', systems: '' },
};

/** The fields as the API takes them (empty dates and owner: none). */
export function toRequest(fields: ChangeFields) {
  return {
    title: fields.title.trim(),
    areas: fields.areas,
    effectiveDate: fields.effectiveDate || null,
    dueDate: fields.dueDate || null,
    ownerId: fields.ownerId || null,
    riskRating: fields.riskRating,
    summary: fields.summary,
    impact: fields.impact,
  };
}

function AreaChoices({
  value,
  onChange,
  disabled,
}: {
  value: RegulationArea[];
  onChange: (areas: RegulationArea[]) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-900">Regulation areas</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {REGULATION_AREAS.map((area) => (
          <label key={area} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-400 accent-brand-700"
              checked={value.includes(area)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, area]
                    : value.filter((existing) => existing !== area),
                )
              }
            />
            <span title={REGULATION_AREA_INFO[area].label}>{REGULATION_AREA_INFO[area].tag}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A change's fields and its impact assessment: the "New change" form and the detail's editor.
 * `onSubmit` resolves whether it saved (the form keeps what was typed when it did not).
 */
export function ChangeFieldsForm({
  initial,
  members,
  submitLabel,
  busyLabel,
  disabled,
  error,
  onSubmit,
  footer,
}: {
  initial: ChangeFields;
  members: ChangeMembers['members'];
  submitLabel: string;
  busyLabel: string;
  disabled?: boolean;
  error: string | null;
  onSubmit: (fields: ChangeFields) => Promise<unknown>;
  footer?: ReactNode;
}) {
  const [fields, setFields] = useState<ChangeFields>(initial);
  const [busy, setBusy] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const titleErrorId = useId();
  const set = <Key extends keyof ChangeFields>(key: Key, value: ChangeFields[Key]) =>
    setFields((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (fields.title.trim().length < 3) {
      setTitleError('Enter a title of at least 3 characters.');
      return;
    }
    setTitleError(null);
    setBusy(true);
    try {
      await onSubmit(fields);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert variant="destructive">{error}</Alert>}
      <fieldset disabled={disabled} className="space-y-4">
        <FormField label="Title">
          {({ id }) => (
            <>
              <Input
                id={id}
                value={fields.title}
                maxLength={300}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? titleErrorId : undefined}
                onChange={(event) => set('title', event.target.value)}
              />
              {titleError && (
                <p id={titleErrorId} className="mt-1 text-sm text-red-800">
                  {titleError}
                </p>
              )}
            </>
          )}
        </FormField>
        <AreaChoices value={fields.areas} onChange={(areas) => set('areas', areas)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Effective date">
            {({ id }) => (
              <Input
                id={id}
                type="date"
                value={fields.effectiveDate}
                onChange={(event) => set('effectiveDate', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Due date" hint="When implementation must be done.">
            {({ id, describedBy }) => (
              <Input
                id={id}
                type="date"
                aria-describedby={describedBy}
                value={fields.dueDate}
                onChange={(event) => set('dueDate', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Owner">
            {({ id }) => (
              <Select
                id={id}
                value={fields.ownerId}
                onChange={(event) => set('ownerId', event.target.value)}
              >
                <option value="">No owner</option>
                {members.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Risk rating">
            {({ id }) => (
              <Select
                id={id}
                value={fields.riskRating}
                onChange={(event) => set('riskRating', event.target.value as RiskRating)}
              >
                {RISK_RATINGS.map((risk) => (
                  <option key={risk} value={risk}>
                    {RISK_RATING_LABELS[risk]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField label="Summary" hint="What the rule changes, with its citation.">
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              rows={4}
              maxLength={20_000}
              aria-describedby={describedBy}
              value={fields.summary}
              onChange={(event) => set('summary', event.target.value)}
            />
          )}
        </FormField>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">Impact assessment</legend>
          {CHANGE_IMPACT_FIELDS.map((key) => (
            <FormField key={key} label={CHANGE_IMPACT_LABELS[key]}>
              {({ id }) => (
                <Textarea
                  id={id}
                  rows={2}
                  maxLength={5000}
                  value={fields.impact[key]}
                  onChange={(event) =>
                    set('impact', { ...fields.impact, [key]: event.target.value })
                  }
                />
              )}
            </FormField>
          ))}
        </fieldset>
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        <Button type="submit" disabled={busy || disabled}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
