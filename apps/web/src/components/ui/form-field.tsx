import { useId, type ReactElement, type ReactNode } from 'react';
import { Label } from './label.tsx';

/** A labelled control with an optional hint; the control receives the id and the hint's id. */
export function FormField({
  label,
  hint,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy?: string }) => ReactElement;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy: hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
