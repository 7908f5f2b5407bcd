import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { MAX_AVATAR_BYTES, PROFILE_MESSAGES } from '@complivue/shared/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { sessionQueryKey } from '@/lib/session';
import { UserAvatar } from '@/components/user-avatar';
import { ApiClientError } from '@/lib/api-client';
import { removeAvatar, uploadAvatar } from './api.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

export function AvatarEditor({ session }: { session: SessionResponse }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function setImage(image: string | null) {
    queryClient.setQueryData<SessionResponse | null>(sessionQueryKey, (current) =>
      current ? { ...current, user: { ...current.user, image } } : current,
    );
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError(PROFILE_MESSAGES.avatar_type);
    if (file.size > MAX_AVATAR_BYTES) return setError(PROFILE_MESSAGES.avatar_size);
    setError(null);
    setBusy(true);
    try {
      setImage((await uploadAvatar(file)).image);
    } catch (caught) {
      setError(caught instanceof ApiClientError ? caught.message : PROFILE_MESSAGES.avatar_type);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await removeAvatar();
      setImage(null);
    } finally {
      setBusy(false);
    }
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
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={remove}>
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
