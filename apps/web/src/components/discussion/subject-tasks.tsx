import { formatShortDay } from '@complivue/shared/calendar-days';
import {
  createTeamTaskFormSchema,
  type CollaborationMember,
  type TeamTask,
} from '@complivue/shared/schemas/collaboration';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField, TextareaField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { userFacingMessage } from '@/lib/api-client';
import { useCreateTask, useTasks, useUpdateTask, type SubjectId } from './api.ts';

type TaskFields = z.input<typeof createTeamTaskFormSchema>;
const EMPTY_TASK: TaskFields = { title: '', assigneeId: '', dueDate: '', checklist: '' };

export function AddTeamTaskForm({
  subject,
  members,
  onDone,
}: {
  subject: SubjectId | null;
  members: readonly CollaborationMember[];
  onDone: () => void;
}) {
  const form = useZodForm(createTeamTaskFormSchema, EMPTY_TASK);
  const create = useCreateTask(subject);
  return (
    <Form
      form={form}
      failure="The task could not be added."
      className="space-y-2 rounded-md border border-slate-200 p-3"
      aria-label="Add a task"
      onSubmit={async (task) => {
        await create.mutateAsync(task);
        form.reset(EMPTY_TASK);
        toast.success('The task was added.');
        onDone();
      }}
    >
      <TextField<TaskFields> name="title" label="Task" maxLength={300} />
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField<TaskFields> name="assigneeId" label="Assign to">
          <option value="">Unassigned</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField<TaskFields> name="dueDate" label="Due date" type="date" />
      </div>
      <TextareaField<TaskFields>
        name="checklist"
        label="Checklist (optional)"
        hint="One step a line."
        rows={3}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" pendingLabel="Adding…">
          Add task
        </SubmitButton>
      </div>
    </Form>
  );
}

/** One task: done or reopened with a button, its checklist ticked step by step. */
export function TeamTaskItem({ task, subject }: { task: TeamTask; subject: SubjectId | null }) {
  const update = useUpdateTask(subject);
  const save = (request: Parameters<typeof update.mutateAsync>[0]) =>
    update
      .mutateAsync(request)
      .catch((caught: unknown) =>
        toast.error(userFacingMessage(caught, 'The task could not be changed.')),
      );
  const done = task.doneAt !== null;
  return (
    <li className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className={done ? 'text-slate-700 line-through' : 'font-medium text-slate-900'}>
            {task.title}
          </p>
          <p className="text-xs text-slate-700">
            {task.assigneeName ?? 'Unassigned'}
            {task.dueDate && !task.overdue && ` · due ${formatShortDay(task.dueDate)}`}
            {done && task.doneByName && ` · done by ${task.doneByName}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {task.overdue && task.dueDate && (
            <StatusToken tone="overdue">Overdue since {formatShortDay(task.dueDate)}</StatusToken>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => void save({ taskId: task.id, done: !done })}
            aria-label={done ? `Reopen: “${task.title}”` : `Mark done: “${task.title}”`}
          >
            {done ? 'Reopen' : 'Mark done'}
          </Button>
        </div>
      </div>
      {task.checklist.length > 0 && (
        <ul className="ml-1 space-y-1" aria-label={`Checklist of “${task.title}”`}>
          {task.checklist.map((item, index) => (
            <li key={index}>
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={item.done}
                  disabled={update.isPending}
                  onChange={() =>
                    void save({
                      taskId: task.id,
                      checklist: task.checklist.map((step, at) =>
                        at === index ? { ...step, done: !step.done } : step,
                      ),
                    })
                  }
                />
                {item.text}
              </label>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The tasks of one object (open first) with the form to add one. */
export function SubjectTasks({
  subject,
  members,
}: {
  subject: SubjectId;
  members: readonly CollaborationMember[];
}) {
  const tasks = useTasks(subject);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-label="Tasks" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          Tasks
          {tasks.data ? ` (${tasks.data.tasks.filter((task) => !task.doneAt).length} open)` : ''}
        </p>
        {!adding && (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" /> Add a task
          </Button>
        )}
      </div>
      {adding && (
        <AddTeamTaskForm subject={subject} members={members} onDone={() => setAdding(false)} />
      )}
      <QueryState
        query={tasks}
        loading="Loading the tasks"
        isEmpty={(data) => data.tasks.length === 0}
        empty={<p className="text-sm text-slate-700">No tasks on this item.</p>}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200">
            {data.tasks.map((task) => (
              <TeamTaskItem key={task.id} task={task} subject={subject} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
