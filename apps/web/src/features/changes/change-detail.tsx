import {
  changeTransitionLabel,
  changeTransitionsFrom,
  CHANGE_WORKFLOW_MESSAGES,
  isOpenChangeStatus,
} from '@complivue/shared/change-workflow';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  CHANGE_ATTACHMENT_MAX_BYTES,
  CHANGE_EVENT_LABELS,
  CHANGE_FIELD_LABELS,
  CHANGE_MESSAGES,
  changeNumberLabel,
  formatChangeHistoryValue,
  orderedHistoryChanges,
  type ChangeDetail,
  type ChangeMembers,
} from '@complivue/shared/schemas/changes';
import { ExternalLink, FileText, Paperclip, Trash2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useAsyncAction } from '@/lib/use-async-action';
import {
  addComment,
  addTask,
  attachmentHref,
  removeAttachment,
  removeTask,
  reportHref,
  updateChange,
  updateTask,
  uploadAttachment,
  useApplyChange,
  useChange,
} from './api.ts';
import { AreaTags, ChangeStatusBadge, DueDate, RiskBadge } from './change-badges.tsx';
import { ChangeFieldsForm, toRequest, type ChangeFields } from './change-fields-form.tsx';
import { CommentBox, CommentList } from './comment-box.tsx';
import { useMoveChange } from './move-menu.tsx';

