import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

/** A headline figure: what it counts, the number (a link to its records), and what to read beside it. */
export function FigureCard({
  label,
  value,
  to,
  linkLabel,
  children,
}: {
  label: string;
  value: string;
  /** The records the number counts. */
  to?: string;
  /** What the link opens, for a screen reader ("the 3 changes closed in Q4 2026"). */
  linkLabel: string;
  children?: ReactNode;
}) {
  return (
    <Card className="space-y-1 p-4">
      <h3 className="text-sm font-medium text-slate-700">{label}</h3>
      <p className="text-2xl font-bold text-slate-900">
        {to ? (
          <Link
            to={to}
            className="underline decoration-slate-300 underline-offset-4 hover:text-brand-700"
          >
            {value}
            <span className="sr-only"> — open {linkLabel}</span>
          </Link>
        ) : (
          value
        )}
      </p>
      <div className="space-y-1 text-sm text-slate-700">{children}</div>
    </Card>
  );
}

/** "3 (Q3 2026: 5)": a figure of the period beside the one before. */
export const beside = (previousLabel: string, previous: number | string) =>
  `${previousLabel}: ${previous}`;
