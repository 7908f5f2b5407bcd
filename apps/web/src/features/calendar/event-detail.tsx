import { formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  completionFieldsSchema,
  type CalendarEvent,
  type CompletionFields,
  type OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import type { CalendarEventKind } from '@complivue/shared/regulatory-monitoring';
import { ExternalLink, Lock, Paperclip } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Citations } from '@/components/citation';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import {
  completionFileHref,
  evidenceFileHref,
  useCalendarEvent,
  useCompleteOccurrence,
  useCompletionHistory,
  useDeleteCalendarEvent,
  useOccurrences,
  useReopenOccurrence,
} from './api.ts';
import { describeRecurrence } from './calendar-dates.ts';
import { OccurrenceStatus } from './occurrence-status.tsx';
import { Discussion } from '@/components/discussion/discussion';

const KIND_LABELS: Record<CalendarEventKind, string> = {
  regulatory: 'Regulatory deadline',
  event_driven: 'Event-driven filing',
  company: 'Company event',
};

const NO_EVIDENCE: CompletionFields = { evidenceNote: '', evidenceUrl: '' };

function CompletionForm({ event, date }: { event: CalendarEvent; date: string }) {
  const form = useZodForm(completionFieldsSchema, NO_EVIDENCE);
  const complete = useCompleteOccurrence(event.id, date);
  const [file, setFile] = useState<File | null>(null);
  return (
    <Form
      form={form}
      failure="The due date could not be marked done."
      className="space-y-3"
      aria-label="Mark done with evidence"
      onSubmit={async (evidence) => {
        // The server's limit, said before 25 MB travel for nothing.
        if (file && file.size > CALENDAR_LIMITS.evidenceMaxBytes) {
          form.setError('root.server', { message: CALENDAR_MESSAGES.evidence_too_large });
          return;
        }
        await complete.mutateAsync({ ...evidence, file });
        toast.success(`Marked done: ${event.title}, ${formatShortDay(date)}.`);
      }}
    >
      <TextareaField<CompletionFields>
        name="evidenceNote"
        label="Evidence note"
        hint="What was done, by whom, and where the record is."
        rows={3}
        maxLength={5000}
      />
      <TextField<CompletionFields>
        name="evidenceUrl"
        label="Evidence link (optional)"
        type="url"
        placeholder="https://"
      />
      <FormField
        label="Evidence file (optional)"
        hint="PDF, images, Word, Excel, CSV or text; up to 25 MB."
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            type="file"
            aria-describedby={describedBy}
            onChange={(change) => setFile(change.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900"
          />
        )}
      </FormField>
      <SubmitButton pendingLabel="Saving…">Mark done</SubmitButton>
    </Form>
  );
}

/** A button that asks before it acts: nothing irreversible-looking happens in one click. */
function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  busy,
  size,
  onConfirm,
}: {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  size?: 'sm';
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size={size} disabled={busy}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
    />
  );
}

function DeleteButton({ event, onDeleted }: { event: CalendarEvent; onDeleted: () => void }) {
  const remove = useDeleteCalendarEvent();
  const seeded = event.templateKey !== null;
  return (
    <>
      {remove.isError && (
        <Alert variant="destructive">
          {userFacingMessage(remove.error, 'The event could not be deleted.')}
        </Alert>
      )}
      <ConfirmButton
        label="Delete"
        title={`Delete “${event.title}”?`}
        description={
          seeded
            ? 'It leaves your calendar and is not added again. You can restore it from “Deleted regulatory deadlines”. The audit log keeps the record.'
            : 'It leaves your calendar. If any of its due dates was marked done, the event is kept out of sight with those completions and their evidence (they stay in your institution’s data export); otherwise it is removed. The audit log keeps the record.'
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          // mutateAsync: the refreshed calendar may drop this panel first, and mutate()'s
          // callbacks never run once their component has unmounted. A failure shows above.
          remove.mutateAsync(event.id).then(
            (result) => {
              toast.success(
                result.message
                  ? 'The event has been deleted; its completions and evidence are kept.'
                  : 'The event has been deleted.',
              );
              onDeleted();
            },
            () => undefined,
          )
        }
      />
    </>
  );
}

