import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ApiClientError, userFacingMessage } from '@/lib/api-client';

/**
 * A form on a shared zod schema: the browser checks with the rules and messages the server
 * enforces (`packages/shared/src/schemas`), so no message is typed twice. Checked on submit,
 * then again on each change of a field that failed, so an error goes away once it is fixed.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  /**
   * The words for a refusal the schema gives none of its own (zod's per-parse error map):
   * `(issue) => message | undefined`.
   */
  errorMessage?: (issue: { code: string; path?: PropertyKey[] }) => string | undefined,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema, errorMessage ? { error: errorMessage } : undefined),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The server's answer to a field it refused (`validation_failed`'s `{ path, message }`), its
 * path a JSON pointer (`/tasks/0/title`) turned into the form's field name (`tasks.0.title`).
 */
export function fieldFailures(caught: unknown): { path: string; message: string }[] {
  if (!(caught instanceof ApiClientError) || !Array.isArray(caught.details)) return [];
  return caught.details.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { path, message } = entry as { path?: unknown; message?: unknown };
    const segments = Array.isArray(path)
      ? path.map(String)
      : typeof path === 'string'
        ? path.split('/').filter(Boolean)
        : [];
    return segments.length > 0 && typeof message === 'string'
      ? [{ path: segments.join('.'), message }]
      : [];
  });
}

/**
 * The `<form>` of a `useZodForm`: runs `onSubmit` with the parsed values, and when it throws
 * shows the server's message above the fields (and beside each field the server named), so a
 * refused save never fails silently. `failure` is the message when the error carries none.
 */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  failure,
  className,
  children,
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (values: Output) => unknown;
  failure: string;
  className?: string;
  children: ReactNode;
  /** Names the form, so it is a landmark (one of several forms on a page). */
  'aria-label'?: string;
}) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (caught) {
      for (const { path, message } of fieldFailures(caught)) {
        // Only a field this form has: a refusal of another part of the request stays above.
        if (path.split('.')[0]! in form.getValues()) {
          form.setError(path as Path<Input>, { message });
        }
      }
      form.setError('root.server', { message: userFacingMessage(caught, failure) });
    }
  });
  const serverError = form.formState.errors.root?.server?.message;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className={className} aria-label={ariaLabel}>
        {serverError && <Alert variant="destructive">{serverError}</Alert>}
        {children}
      </form>
    </FormProvider>
  );
}

/** The submit button: disabled while the form is sent, with the words for that moment. */
export function SubmitButton({
  pendingLabel,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pendingLabel: string }) {
  const { formState } = useFormContext();
  return (
    <Button type="submit" {...props} disabled={formState.isSubmitting || props.disabled}>
      {formState.isSubmitting ? pendingLabel : children}
    </Button>
  );
}
