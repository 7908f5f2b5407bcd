import { POLICY_FILE_MAX_BYTES, POLICY_FILE_TYPES } from '@complivue/shared/policies';
import {
  POLICY_MESSAGES,
  POLICY_UPLOAD_ACCEPT,
  policyFormSchema,
  type PolicyForm,
  type PolicyMembers,
} from '@complivue/shared/schemas/policies';
import { useState } from 'react';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField, TextareaField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import type { PolicyUpload } from './api.ts';

const TYPE_NAMES = POLICY_FILE_TYPES.map((type) => type.label).join(', ');

/**
 * The policy as a file or as pasted text (Markdown headings make its sections). A new policy
 * also asks its title and owner; a new version asks what changed.
 */
export function PolicyUploadForm({
  kind,
  members = [],
  onSubmit,
  onCancel,
}: {
  kind: 'policy' | 'version';
  members?: PolicyMembers['members'];
  onSubmit: (upload: PolicyUpload) => Promise<unknown>;
  onCancel: () => void;
}) {
  // A new version keeps its policy's title: the schema's title check is met by a placeholder.
  const form = useZodForm(policyFormSchema, {
    title: kind === 'version' ? 'New version' : '',
    note: '',
    ownerId: '',
    text: '',
  });
  const [source, setSource] = useState<'file' | 'text'>('file');
  const [file, setFile] = useState<File | null>(null);
  return (
    <Form
      form={form}
      aria-label={kind === 'policy' ? 'Add a policy' : 'Add a version'}
      failure="The policy could not be read."
      className="space-y-4"
      onSubmit={async ({ title, note, ownerId, text }) => {
        const chosen = source === 'file' ? file : null;
        const pasted = source === 'text' ? text.trim() : '';
        if (!chosen && !pasted) {
          form.setError('root.server', { message: POLICY_MESSAGES.file_or_text });
          return;
        }
        // The server's limit, said before 25 MB travel for nothing.
        if (chosen && chosen.size > POLICY_FILE_MAX_BYTES) {
          form.setError('root.server', { message: POLICY_MESSAGES.file_too_large });
          return;
        }
        const fields: Record<string, string> = { note };
        if (kind === 'policy') {
          fields.title = title;
          if (ownerId) fields.ownerId = ownerId;
        }
        await onSubmit({ fields, file: chosen, text: chosen ? null : pasted });
      }}
    >
      {kind === 'policy' && (
        <>
          <TextField<PolicyForm> name="title" label="Title" maxLength={200} autoComplete="off" />
          <SelectField<PolicyForm> name="ownerId" label="Owner">
            <option value="">Unassigned</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">The policy’s text</legend>
        <div className="flex flex-wrap gap-4 text-sm text-slate-900">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="policy-source"
              className="size-4 accent-brand-700"
              checked={source === 'file'}
              onChange={() => setSource('file')}
            />
            Upload a file
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="policy-source"
              className="size-4 accent-brand-700"
              checked={source === 'text'}
              onChange={() => setSource('text')}
            />
            Paste the text
          </label>
        </div>
        {source === 'file' ? (
          <FormField
            label="Policy file"
            hint={`${TYPE_NAMES}; up to 25 MB. Headings (Word heading styles, numbered or Markdown headings) make the sections.`}
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                type="file"
                accept={POLICY_UPLOAD_ACCEPT}
                aria-describedby={describedBy}
                onChange={(change) => setFile(change.target.files?.[0] ?? null)}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900"
              />
            )}
          </FormField>
        ) : (
          <TextareaField<PolicyForm>
            name="text"
            label="Text"
            hint="Markdown: a line starting with # is a heading, ## a sub-heading."
            rows={10}
          />
        )}
      </fieldset>
      <TextareaField<PolicyForm>
        name="note"
        label={kind === 'policy' ? 'Note (optional)' : 'What changed'}
        rows={2}
        maxLength={2000}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Reading the policy…">
          {kind === 'policy' ? 'Add policy' : 'Add version'}
        </SubmitButton>
      </div>
    </Form>
  );
}
