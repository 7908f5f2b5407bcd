import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's body cells (`whitespace-nowrap`, `font-medium text-slate-900`). */
  className?: string;
  /** The header is for screen readers only (a column of buttons, say). */
  hideHeader?: boolean;
}

/**
 * A table of records: a caption for screen readers, column headers, and a body that scrolls
 * sideways on a narrow screen inside a region a keyboard can reach (axe's
 * scrollable-region-focusable). `rowHeader` names the column that says which record a row is.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowHeader = 0,
  minWidth = '40rem',
  className,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowHeader?: number | null;
  minWidth?: `${number}rem`;
  className?: string;
}) {
  const lastColumn = columns.length - 1;
  const cellClass = (column: Column<Row>, index: number) =>
    cn('py-2 text-left align-top', index < lastColumn && 'pr-4', column.className);
  return (
    <div
      className={cn('overflow-x-auto', className)}
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-700">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn('py-2 font-medium', index < lastColumn && 'pr-4')}
              >
                {column.hideHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === rowHeader ? (
                  <th
                    key={index}
                    scope="row"
                    className={cn('font-normal', cellClass(column, index))}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={cellClass(column, index)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
