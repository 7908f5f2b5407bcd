import type { Role } from '@complivue/shared/roles';
import { changeNumberLabel, type ChangeListResponse } from '@complivue/shared/schemas/changes';
import { Pager } from '@/components/pager';
import { AreaTags, ChangeStatusBadge, DueDate, RiskBadge } from './change-badges.tsx';
import { MoveMenu } from './move-menu.tsx';

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
  if (list.items.length === 0) {
    return <p className="text-sm text-slate-700">No changes match these filters.</p>;
  }
  return (
    <div>
      <div className="overflow-x-auto" role="region" aria-label="Changes" tabIndex={0}>
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Regulatory changes</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Number
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Change
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Risk
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Owner
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Due
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.map((change) => (
              <tr key={change.id}>
                <td className="py-3 pr-3 align-top whitespace-nowrap text-slate-600">
                  {changeNumberLabel(change.number)}
                </td>
                <td className="py-3 pr-3 align-top">
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
                </td>
                <td className="py-3 pr-3 align-top">
                  <ChangeStatusBadge status={change.status} />
                </td>
                <td className="py-3 pr-3 align-top">
                  <RiskBadge risk={change.riskRating} />
                </td>
                <td className="py-3 pr-3 align-top text-slate-800">
                  {change.ownerName ?? 'No owner'}
                </td>
                <td className="py-3 pr-3 align-top text-xs">
                  <DueDate dueDate={change.dueDate} overdue={change.overdue} />
                  {change.overdueTasks > 0 && (
                    <span className="block font-semibold text-red-800">
                      {change.overdueTasks} overdue {change.overdueTasks === 1 ? 'task' : 'tasks'}
                    </span>
                  )}
                </td>
                <td className="py-3 align-top">
                  <MoveMenu change={change} role={role} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={onPage} />
    </div>
  );
}
