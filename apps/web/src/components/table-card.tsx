import type { ReactNode } from 'react';
import { CsvButton, type ChartData } from '@/components/charts/chart-figure';
import { Card } from '@/components/ui/card';

/** A table of the records behind a figure, with its heading and a CSV of the same rows. */
export function TableCard({
  title,
  csv,
  children,
}: {
  title: string;
  /** The table as CSV; none when the table is empty or not shown. */
  csv?: Pick<ChartData, 'columns' | 'rows'> & { filename: string };
  children: ReactNode;
}) {
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {csv && <CsvButton title={title} filename={csv.filename} data={csv} />}
      </div>
      {children}
    </Card>
  );
}
