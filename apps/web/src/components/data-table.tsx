import { ArrowDown, ArrowUp } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { SidewaysCue, SidewaysFade, useSidewaysOverflow } from '@/components/sideways-scroll';
import { cn } from '@/lib/cn';

/** A column the reader may sort by: whether it is the sort now, which way, and how to sort. */
export interface ColumnSort {
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
}

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's body cells (`whitespace-nowrap`, `font-medium text-slate-900`). */
  className?: string;
  /** Classes of the column's header cell (`text-center`). */
  headerClassName?: string;
  /** The header is for screen readers only (a column of buttons, say). */
  hideHeader?: boolean;
  /** The header is a button that sorts by this column (`aria-sort` says the current sort). */
  sort?: ColumnSort;
}

function HeaderContent<Row>({ column }: { column: Column<Row> }) {
  if (column.hideHeader) return <span className="sr-only">{column.header}</span>;
  if (!column.sort) return <>{column.header}</>;
  const Arrow = column.sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={column.sort.onSort}
      className="inline-flex items-center gap-1 hover:text-slate-900"
    >
      {column.header}
      {column.sort.active && <Arrow aria-hidden="true" className="size-3.5" />}
    </button>
  );
}

const ariaSort = (sort: ColumnSort | undefined) =>
  sort?.active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

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
  const scroller = useRef<HTMLDivElement>(null);
  const { overflows, atEnd } = useSidewaysOverflow(scroller);
  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={scroller}
          className="overflow-x-auto"
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
                    className={cn(
                      'py-2 font-medium',
                      index < lastColumn && 'pr-4',
                      column.headerClassName,
                    )}
                    aria-sort={ariaSort(column.sort)}
                  >
                    <HeaderContent column={column} />
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
        <SidewaysFade show={overflows && !atEnd} />
      </div>
      <SidewaysCue show={overflows} />
    </div>
  );
}
