import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_ATTACHMENTS_PER_MESSAGE,
  SUPPORT_MESSAGES,
} from '@complivue/shared/schemas/support';
import { useId } from 'react';
import { formatBytes } from '@/lib/format-bytes';

const ACCEPT = SUPPORT_ATTACHMENT_TYPES.map((type) => `.${type.extension}`).join(',');

/** What the server would refuse, told before the upload starts (the server checks again). */
export function attachmentProblem(files: File[]): string | null {
  if (files.length > SUPPORT_ATTACHMENTS_PER_MESSAGE) return SUPPORT_MESSAGES.too_many_attachments;
  if (files.some((file) => file.size > SUPPORT_ATTACHMENT_MAX_BYTES)) {
    return SUPPORT_MESSAGES.attachment_too_large;
  }
  return null;
}

/** The multipart body the API reads: text fields, then the files as `attachments`. */
export function ticketForm(fields: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append('attachments', file);
  return form;
}

export function AttachmentInput({
  files,
  onChange,
}: {
  files: File[];
  onChange: (files: File[]) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        Attachments (optional)
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPT}
        aria-describedby={hintId}
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Up to {SUPPORT_ATTACHMENTS_PER_MESSAGE} files of 10 MB each: PDF, images, Word, Excel, CSV
        or text. Leave out borrowers&apos; personal information.
      </p>
      {files.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`}>
              {file.name} ({formatBytes(file.size)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
