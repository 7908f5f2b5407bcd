import { formatShortDay } from '@complivue/shared/calendar-days';
import { SUBJECT_TYPE_LABELS } from '@complivue/shared/collaboration';
import type { MyWork, SubjectRef } from '@complivue/shared/schemas/collaboration';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { useCollaborationMembers } from '@/components/discussion/api';
import { AddTeamTaskForm } from '@/components/discussion/subject-tasks';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useCompleteWork, useMyWork } from './api.ts';

export function SubjectLink({ subject }: { subject: SubjectRef }) {
  return (
    <Link to={subject.link} className="text-brand-700 underline-offset-2 hover:underline">
      <span className="text-slate-600">{SUBJECT_TYPE_LABELS[subject.type]}</span> {subject.label}
    </Link>
  );
}

type Task = MyWork['tasks'][number];

/** Done here for a team task or a change's step; the others on their record's page. */
function TaskAction({ task }: { task: Task }) {
  const complete = useCompleteWork();
  const kind = task.kind;
  if (kind === 'task' || kind === 'change_task') {
    return (
      <Button
        size="sm"
        variant="secondary"
        disabled={complete.isPending}
        aria-label={`Mark done: “${task.title}”`}
        onClick={() =>
          complete
            .mutateAsync({ id: task.id, kind, changeId: task.subject?.id })
            .then(() => toast.success(`“${task.title}” is done.`))
            .catch((caught: unknown) =>
              toast.error(userFacingMessage(caught, 'The task could not be marked done.')),
            )
        }
      >
        Mark done
      </Button>
    );
  }
  return task.subject ? (
    <Link to={task.subject.link} className="text-sm text-brand-700 underline">
      {task.kind === 'acknowledgement' ? 'Acknowledge' : 'Open'}
    </Link>
  ) : null;
}

const TASK_COLUMNS: Column<Task>[] = [
  { header: 'Task', cell: (task) => <span className="font-medium">{task.title}</span> },
  {
    header: 'On',
    cell: (task) =>
      task.subject ? (
        <SubjectLink subject={task.subject} />
      ) : (
        <span className="text-slate-700">The team (no record)</span>
      ),
  },
  {
    header: 'Due',
    cell: (task) =>
      task.overdue && task.dueDate ? (
        <StatusToken tone="overdue">Overdue since {formatShortDay(task.dueDate)}</StatusToken>
      ) : task.dueDate ? (
        formatShortDay(task.dueDate)
      ) : (
        <span className="text-slate-700">No due date</span>
      ),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Action',
    hideHeader: true,
    cell: (task) => <TaskAction task={task} />,
    className: 'text-right',
  },
];

/** A count that leads to the list it counts (DESIGN.md, "every number is a link"). */
function CountLink({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3">
      <Link
        to={to}
        aria-label={`${label}: ${count}, open the list`}
        className="block text-2xl font-bold text-brand-700 underline-offset-2 hover:underline"
      >
        {count}
      </Link>
      <span className="text-sm text-slate-700">{label}</span>
    </div>
  );
}

/** What the task list may be narrowed to (`?tasks=` in the URL). */
const TASK_FILTERS = {
  overdue: { label: 'Overdue', keep: (task: Task) => task.overdue },
  task: { label: 'Team tasks', keep: (task: Task) => task.kind === 'task' },
  change_task: { label: 'Tasks of changes', keep: (task: Task) => task.kind === 'change_task' },
  corrective_action: {
    label: 'Corrective actions',
    keep: (task: Task) => task.kind === 'corrective_action',
  },
  acknowledgement: {
    label: 'Policies to acknowledge',
    keep: (task: Task) => task.kind === 'acknowledgement',
  },
} as const;
type TaskFilter = keyof typeof TASK_FILTERS;
const TASK_FILTER_KEYS = Object.keys(TASK_FILTERS) as TaskFilter[];

