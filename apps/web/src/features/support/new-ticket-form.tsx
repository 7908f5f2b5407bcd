import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  type SupportCategory,
  type SupportPriority,
} from '@complivue/shared/schemas/support';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useAsyncAction } from '@/lib/use-async-action';
import { openTicket, supportQueryKey } from './api.ts';
import { AttachmentInput, attachmentProblem, ticketForm } from './attachment-input.tsx';
import { ticketPath } from './ticket-path.ts';

/** A new support ticket: subject, category, priority, description and attachments. */
export function NewTicketForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategory>('technical');
  const [priority, setPriority] = useState<SupportPriority>('normal');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const { busy, error, setError, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = attachmentProblem(files);
    if (problem) {
      setError(problem);
      return;
    }
    const form = ticketForm({ subject, category, priority, description }, files);
    await run(async () => {
      const created = await openTicket(form);
      await queryClient.invalidateQueries({ queryKey: supportQueryKey });
      toast.success(`Ticket ${created.number} is open. We will answer here and by email.`);
      await navigate(ticketPath(created.id));
    }, 'The ticket could not be sent.');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New support ticket">
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="Subject">
        {({ id }) => (
          <Input
            id={id}
            required
            maxLength={150}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category">
          {({ id }) => (
            <Select
              id={id}
              value={category}
              onChange={(event) => setCategory(event.target.value as SupportCategory)}
            >
              {SUPPORT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {SUPPORT_CATEGORY_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Priority">
          {({ id }) => (
            <Select
              id={id}
              value={priority}
              onChange={(event) => setPriority(event.target.value as SupportPriority)}
            >
              {SUPPORT_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {SUPPORT_PRIORITY_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label="Description"
        hint="What you did, what you expected and what happened instead. At least 20 characters."
      >
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            rows={6}
            required
            maxLength={10_000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </FormField>
      <AttachmentInput files={files} onChange={setFiles} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send ticket'}
        </Button>
      </div>
    </form>
  );
}
