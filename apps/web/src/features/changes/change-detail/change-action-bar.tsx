import type { Role } from '@complivue/shared/roles';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { FileText } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { reportHref } from '../api.ts';
import { ChangeStatusBadge, DueDate, RiskBadge } from '../change-badges.tsx';
import { StatusActions } from './status-actions.tsx';

/**
 * What the change stands at and what can be done with it, kept in view above the scrolling
 * sections: status, risk, due date and owner, the workflow's moves, the printable report.
 */
export function ChangeActionBar({ change, role }: { change: ChangeDetail; role: Role }) {
  return (
    <div
      role="region"
      aria-label="Status and actions"
      className="space-y-2 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:px-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <ChangeStatusBadge status={change.status} />
        <RiskBadge risk={change.riskRating} />
        <span className="text-xs">
          <DueDate dueDate={change.dueDate} overdue={change.overdue} />
        </span>
        <span className="text-xs text-slate-700">
          Owner:{' '}
          <span className="font-medium text-slate-900">{change.ownerName ?? 'No owner'}</span>
        </span>
        <a
          href={reportHref(change.id)}
          className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'ml-auto')}
        >
          <FileText aria-hidden="true" className="size-4" />
          Printable report (PDF)
        </a>
      </div>
      <StatusActions change={change} role={role} />
    </div>
  );
}
