import type { ReactNode } from 'react';
import { get, useController, useFormContext } from 'react-hook-form';
import { FormControl } from '@/components/form/form-fields';
import { Input, Select } from '@/components/ui/input';

/*
 * The rule editor's controls whose value is not the text typed: a select whose choice is a
 * boolean or none, a number that may be left empty. Each is labelled, with its hint and the
 * field's error tied to it (FormControl), and controlled, so a value the editor sets when
 * another field changes (an operator, a cleared value) is what the control shows.
 */

export function SelectControl<Value>({
  name,
  label,
  hint,
  children,
  toValue = (raw) => raw as Value,
  fromValue = (value) => (value === null || value === undefined ? '' : String(value)),
  onValueChange,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  /** The form's value of a chosen option ('' may mean none: null). */
  toValue?: (raw: string) => Value;
  fromValue?: (value: unknown) => string;
  /** After the form's value changed: for the fields that follow from this one. */
  onValueChange?: (value: Value) => void;
}) {
  const { field } = useController({ name });
  return (
    <FormControl name={name} label={label} hint={hint}>
      {(ids) => (
        <Select
          {...ids}
          ref={field.ref}
          name={field.name}
          value={fromValue(field.value)}
          onBlur={field.onBlur}
          onChange={(event) => {
            const next = toValue(event.target.value);
            field.onChange(next);
            onValueChange?.(next);
          }}
        >
          {children}
        </Select>
      )}
    </FormControl>
  );
}

/** A whole number of days, or none when left empty. */
export function NumberControl({
  name,
  label,
  hint,
  min,
  max,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  min: number;
  max: number;
}) {
  const { field } = useController({ name });
  const value: unknown = field.value;
  return (
    <FormControl name={name} label={label} hint={hint}>
      {(ids) => (
        <Input
          {...ids}
          ref={field.ref}
          name={field.name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          className="max-w-40"
          value={typeof value === 'number' && !Number.isNaN(value) ? String(value) : ''}
          onBlur={field.onBlur}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? null : Number(event.target.value))
          }
        />
      )}
    </FormControl>
  );
}

/** The error of a part of the form that is not one control (a list, a group), announced. */
export function GroupError({ name, id }: { name: string; id?: string }) {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as
    { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}
