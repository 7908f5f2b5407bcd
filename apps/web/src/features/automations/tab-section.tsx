import type { ReactNode } from 'react';

/** A tab of the hub: its heading, what it holds, its main action, then its content. */
export function TabSection({
  id,
  title,
  intro,
  action,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {intro && <div className="max-w-2xl text-sm text-slate-700">{intro}</div>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
