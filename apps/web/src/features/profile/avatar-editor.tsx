import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { MAX_AVATAR_BYTES, PROFILE_MESSAGES } from '@complivue/shared/schemas/profile';
import { useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { ApiClientError, userFacingMessage } from '@/lib/api-client';
import { useRemoveAvatar, useUploadAvatar } from './api.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

export function AvatarEditor({ session }: { session: SessionResponse }) {
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;
  // The file is checked here first (type and size), as the server checks it, to spare the upload.
  const error =
    refusal ??
    (upload.error
      ? upload.error instanceof ApiClientError
        ? upload.error.message
        : PROFILE_MESSAGES.avatar_type
      : remove.error
        ? userFacingMessage(remove.error, 'The picture could not be removed.')
        : null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.reset();
    remove.reset();
    if (!ACCEPTED.includes(file.type)) return setRefusal(PROFILE_MESSAGES.avatar_type);
    if (file.size > MAX_AVATAR_BYTES) return setRefusal(PROFILE_MESSAGES.avatar_size);
    setRefusal(null);
    upload.mutate(file);
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar session={session} size={64} />
      <div className="space-y-2">
        <div className="flex gap-2">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {session.user.image ? 'Change picture' : 'Upload picture'}
          </Button>
          {session.user.image && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => {
                upload.reset();
                remove.mutate();
              }}
            >
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-600">PNG, JPEG or WebP, up to 2 MB.</p>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={choose}
        />
        {error && <Alert variant="destructive">{error}</Alert>}
      </div>
    </div>
  );
}
