import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '@/lib/cn';

/**
 * A group of checkboxes bound to one array field of the surrounding `Form` (the values of the
 * boxes ticked), under a legend; the field's error is tied to the group and announced.
 */
export function CheckboxGroupField<Values extends FieldValues>({
  name,
  legend,
  options,
  className,
  optionsClassName,
}: {
  name: Path<Values>;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  className?: string;
  optionsClassName?: string;
}) {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<Values>();
  const error = getFieldState(name, formState).error?.message;
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className={cn('mt-1', optionsClassName)}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-400 accent-brand-700"
              value={option.value}
              {...register(name)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
