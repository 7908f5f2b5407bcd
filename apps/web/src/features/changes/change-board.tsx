import { CHANGE_STATUS_LABELS, changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Role } from '@complivue/shared/roles';
import {
  CHANGE_BOARD_COLUMN_LIMIT,
  type ChangeBoard,
  type ChangeSummary,
} from '@complivue/shared/schemas/changes';
import { ListChecks, UserRound } from 'lucide-react';
import { useRef } from 'react';
import { SidewaysCue, SidewaysFade, useSidewaysOverflow } from '@/components/sideways-scroll';
import { AreaTags, DueDate, RiskBadge } from './change-badges.tsx';
import { MoveMenu } from './move-menu.tsx';

function ChangeCard({
  change,
  role,
  onOpen,
}: {
  change: ChangeSummary;
  role: Role;
  onOpen: (changeId: string) => void;
}) {
  return (
    <li>
      <article
        aria-labelledby={`change-card-${change.id}`}
        className="rounded-md border border-slate-200 bg-white p-3 shadow-sm"
      >
        <div className="flex items-start justify-between gap-2">
          <span className="text-xs font-semibold text-slate-600">
            {changeNumberLabel(change.number)}
          </span>
          <RiskBadge risk={change.riskRating} />
        </div>
        <h3 id={`change-card-${change.id}`} className="mt-1 text-sm font-semibold text-slate-900">
          <button
            type="button"
            onClick={() => onOpen(change.id)}
            className="text-left underline-offset-2 hover:text-brand-800 hover:underline"
          >
            {change.title}
          </button>
        </h3>
        <div className="mt-2">
          <AreaTags areas={change.areas} />
        </div>
        <dl className="mt-2 space-y-1 text-xs">
          <div className="flex items-center gap-1 text-slate-700">
            <dt>
              <UserRound aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Owner</span>
            </dt>
            <dd>{change.ownerName ?? 'No owner'}</dd>
          </div>
          <div>
            <dt className="sr-only">Due</dt>
            <dd>
              <DueDate dueDate={change.dueDate} overdue={change.overdue} />
            </dd>
          </div>
          {change.totalTasks > 0 && (
            <div className="flex items-center gap-1 text-slate-700">
              <dt>
                <ListChecks aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Tasks</span>
              </dt>
              <dd>
                {change.totalTasks - change.openTasks} of {change.totalTasks} tasks done
                {change.overdueTasks > 0 && (
                  <span className="font-semibold text-red-800">
                    {' '}
                    · {change.overdueTasks} overdue
                  </span>
                )}
              </dd>
            </div>
          )}
        </dl>
        <div className="mt-3 flex justify-end">
          <MoveMenu change={change} role={role} />
        </div>
      </article>
    </li>
  );
}

/**
 * The kanban: one column per status. Cards move with their Move menu (keyboard and pointer
 * alike); the workflow decides what the menu offers.
 */
export function ChangeBoardView({
  board,
  role,
  onOpen,
}: {
  board: ChangeBoard;
  role: Role;
  onOpen: (changeId: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { overflows, atEnd } = useSidewaysOverflow(scroller);
  return (
    <div>
      <div className="relative">
        <div
          ref={scroller}
          role="region"
          aria-label="Board of changes by status"
          tabIndex={0}
          className="-mx-1 flex flex-col gap-4 px-1 pb-2 focus-visible:outline-2 focus-visible:outline-brand-600 lg:flex-row lg:overflow-x-auto"
        >
          {board.columns.map((column) => (
            <section
              key={column.status}
              aria-labelledby={`column-${column.status}`}
              className="flex flex-col rounded-lg bg-slate-100 p-3 lg:w-60 lg:shrink-0 2xl:w-72"
            >
              <h2
                id={`column-${column.status}`}
                className="flex items-center justify-between text-sm font-semibold text-slate-900"
              >
                {CHANGE_STATUS_LABELS[column.status]}
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700">
                  <span className="sr-only">: </span>
                  {column.total}
                  <span className="sr-only"> {column.total === 1 ? 'change' : 'changes'}</span>
                </span>
              </h2>
              {column.items.length === 0 ? (
                <p className="mt-3 text-xs text-slate-600">No changes.</p>
              ) : (
                <ul className="mt-3 space-y-2">
                  {column.items.map((change) => (
                    <ChangeCard key={change.id} change={change} role={role} onOpen={onOpen} />
                  ))}
                </ul>
              )}
              {column.total > column.items.length && (
                <p className="mt-2 text-xs text-slate-600">
                  Showing the first {CHANGE_BOARD_COLUMN_LIMIT}; use the list view for the rest.
                </p>
              )}
            </section>
          ))}
        </div>
        <SidewaysFade show={overflows && !atEnd} />
      </div>
      <SidewaysCue show={overflows} what="every status" />
    </div>
  );
}