type Members = ChangeMembers['members'];

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The moves the workflow offers from here; those the role may not make say why. */
function StatusActions({ change, role }: { change: ChangeDetail; role: Role }) {
  const { busy, move } = useMoveChange();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const moves = changeTransitionsFrom(change.status, role, change.openTasks);

  async function go(to: (typeof moves)[number]) {
    if (to.needsNote && !note.trim()) {
      setError(CHANGE_WORKFLOW_MESSAGES.note_required);
      return;
    }
    setError(null);
    if (await move(change, to.to, note.trim() || undefined)) setNote('');
  }

  return (
    <div className="space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-900">
          Note for the history
        </label>
        <Textarea
          id={noteId}
          rows={2}
          maxLength={2000}
          placeholder="Optional; required to mark a change not applicable."
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <ul className="flex flex-wrap gap-2">
        {moves.map((option) => {
          const reasonId = `${noteId}-${option.to}`;
          return (
            <li key={option.to}>
              <Button
                type="button"
                size="sm"
                variant={
                  option.kind === 'advance' || option.kind === 'approve' ? 'primary' : 'secondary'
                }
                disabled={busy || !option.decision.allowed}
                aria-describedby={option.decision.allowed ? undefined : reasonId}
                onClick={() => void go(option)}
              >
                {changeTransitionLabel(option)}
              </Button>
              {!option.decision.allowed && (
                <p id={reasonId} className="mt-1 max-w-xs text-xs text-slate-600">
                  {option.decision.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function TaskRow({
  change,
  task,
  members,
  disabled,
}: {
  change: ChangeDetail;
  task: ChangeDetail['tasks'][number];
  members: Members;
  disabled: boolean;
}) {
  const apply = useApplyChange();
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function save(changes: Parameters<typeof updateTask>[2], success?: string) {
    setBusy(true);
    try {
      await apply(await updateTask(change.id, task.id, changes));
      if (success) toast.success(success);
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The task could not be saved.'));
    } finally {
      setBusy(false);
    }
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
            void save(
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
            void (async () => {
              setBusy(true);
              try {
                await apply(await removeTask(change.id, task.id));
              } catch (caught) {
                toast.error(userFacingMessage(caught, 'The task could not be removed.'));
              } finally {
                setBusy(false);
              }
            })()
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
              void save({ assigneeId: event.target.value || null }, 'The task is reassigned.')
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
              if (value !== task.dueDate) void save({ dueDate: value }, 'The due date is saved.');
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

function AddTaskForm({ change, members }: { change: ChangeDetail; members: Members }) {
  const apply = useApplyChange();
  const [title, setTitle] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const { busy, error, setError, run } = useAsyncAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim().length < 2) {
      setError('Describe the task in at least 2 characters.');
      return;
    }
    const added = await run(
      async () =>
        apply(
          await addTask(change.id, {
            title: title.trim(),
            assigneeId: assigneeId || null,
            dueDate: dueDate || null,
          }),
        ),
      'The task could not be added.',
    );
    if (added) {
      setTitle('');
      setAssigneeId('');
      setDueDate('');
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2" aria-label="Add a task">
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="New task">
        {({ id }) => (
          <Input
            id={id}
            value={title}
            maxLength={300}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField label="Assign to">
          {({ id }) => (
            <Select
              id={id}
              value={assigneeId}
              onChange={(event) => setAssigneeId(event.target.value)}
            >
              <option value="">Unassigned</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Task due date">
          {({ id }) => (
            <Input
              id={id}
              type="date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          {busy ? 'Adding…' : 'Add task'}
        </Button>
      </div>
    </form>
  );
}

function Attachments({
  change,
  canRemove,
  disabled,
}: {
  change: ChangeDetail;
  canRemove: (uploadedBy: string | null) => boolean;
  disabled: boolean;
}) {
  const apply = useApplyChange();
  const [inputKey, setInputKey] = useState(0);
  const { busy, error, setError, run } = useAsyncAction();
  async function upload(file: File | undefined) {
    if (!file) return;
    if (file.size > CHANGE_ATTACHMENT_MAX_BYTES) {
      setError(CHANGE_MESSAGES.attachment_too_large);
      return;
    }
    await run(
      async () => apply(await uploadAttachment(change.id, file)),
      'The file could not be attached.',
    );
    setInputKey((key) => key + 1);
  }
  return (
    <div className="space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      {change.attachments.length === 0 ? (
        <p className="text-sm text-slate-700">No files attached.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {change.attachments.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2 py-2">
              <a
                href={attachmentHref(change.id, file.id)}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <Paperclip aria-hidden="true" className="size-4" />
                {file.fileName}
              </a>
              <span className="text-xs text-slate-600">
                {file.uploadedByName ?? 'Former member'} · {formatDateTime(file.createdAt)}
              </span>
              {canRemove(file.uploadedBy) && !disabled && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  aria-label={`Remove ${file.fileName}`}
                  disabled={busy}
                  onClick={() =>
                    void run(
                      async () => apply(await removeAttachment(change.id, file.id)),
                      'The file could not be removed.',
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <div key={inputKey}>
          <FormField
            label="Attach a file"
            hint="PDF, images, Word, Excel, CSV or text; up to 25 MB."
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                type="file"
                aria-describedby={describedBy}
                disabled={busy}
                onChange={(event) => void upload(event.target.files?.[0])}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900"
              />
            )}
          </FormField>
        </div>
      )}
    </div>
  );
}

export function HistoryTimeline({ history }: { history: ChangeDetail['history'] }) {
  return (
    <ol className="space-y-3 text-sm" aria-label="History, newest first">
      {history.map((entry) => (
        <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
          <p>
            <span className="font-medium text-slate-900">{entry.changedByName}</span>{' '}
            <span className="text-slate-800">
              {(CHANGE_EVENT_LABELS[entry.event] ?? entry.event).toLowerCase()}
            </span>{' '}
            <span className="text-xs text-slate-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </span>
          </p>
          <ul className="mt-0.5 text-slate-700">
            {orderedHistoryChanges(entry.changes).map(([field, change]) => {
              const name = CHANGE_FIELD_LABELS[field] ?? field;
              const from = formatChangeHistoryValue(field, change.from);
              const to = formatChangeHistoryValue(field, change.to);
              return (
                <li key={field} className="break-words">
                  {entry.event === 'created' || (from === '—' && field !== 'done')
                    ? `${name}: ${to}`
                    : from === to
                      ? `${name}: ${to}`
                      : `${name}: ${from} → ${to}`}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function fieldsOf(change: ChangeDetail): ChangeFields {
  return {
    title: change.title,
    areas: change.areas,
    effectiveDate: change.effectiveDate ?? '',
    dueDate: change.dueDate ?? '',
    ownerId: change.ownerId ?? '',
    riskRating: change.riskRating,
    summary: change.summary,
    impact: change.impact,
  };
}

function DetailBody({
  change,
  role,
  userId,
  members,
}: {
  change: ChangeDetail;
  role: Role;
  userId: string;
  members: Members;
}) {
  const apply = useApplyChange();
  const [saveError, setSaveError] = useState<string | null>(null);
  const open = isOpenChangeStatus(change.status);
  const ownerKnown = !change.ownerId || members.some((member) => member.userId === change.ownerId);
  const ownerChoices = ownerKnown
    ? members
    : [
        ...members,
        { userId: change.ownerId!, name: change.ownerName ?? 'Former member', email: '', role: '' },
      ];

  async function save(fields: ChangeFields) {
    setSaveError(null);
    try {
      await apply(await updateChange(change.id, toRequest(fields)));
      toast.success('The change is saved.');
    } catch (caught) {
      setSaveError(userFacingMessage(caught, 'The change could not be saved.'));
    }
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <ChangeStatusBadge status={change.status} />
        <RiskBadge risk={change.riskRating} />
        <AreaTags areas={change.areas} />
        <span className="text-xs">
          <DueDate dueDate={change.dueDate} overdue={change.overdue} />
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-900">Owner: </dt>
          <dd className="inline text-slate-800">{change.ownerName ?? 'No owner'}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Source: </dt>
          <dd className="inline text-slate-800">
            {change.feedItem ? (
              <a
                href={change.feedItem.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-brand-700 underline"
              >
                Feed item
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens the publication in a new tab)</span>
              </a>
            ) : (
              'Entered by hand'
            )}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Created: </dt>
          <dd className="inline text-slate-800">
            {formatDateTime(change.createdAt)}
            {change.createdByName ? ` by ${change.createdByName}` : ''}
          </dd>
        </div>
        {change.closedAt && (
          <div>
            <dt className="inline font-medium text-slate-900">Finished: </dt>
            <dd className="inline text-slate-800">{formatDateTime(change.closedAt)}</dd>
          </div>
        )}
        {change.notApplicableReason && (
          <div className="sm:col-span-2">
            <dt className="inline font-medium text-slate-900">Why not applicable: </dt>
            <dd className="inline text-slate-800">{change.notApplicableReason}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={reportHref(change.id)}>
            <FileText aria-hidden="true" className="size-4" />
            Printable report (PDF)
          </a>
        </Button>
      </div>

      <Section title="Status">
        <StatusActions change={change} role={role} />
      </Section>

      <Section title="Details and impact assessment">
        {!open && <Alert className="mb-3">{CHANGE_MESSAGES.finished}</Alert>}
        <ChangeFieldsForm
          key={change.updatedAt}
          initial={fieldsOf(change)}
          members={ownerChoices}
          submitLabel="Save changes"
          busyLabel="Saving…"
          disabled={!open}
          error={saveError}
          onSubmit={save}
        />
      </Section>

      <Section
        title={`Tasks (${change.tasks.length - change.openTasks} of ${change.tasks.length} done)`}
      >
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
      </Section>

      <Section title="Attachments">
        <Attachments
          change={change}
          disabled={!open}
          canRemove={(uploadedBy) => uploadedBy === userId || hasRoleAtLeast(role, 'manager')}
        />
      </Section>

      <Section title="Comments">
        <CommentList comments={change.comments} />
        <div className="mt-3">
          <CommentBox
            members={members.filter((member) => member.userId !== userId)}
            onSend={async (body) => {
              try {
                await apply(await addComment(change.id, body));
                return true;
              } catch (caught) {
                toast.error(userFacingMessage(caught, 'The comment could not be posted.'));
                return false;
              }
            }}
          />
        </div>
      </Section>

      <Section title="History">
        <HistoryTimeline history={change.history} />
      </Section>
    </div>
  );
}

/** `?change=<id>`: the change in a side panel (full screen on a phone). */
export function ChangeDetailPanel({
  changeId,
  role,
  userId,
  members,
  onClose,
}: {
  changeId: string;
  role: Role;
  userId: string;
  members: Members;
  onClose: () => void;
}) {
  const change = useChange(changeId);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-40 flex w-full max-w-3xl flex-col bg-white shadow-xl">
          <div className="flex items-start gap-3 border-b border-slate-200 p-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold text-slate-600">
                {change.data ? changeNumberLabel(change.data.number) : 'Change'}
              </p>
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900">
                {change.data?.title ?? 'Loading the change'}
              </Dialog.Title>
              <Dialog.Description className="sr-only">
                The change’s status, details, impact assessment, tasks, files, comments and history.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close the change">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:px-6">
            {change.isPending ? (
              <Spinner label="Loading the change" />
            ) : change.isError ? (
              <Alert variant="destructive">{change.error.message}</Alert>
            ) : (
              <DetailBody change={change.data} role={role} userId={userId} members={members} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