/** Completions of the due date that were undone: kept, with their evidence, for the record. */
function UndoneCompletions({ eventId, date }: { eventId: string; date: string }) {
  const history = useCompletionHistory(eventId, date);
  const undone = (history.data?.completions ?? []).filter((completion) => completion.undoneAt);
  if (undone.length === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">Undone completions (kept on record)</h4>
      <ul className="space-y-2 text-sm">
        {undone.map((completion) => (
          <li key={completion.id} className="rounded-md border border-slate-200 p-3">
            <p>
              Done by {completion.doneByName} on {formatDateTime(completion.doneAt)}; undone
              {completion.undoneByName ? ` by ${completion.undoneByName}` : ''} on{' '}
              {formatDateTime(completion.undoneAt!)}.
            </p>
            {completion.evidenceNote && (
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{completion.evidenceNote}</p>
            )}
            {completion.evidenceUrl && (
              <p className="mt-1 break-all text-slate-700">{completion.evidenceUrl}</p>
            )}
            {completion.file && (
              <a
                href={completionFileHref(eventId, completion.id)}
                className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <Paperclip aria-hidden="true" className="size-4" />
                {completion.file.fileName}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One due date of an event: what it is, who owns it, and whether (and how) it was done. */
export function EventDetail({
  eventId,
  date,
  onEdit,
  onDeleted,
}: {
  eventId: string;
  date: string;
  onEdit: (event: CalendarEvent) => void;
  onDeleted: () => void;
}) {
  const event = useCalendarEvent(eventId);
  const day = useOccurrences({ from: date, to: date });
  const reopen = useReopenOccurrence(eventId, date);
  return (
    <QueryState query={event} loading="Loading the event">
      {(data) => (
        <QueryState query={day} loading="Loading the event">
          {(dayData) => (
            <EventDetailBody
              data={data}
              day={dayData}
              date={date}
              reopen={reopen}
              onEdit={onEdit}
              onDeleted={onDeleted}
            />
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

function EventDetailBody({
  data,
  day,
  date,
  reopen,
  onEdit,
  onDeleted,
}: {
  data: CalendarEvent;
  day: OccurrencesResponse;
  date: string;
  reopen: ReturnType<typeof useReopenOccurrence>;
  onEdit: (event: CalendarEvent) => void;
  onDeleted: () => void;
}) {
  const eventId = data.id;
  const occurrence = day.occurrences.find((item) => item.eventId === eventId);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>{KIND_LABELS[data.kind]}</span>
        {data.area && (
          <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
            {REGULATION_AREA_INFO[data.area].tag}
          </span>
        )}
        {occurrence && <OccurrenceStatus occurrence={occurrence} today={day.today} />}
      </div>
      {data.confidential && (
        <Alert>
          <span className="inline-flex items-start gap-2">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Confidential SAR deadline. Only its owner, the member who added it, managers and
              administrators see it; it is left out of calendar downloads and subscriptions, and its
              reminders say only “BSA filing deadline”. Do not disclose a SAR, or anything that
              would reveal one exists.
            </span>
          </span>
        </Alert>
      )}
      {!occurrence && (
        <Alert>
          {formatShortDay(date)} is not one of this event’s due dates (it may have changed).
        </Alert>
      )}
      {!data.appliesToInstitution && (
        <Alert>
          Your institution’s profile says this deadline does not apply to you
          {data.applicabilityNote ? ` (${data.applicabilityNote})` : ''}. Delete it if so.
        </Alert>
      )}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-900">Due</dt>
          <dd>{formatShortDay(date)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Repeats</dt>
          <dd>{describeRecurrence(data.rrule)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Owner</dt>
          <dd>{data.ownerName ?? 'No owner (reminders go to the administrators)'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Reminders</dt>
          <dd>
            {data.reminderDays.length === 0
              ? 'None'
              : data.reminderDays
                  .map((days) =>
                    days === 0 ? 'on the day' : `${days} day${days === 1 ? '' : 's'} before`,
                  )
                  .join(', ')}
          </dd>
        </div>
        {data.citation && (
          <div className="sm:col-span-2">
            <dt className="font-medium text-slate-900">Citation</dt>
            <dd>
              <Citations citations={data.citation} />
            </dd>
          </div>
        )}
        {data.applicabilityNote && (
          <div className="sm:col-span-2">
            <dt className="font-medium text-slate-900">Applies to</dt>
            <dd>{data.applicabilityNote}</dd>
          </div>
        )}
      </dl>
      {data.description && (
        <p className="text-sm whitespace-pre-wrap text-slate-900">{data.description}</p>
      )}

      {occurrence && (
        <section
          aria-labelledby="completion-heading"
          className="space-y-3 border-t border-slate-200 pt-4"
        >
          <h3 id="completion-heading" className="text-base font-semibold text-slate-900">
            Completion
          </h3>
          {reopen.isError && (
            <Alert variant="destructive">
              {userFacingMessage(reopen.error, 'The due date could not be reopened.')}
            </Alert>
          )}
          {occurrence.completion ? (
            <div className="space-y-2 text-sm">
              <p>
                Done by {occurrence.completion.doneByName} on{' '}
                {formatDateTime(occurrence.completion.doneAt)}.
              </p>
              {occurrence.completion.evidenceNote && (
                <p className="whitespace-pre-wrap">{occurrence.completion.evidenceNote}</p>
              )}
              {occurrence.completion.evidenceUrl && (
                <a
                  href={occurrence.completion.evidenceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium break-all text-brand-700 underline"
                >
                  <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                  {occurrence.completion.evidenceUrl}
                </a>
              )}
              {occurrence.completion.file && (
                <p>
                  <a
                    href={evidenceFileHref(data.id, date)}
                    className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
                  >
                    <Paperclip aria-hidden="true" className="size-4" />
                    {occurrence.completion.file.fileName}
                  </a>
                </p>
              )}
              {data.canComplete && (
                <ConfirmButton
                  label="Undo “done”"
                  size="sm"
                  title={`Undo “done” for ${formatShortDay(date)}?`}
                  description={`“${data.title}” will be open again for ${formatShortDay(date)}${
                    date < day.today ? ', and overdue' : ''
                  }. This completion and its evidence are kept, marked undone by you, and listed under this due date.`}
                  confirmLabel="Undo “done”"
                  busy={reopen.isPending}
                  onConfirm={() =>
                    reopen.mutate(undefined, {
                      onSuccess: () =>
                        toast.success('Marked not done; the completion and its evidence are kept.'),
                    })
                  }
                />
              )}
            </div>
          ) : data.canComplete ? (
            <CompletionForm event={data} date={date} />
          ) : (
            <p className="text-sm text-slate-700">
              Not done yet. Its owner, a manager or an administrator can mark it done.
            </p>
          )}
          <UndoneCompletions eventId={data.id} date={date} />
        </section>
      )}

      <section
        aria-labelledby="discussion-heading"
        className="space-y-3 border-t border-slate-200 pt-4"
      >
        <h3 id="discussion-heading" className="text-base font-semibold text-slate-900">
          Discussion
        </h3>
        <Discussion subject={{ type: 'calendar_event', id: data.id }} />
      </section>

      {data.canEdit && (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={() => onEdit(data)}>
            Edit event
          </Button>
          <DeleteButton event={data} onDeleted={onDeleted} />
        </div>
      )}
    </div>
  );
}
