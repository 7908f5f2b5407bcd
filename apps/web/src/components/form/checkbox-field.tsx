import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';

/**
 * A checkbox bound to a boolean field of the surrounding `Form`, with its label and an optional
 * description beside it (the description is tied to the control for screen readers).
 */
export function CheckboxField<Values extends FieldValues>({
  name,
  label,
  description,
}: {
  name: Path<Values>;
  label: ReactNode;
  description?: ReactNode;
}) {
  const id = useId();
  const { register } = useFormContext<Values>();
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        className="mt-1 size-4 accent-brand-700"
        aria-describedby={description ? `${id}-description` : undefined}
        {...register(name)}
      />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        {description && (
          <span id={`${id}-description`} className="block text-sm text-slate-700">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
