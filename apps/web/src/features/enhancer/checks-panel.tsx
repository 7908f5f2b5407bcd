import type { ArticleCheck } from '@complivue/shared/article-checks';
import { cn } from '@/lib/cn';

const STYLES: Record<ArticleCheck['severity'], string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-slate-200 bg-slate-50 text-slate-800',
};
const LABELS: Record<ArticleCheck['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Note',
};

/** What the checks find in the text being edited, errors first. */
export function ChecksPanel({ checks }: { checks: ArticleCheck[] }) {
  const order = { error: 0, warning: 1, info: 2 } as const;
  const sorted = [...checks].sort((a, b) => order[a.severity] - order[b.severity]);
  return (
    <section aria-labelledby="checks-heading" aria-live="polite">
      <h2 id="checks-heading" className="text-base font-semibold text-slate-900">
        Checks
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {sorted.map((check, index) => (
          <li
            key={`${check.kind}-${index}`}
            className={cn('rounded-md border px-3 py-2', STYLES[check.severity])}
          >
            <span className="font-semibold">{LABELS[check.severity]}: </span>
            {check.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
