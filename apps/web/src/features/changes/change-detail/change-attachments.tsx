import {
  CHANGE_ATTACHMENT_MAX_BYTES,
  CHANGE_MESSAGES,
  type ChangeDetail,
} from '@complivue/shared/schemas/changes';
import { Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { attachmentHref, useRemoveAttachment, useUploadAttachment } from '../api.ts';

/** The change's files: each links to its download; a file is attached as soon as it is chosen. */
export function ChangeAttachments({
  change,
  canRemove,
  disabled,
}: {
  change: ChangeDetail;
  canRemove: (uploadedBy: string | null) => boolean;
  disabled: boolean;
}) {
  const upload = useUploadAttachment(change.id);
  const remove = useRemoveAttachment(change.id);
  const [inputKey, setInputKey] = useState(0);
  const [tooLarge, setTooLarge] = useState(false);
  const busy = upload.isPending || remove.isPending;
  const failed = upload.error ?? remove.error;
  const error = tooLarge
    ? CHANGE_MESSAGES.attachment_too_large
    : failed
      ? userFacingMessage(
          failed,
          upload.error ? 'The file could not be attached.' : 'The file could not be removed.',
        )
      : null;

  function attach(file: File | undefined) {
    if (!file) return;
    remove.reset();
    // The server's limit, said before 25 MB travel for nothing.
    setTooLarge(file.size > CHANGE_ATTACHMENT_MAX_BYTES);
    if (file.size > CHANGE_ATTACHMENT_MAX_BYTES) return;
    upload.mutate(file, { onSettled: () => setInputKey((key) => key + 1) });
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
                  onClick={() => {
                    upload.reset();
                    setTooLarge(false);
                    remove.mutate(file.id);
                  }}
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
                onChange={(event) => attach(event.target.files?.[0])}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900"
              />
            )}
          </FormField>
        </div>
      )}
    </div>
  );
}
