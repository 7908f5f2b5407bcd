import type {
  ChangeDetail,
  ChangeMembers,
  UpdateTaskRequest,
} from '@complivue/shared/schemas/changes';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useRemoveTask, useUpdateTask } from '../api.ts';
import { DueDate } from '../change-badges.tsx';

/** One task: done, assignee and due date are saved as they change. */
export function TaskRow({
  change,
  task,
  members,
  disabled,
}: {
  change: ChangeDetail;
  task: ChangeDetail['tasks'][number];
  members: ChangeMembers['members'];
  disabled: boolean;
}) {
  const updateTask = useUpdateTask(change.id, task.id);
  const removeTask = useRemoveTask(change.id, task.id);
  const busy = updateTask.isPending || removeTask.isPending;
  const id = useId();
  function save(changes: UpdateTaskRequest, success?: string) {
    updateTask.mutate(changes, {
      onSuccess: () => {
        if (success) toast.success(success);
      },
      onError: (caught) => toast.error(userFacingMessage(caught, 'The task could not be saved.')),
    });
  }
  const assigneeKnown = !task.assigneeId || members.some((m) => m.userId === task.assigneeId);
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={task.doneAt !== null}
          disabled={busy || disabled}
          onChange={(event) =>
            save(
              { done: event.target.checked },
              event.target.checked ? `Task done: ${task.title}` : undefined,
            )
          }
        />
        <label
          htmlFor={id}
          className={task.doneAt ? 'text-sm text-slate-600 line-through' : 'text-sm text-slate-900'}
        >
          {task.title}
        </label>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-label={`Remove task ${task.title}`}
          disabled={busy || disabled}
          onClick={() =>
            removeTask.mutate(undefined, {
              onError: (caught) =>
                toast.error(userFacingMessage(caught, 'The task could not be removed.')),
            })
          }
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="mt-2 grid gap-2 pl-6 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-assignee`} className="block text-xs font-medium text-slate-700">
            Assignee
          </label>
          <Select
            id={`${id}-assignee`}
            className="h-9"
            value={task.assigneeId ?? ''}
            disabled={busy || disabled}
            onChange={(event) =>
              save({ assigneeId: event.target.value || null }, 'The task is reassigned.')
            }
          >
            <option value="">Unassigned</option>
            {!assigneeKnown && (
              <option value={task.assigneeId ?? ''}>{task.assigneeName ?? 'Former member'}</option>
            )}
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-due`} className="block text-xs font-medium text-slate-700">
            Due date
          </label>
          <Input
            id={`${id}-due`}
            type="date"
            className="h-9"
            defaultValue={task.dueDate ?? ''}
            disabled={busy || disabled}
            onBlur={(event) => {
              const value = event.target.value || null;
              if (value !== task.dueDate) save({ dueDate: value }, 'The due date is saved.');
            }}
          />
        </div>
      </div>
      <p className="mt-2 pl-6 text-xs">
        {task.doneAt ? (
          <span className="text-emerald-800">
            Done {formatDateTime(task.doneAt)}
            {task.doneByName ? ` by ${task.doneByName}` : ''}
          </span>
        ) : (
          <DueDate dueDate={task.dueDate} overdue={task.overdue} />
        )}
      </p>
    </li>
  );
}
