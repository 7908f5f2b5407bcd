import {
  createTicketFieldsSchema,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
} from '@complivue/shared/schemas/support';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { useOpenTicket } from './api.ts';
import { AttachmentInput, attachmentProblem, ticketForm } from './attachment-input.tsx';
import { ticketPath } from './ticket-path.ts';

type TicketFields = z.input<typeof createTicketFieldsSchema>;

/** A new support ticket: subject, category, priority, description and attachments. */
export function NewTicketForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const form = useZodForm(createTicketFieldsSchema, {
    subject: '',
    category: 'technical',
    priority: 'normal',
    description: '',
  });
  const openTicket = useOpenTicket();
  const [files, setFiles] = useState<File[]>([]);

  return (
    <Form
      form={form}
      failure="The ticket could not be sent."
      className="space-y-4"
      aria-label="New support ticket"
      onSubmit={async (fields) => {
        const problem = attachmentProblem(files);
        if (problem) {
          form.setError('root.server', { message: problem });
          return;
        }
        const created = await openTicket.mutateAsync(ticketForm(fields, files));
        toast.success(`Ticket ${created.number} is open. We will answer here and by email.`);
        await navigate(ticketPath(created.id));
      }}
    >
      <TextField<TicketFields> name="subject" label="Subject" required maxLength={150} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<TicketFields> name="category" label="Category">
          {SUPPORT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {SUPPORT_CATEGORY_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField<TicketFields> name="priority" label="Priority">
          {SUPPORT_PRIORITIES.map((value) => (
            <option key={value} value={value}>
              {SUPPORT_PRIORITY_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField<TicketFields>
        name="description"
        label="Description"
        hint="What you did, what you expected and what happened instead. At least 20 characters."
        rows={6}
        required
        maxLength={10_000}
      />
      <AttachmentInput files={files} onChange={setFiles} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Sending…">Send ticket</SubmitButton>
      </div>
    </Form>
  );
}
