import { useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { get, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/password-input';

interface ControlIds {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled control: the hint and the error are tied to it for screen readers, and the error
 * is announced when it appears. `FormControl` feeds it the surrounding `Form`'s error; a form
 * that keeps its own state passes the error itself.
 */
export function LabelledControl({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (ids: ControlIds) => ReactElement;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled field of the surrounding `Form`, showing that field's error. */
export function FormControl({
  name,
  label,
  hint,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  children: (ids: ControlIds) => ReactElement;
}) {
  const { getFieldState, formState } = useFormContext();
  const error = getFieldState(name, formState).error?.message;
  return (
    <LabelledControl label={label} hint={hint} error={error}>
      {children}
    </LabelledControl>
  );
}

type FieldProps<Values extends FieldValues> = Omit<ComponentProps<'input'>, 'name' | 'id'> & {
  name: Path<Values>;
  label: ReactNode;
  hint?: ReactNode;
};

/** A text input (or email, date, number…) bound to the form by name. */
export function TextField<Values extends FieldValues>({
  name,
  label,
  hint,
  ...inputProps
}: FieldProps<Values>) {
  const { register } = useFormContext<Values>();
  return (
    <FormControl name={name} label={label} hint={hint}>
      {(ids) => <Input {...inputProps} {...ids} {...register(name)} />}
    </FormControl>
  );
}

export function PasswordField<Values extends FieldValues>({
  name,
  label,
  hint,
  ...inputProps
}: Omit<FieldProps<Values>, 'type'>) {
  const { register } = useFormContext<Values>();
  return (
    <FormControl name={name} label={label} hint={hint}>
      {(ids) => <PasswordInput {...inputProps} {...ids} {...register(name)} />}
    </FormControl>
  );
}

export function TextareaField<Values extends FieldValues>({
  name,
  label,
  hint,
  ...textareaProps
}: Omit<ComponentProps<'textarea'>, 'name' | 'id'> & {
  name: Path<Values>;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const { register } = useFormContext<Values>();
  return (
    <FormControl name={name} label={label} hint={hint}>
      {(ids) => <Textarea {...textareaProps} {...ids} {...register(name)} />}
    </FormControl>
  );
}

export function SelectField<Values extends FieldValues>({
  name,
  label,
  hint,
  children,
  ...selectProps
}: Omit<ComponentProps<'select'>, 'name' | 'id'> & {
  name: Path<Values>;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const { register, formState } = useFormContext<Values>();
  // The default is also the select's own, so a DOM that reports no option selected before
  // the form registers it (happy-dom) does not read as a choice of the empty option.
  const defaultValue: unknown = get(formState.defaultValues, name);
  return (
    <FormControl name={name} label={label} hint={hint}>
      {(ids) => (
        <Select
          {...selectProps}
          {...ids}
          defaultValue={
            typeof defaultValue === 'string' || typeof defaultValue === 'number'
              ? String(defaultValue)
              : undefined
          }
          {...register(name)}
        >
          {children}
        </Select>
      )}
    </FormControl>
  );
}
