import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Role } from '@complivue/shared/roles';
import { type ChangeListResponse, type ChangeSummary } from '@complivue/shared/schemas/changes';
import { DataTable, type Column } from '@/components/data-table';
import { Pager } from '@/components/pager';
import { AreaTags, ChangeStatusBadge, DueDate, RiskBadge } from './change-badges.tsx';
import { MoveMenu } from './move-menu.tsx';

function changeColumns(role: Role, onOpen: (changeId: string) => void): Column<ChangeSummary>[] {
  return [
    {
      header: 'Number',
      cell: (change) => changeNumberLabel(change.number),
      className: 'whitespace-nowrap text-slate-600',
    },
    {
      header: 'Change',
      cell: (change) => (
        <>
          <button
            type="button"
            onClick={() => onOpen(change.id)}
            className="text-left font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {change.title}
          </button>
          <div className="mt-1">
            <AreaTags areas={change.areas} />
          </div>
        </>
      ),
    },
    { header: 'Status', cell: (change) => <ChangeStatusBadge status={change.status} /> },
    { header: 'Risk', cell: (change) => <RiskBadge risk={change.riskRating} /> },
    {
      header: 'Owner',
      cell: (change) => change.ownerName ?? 'No owner',
      className: 'text-slate-800',
    },
    {
      header: 'Due',
      cell: (change) => (
        <>
          <DueDate dueDate={change.dueDate} overdue={change.overdue} />
          {change.overdueTasks > 0 && (
            <span className="block font-semibold text-red-800">
              {change.overdueTasks} overdue {change.overdueTasks === 1 ? 'task' : 'tasks'}
            </span>
          )}
        </>
      ),
      className: 'text-xs',
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (change) => <MoveMenu change={change} role={role} />,
    },
  ];
}

/** The table view: the same changes and filters as the board, 25 a page. */
export function ChangeListView({
  list,
  role,
  onOpen,
  onPage,
}: {
  list: ChangeListResponse;
  role: Role;
  onOpen: (changeId: string) => void;
  onPage: (page: number) => void;
}) {
  return (
    <div>
      <DataTable
        caption="Regulatory changes"
        columns={changeColumns(role, onOpen)}
        rows={list.items}
        rowKey={(change) => change.id}
        rowHeader={1}
        minWidth="48rem"
      />
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={onPage} />
    </div>
  );
}
