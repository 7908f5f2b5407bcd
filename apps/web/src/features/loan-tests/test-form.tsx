import type { LoanTestRequest } from '@complivue/shared/schemas/loan-tests';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { fieldFailures } from '@/components/form/form';
import { LabelledControl } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { userFacingMessage } from '@/lib/api-client';
import type { RunTest } from './loan-test-page.tsx';

/** Each refused field's message by its dotted path ("fees.2.closingDisclosure"). */
export type FieldErrors = Record<string, string>;

/**
 * The submit of a loan test's form: the request is checked in the browser with the shared
 * schema the API enforces (same messages), then run; a refusal from the server lands on the
 * fields it names too. `build` turns what was typed into the request's input.
 */
export function useTestForm<Schema extends z.ZodType>(options: {
  kind: LoanTestRequest['kind'];
  schema: Schema;
  build: () => unknown;
  onRun: RunTest;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = options.build();
    const parsed = options.schema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]),
        ),
      );
      setFailure('Some fields are missing or invalid.');
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await options.onRun({ kind: options.kind, input } as LoanTestRequest);
    } catch (caught) {
      setErrors(
        Object.fromEntries(
          fieldFailures(caught).map(({ path, message }) => [path.replace(/^input\./, ''), message]),
        ),
      );
      setFailure(userFacingMessage(caught, 'The test could not be run. Please try again.'));
    } finally {
      setPending(false);
    }
  }
  return { errors, failure, pending, submit };
}

/** The frame of a test form: the refusal above, the fields, the run button. */
export function TestForm({
  label,
  form,
  children,
}: {
  label: string;
  form: { failure: string | null; pending: boolean; submit: (event: FormEvent) => void };
  children: ReactNode;
}) {
  return (
    <form onSubmit={form.submit} noValidate className="space-y-5" aria-label={label}>
      {form.failure && <Alert variant="destructive">{form.failure}</Alert>}
      {children}
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Running…' : 'Run the test'}
      </Button>
    </form>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id'>;

export function TextInputField({
  label,
  hint,
  error,
  value,
  onChange,
  ...props
}: InputProps & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledControl label={label} hint={hint} error={error}>
      {(ids) => (
        <Input
          {...props}
          {...ids}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledControl>
  );
}

export function ChoiceField<Value extends string>({
  label,
  hint,
  error,
  value,
  onChange,
  options,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: Value | '';
  onChange: (value: Value) => void;
  options: readonly { value: Value | ''; label: string }[];
}) {
  return (
    <LabelledControl label={label} hint={hint} error={error}>
      {(ids) => (
        <Select {...ids} value={value} onChange={(event) => onChange(event.target.value as Value)}>
          {/* Nothing is chosen for the person: an empty choice asks for one. */}
          {value === '' && !options.some((option) => option.value === '') && (
            <option value="" disabled>
              Choose…
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </LabelledControl>
  );
}

/** A typed number: the number, or the text itself when it is not one (the schema refuses it). */
export const numberOrText = (text: string): number | string => {
  const trimmed = text.trim().replace(/[$,%\s]/g, '');
  if (trimmed === '') return text;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
};

/** An optional value: left out of the input when the field is empty. */
export const optional = <T,>(text: string, value: T): T | undefined =>
  text.trim() === '' ? undefined : value;
