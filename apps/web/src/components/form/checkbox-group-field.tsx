import { useId, type ReactNode } from 'react';
import { useController, type FieldValues, type Path } from 'react-hook-form';

/**
 * A list of checkboxes bound to one array field of the surrounding `Form`: the chosen values in
 * the order of `options`. A fieldset with its legend; the hint and the field's error are tied
 * to the group for screen readers, and the error is announced when it appears.
 */
export function CheckboxGroupField<Values extends FieldValues, Option extends string>({
  name,
  legend,
  hint,
  options,
  renderLabel,
  listClassName,
  itemClassName,
  checkboxClassName = 'size-4 accent-brand-700',
  children,
}: {
  name: Path<Values>;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly Option[];
  renderLabel: (option: Option) => ReactNode;
  listClassName?: string;
  /** Classes of each option's `<label>`. */
  itemClassName?: string;
  checkboxClassName?: string;
  /** Shown between the hint and the list (a "choose the suggestion" button, say). */
  children?: ReactNode;
}) {
  const id = useId();
  const { field, fieldState } = useController<Values>({ name });
  const chosen = (field.value ?? []) as Option[];
  const error = fieldState.error?.message;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  function toggle(option: Option) {
    field.onChange(
      chosen.includes(option)
        ? chosen.filter((value) => value !== option)
        : options.filter((known) => known === option || chosen.includes(known)),
    );
  }

  return (
    <fieldset aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {children}
      <ul className={listClassName}>
        {options.map((option) => (
          <li key={option}>
            <label className={itemClassName}>
              <input
                type="checkbox"
                className={checkboxClassName}
                checked={chosen.includes(option)}
                onChange={() => toggle(option)}
                onBlur={field.onBlur}
              />
              {renderLabel(option)}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
