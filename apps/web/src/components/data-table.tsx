import { ArrowDown, ArrowUp, MoveHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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
 * Whether a scroller is wider inside than it shows (a table on a phone), and whether it is
 * scrolled to its end: a table clipped with no cue hides columns from the reader.
 */
function useSidewaysOverflow(ref: RefObject<HTMLElement | null>) {
  const [state, setState] = useState({ overflows: false, atEnd: true });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setState((current) =>
        current.overflows === overflows && current.atEnd === atEnd ? current : { overflows, atEnd },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return state;
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
        {overflows && !atEnd && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white"
          />
        )}
      </div>
      {overflows && (
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
          <MoveHorizontal aria-hidden="true" className="size-3.5" />
          Scroll sideways to see every column.
        </p>
      )}
    </div>
  );
}
