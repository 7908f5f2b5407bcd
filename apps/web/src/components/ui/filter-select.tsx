import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Select } from './input.tsx';

/**
 * A list filter's drop-down with its label: the first choice (`allLabel`, "All areas") means no
 * filter and reaches `onChange` as undefined; the others are `options`, shown by `optionLabel`.
 * A value that is no longer among the options (a removed source, say) is still shown, as
 * `unknownLabel`, so the control never claims a filter other than the one applied.
 */
export function FilterSelect<Value extends string>({
  label,
  allLabel,
  value,
  options,
  optionLabel,
  unknownLabel,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: Value | undefined;
  options: readonly Value[];
  optionLabel: (option: Value) => string;
  unknownLabel?: string;
  onChange: (value: Value | undefined) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1 text-sm font-medium text-slate-900', className)}>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as Value | undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
        {value && unknownLabel && !options.includes(value) && (
          <option value={value}>{unknownLabel}</option>
        )}
      </Select>
    </div>
  );
}

/** The regulation-area filter every list of regulatory content offers, areas by their tags. */
export function AreaFilterSelect({
  value,
  onChange,
}: {
  value: RegulationArea | undefined;
  onChange: (area: RegulationArea | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Area"
      allLabel="All areas"
      value={value}
      options={REGULATION_AREAS}
      optionLabel={(area) => REGULATION_AREA_INFO[area].tag}
      onChange={onChange}
    />
  );
}

/** "Owner": me, nobody, or one of the members (their ids in the URL, their names shown). */
export function OwnerFilterSelect({
  value,
  members,
  onChange,
}: {
  value: string | undefined;
  members: readonly { userId: string; name: string }[];
  onChange: (owner: string | undefined) => void;
}) {
  const names = new Map([
    ['me', 'Me'],
    ['none', 'No owner'],
    ...members.map((member) => [member.userId, member.name] as const),
  ]);
  return (
    <FilterSelect
      label="Owner"
      allLabel="Anyone"
      value={value}
      options={['me', 'none', ...members.map((member) => member.userId)]}
      optionLabel={(owner) => names.get(owner) ?? owner}
      onChange={onChange}
    />
  );
}