/** The member's open tasks, overdue first, narrowed by the filter in the URL. */
function TasksPart({ tasks }: { tasks: readonly Task[] }) {
  const members = useCollaborationMembers().data?.members ?? [];
  const [adding, setAdding] = useState(false);
  const [params, setParams] = useSearchParams();
  const filter = TASK_FILTER_KEYS.find((key) => key === params.get('tasks'));
  const shown = filter ? tasks.filter(TASK_FILTERS[filter].keep) : tasks;
  const name = filter ? `Your open tasks: ${TASK_FILTERS[filter].label}` : 'Your open tasks';
  return (
    <Part id="my-tasks" title={`${name} (${shown.length})`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FilterSelect
          label="Show"
          allLabel="All open tasks"
          value={filter}
          options={TASK_FILTER_KEYS}
          optionLabel={(key) => TASK_FILTERS[key].label}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (value) next.set('tasks', value);
            else next.delete('tasks');
            setParams(next);
          }}
        />
        {!adding && (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" /> New task
          </Button>
        )}
      </div>
      {adding && (
        <AddTeamTaskForm subject={null} members={members} onDone={() => setAdding(false)} />
      )}
      {shown.length === 0 ? (
        <p className="text-sm text-slate-700">
          {filter
            ? 'None of your open tasks is of this kind.'
            : 'Nothing is assigned to you: tasks of changes, corrective actions of findings and policies to acknowledge appear here when someone assigns them to you.'}
        </p>
      ) : (
        <DataTable
          caption={name}
          columns={TASK_COLUMNS}
          rows={shown}
          rowKey={(task) => task.id}
          minWidth="36rem"
        />
      )}
    </Part>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="space-y-3 p-4 sm:p-6">
      <h2 id={id} className="scroll-mt-20 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * The member's inbox: open tasks of every module (overdue first), the comments that mention
 * them and the approvals waiting on them; each count leads to its list.
 */
export function MyWorkView() {
  const work = useMyWork();
  return (
    <QueryState query={work} loading="Loading your work">
      {(data) => {
        return (
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <CountLink
                to="?tasks=overdue#my-tasks"
                count={data.counts.overdueTasks}
                label="Overdue tasks"
              />
              <CountLink to="?#my-tasks" count={data.counts.tasks} label="Open tasks" />
              <CountLink to="#my-mentions" count={data.counts.mentions} label="Mentions, 30 days" />
              <CountLink
                to="#my-approvals"
                count={data.counts.approvals}
                label="Approvals waiting"
              />
            </div>
            <TasksPart tasks={data.tasks} />
            <Part id="my-mentions" title={`Mentions (${data.counts.mentions})`}>
              {data.mentions.length === 0 ? (
                <p className="text-sm text-slate-700">
                  No one has mentioned you in the last 30 days.
                </p>
              ) : (
                <ol className="divide-y divide-slate-200" aria-label="Comments that mention you">
                  {data.mentions.map((mention) => (
                    <li key={mention.commentId} className="py-2 text-sm">
                      <p className="text-xs text-slate-700">
                        <span className="font-semibold text-slate-900">{mention.authorName}</span>{' '}
                        on <SubjectLink subject={mention.subject} /> ·{' '}
                        <time dateTime={mention.createdAt}>
                          {formatDateTime(mention.createdAt)}
                        </time>
                      </p>
                      <p className="mt-1 whitespace-pre-wrap text-slate-900">{mention.excerpt}</p>
                    </li>
                  ))}
                </ol>
              )}
            </Part>
            <Part id="my-approvals" title={`Approvals waiting on you (${data.counts.approvals})`}>
              {data.approvals.length === 0 ? (
                <p className="text-sm text-slate-700">Nothing is waiting for your approval.</p>
              ) : (
                <ul className="divide-y divide-slate-200">
                  {data.approvals.map((approval) => (
                    <li key={approval.id} className="py-2 text-sm">
                      <span className="font-medium">{approval.title}</span> of{' '}
                      <SubjectLink subject={approval.subject} />
                      {approval.submittedAt && (
                        <span className="text-slate-700">
                          {' '}
                          · submitted {formatDateTime(approval.submittedAt)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Part>
          </div>
        );
      }}
    </QueryState>
  );
}
