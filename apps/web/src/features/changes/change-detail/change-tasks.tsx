import type { ChangeDetail, ChangeMembers } from '@complivue/shared/schemas/changes';
import { AddTaskForm } from './add-task-form.tsx';
import { TaskRow } from './task-row.tsx';

/** The change's tasks, and (while it is open) the form to add one. */
export function ChangeTasks({
  change,
  members,
  open,
}: {
  change: ChangeDetail;
  members: ChangeMembers['members'];
  open: boolean;
}) {
  return (
    <>
      {change.tasks.length === 0 ? (
        <p className="text-sm text-slate-700">No tasks yet.</p>
      ) : (
        <ul className="space-y-2">
          {change.tasks.map((task) => (
            <TaskRow
              key={`${task.id}-${task.dueDate ?? ''}`}
              change={change}
              task={task}
              members={members}
              disabled={!open}
            />
          ))}
        </ul>
      )}
      {open && <AddTaskForm change={change} members={members} />}
    </>
  );
}
