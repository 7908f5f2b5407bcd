import {
  createTaskFormSchema,
  type ChangeDetail,
  type ChangeMembers,
} from '@complivue/shared/schemas/changes';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { useAddTask } from '../api.ts';

type TaskFields = z.input<typeof createTaskFormSchema>;
const EMPTY_TASK: TaskFields = { title: '', assigneeId: '', dueDate: '' };

/** Adds a task to the change, checked with the request's rules; cleared once added. */
export function AddTaskForm({
  change,
  members,
}: {
  change: ChangeDetail;
  members: ChangeMembers['members'];
}) {
  const form = useZodForm(createTaskFormSchema, EMPTY_TASK);
  const addTask = useAddTask(change.id);
  return (
    <Form
      form={form}
      failure="The task could not be added."
      className="mt-3 space-y-2"
      aria-label="Add a task"
      onSubmit={async (task) => {
        await addTask.mutateAsync(task);
        form.reset(EMPTY_TASK);
      }}
    >
      <TextField<TaskFields> name="title" label="New task" maxLength={300} />
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField<TaskFields> name="assigneeId" label="Assign to">
          <option value="">Unassigned</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField<TaskFields> name="dueDate" label="Task due date" type="date" />
      </div>
      <div className="flex justify-end">
        <SubmitButton size="sm" variant="secondary" pendingLabel="Adding…">
          Add task
        </SubmitButton>
      </div>
    </Form>
  );
}
