import { csvText } from '@complivue/shared/csv-cells';
import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A chart's data as the table beside it and its CSV: one header per column, one row each. */
export interface ChartData {
  columns: string[];
  rows: (string | number | null)[][];
  /** Where each row's records are, when a row has them (same order as `rows`). */
  links?: (string | null)[];
}

function downloadCsv(filename: string, data: Pick<ChartData, 'columns' | 'rows'>) {
  const blob = new Blob([csvText(data.columns, data.rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** "Download CSV" of a table's figures, written in the browser (cells made safe, csv-cells). */
export function CsvButton({
  title,
  filename,
  data,
}: {
  /** What the table is, for a screen reader ("Download CSV of …"). */
  title: string;
  filename: string;
  data: Pick<ChartData, 'columns' | 'rows'>;
}) {
  return (
    <Button variant="secondary" size="sm" onClick={() => downloadCsv(filename, data)}>
      <Download aria-hidden="true" className="size-4" />
      Download CSV<span className="sr-only"> of {title}</span>
    </Button>
  );
}

/**
 * A chart as a figure: its title, what it shows, the chart, its figures as a table (the text
 * alternative a screen reader or an examiner reads, each row linking to its records), a CSV of
 * the same figures, and a link to the records behind the whole chart.
 */
export function ChartFigure({
  title,
  description,
  data,
  csvName,
  records,
  empty,
  children,
}: {
  title: string;
  description: string;
  data: ChartData;
  csvName: string;
  records?: { to: string; label: string };
  /** Shown instead of the chart when there is nothing to draw: what will appear, and how. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const columns: Column<(string | number | null)[]>[] = data.columns.map((header, index) => ({
    header,
    cell: (row) => {
      const text = row[index] ?? '—';
      const to = index === 0 ? data.links?.[data.rows.indexOf(row)] : null;
      return to ? (
        <Link to={to} className="text-brand-700 underline">
          {text}
        </Link>
      ) : (
        text
      );
    },
  }));
  return (
    <Card className="space-y-3 p-4">
      <figure aria-labelledby={`${id}-title`} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="text-sm text-slate-700">{description}</p>
          </div>
          {!empty && <CsvButton title={title} filename={csvName} data={data} />}
        </div>
        {empty ? (
          <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
            {empty}
          </div>
        ) : (
          <>
            {children}
            <details>
              <summary className="cursor-pointer text-sm font-medium text-brand-700">
                Show the figures as a table
              </summary>
              <DataTable
                caption={title}
                columns={columns}
                rows={data.rows}
                rowKey={(row) => String(row[0])}
                minWidth="24rem"
                className="mt-2"
              />
            </details>
          </>
        )}
        {records && (
          <p className="text-sm">
            <Link to={records.to} className="text-brand-700 underline">
              {records.label}
            </Link>
          </p>
        )}
      </figure>
    </Card>
  );
}
