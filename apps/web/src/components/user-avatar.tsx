import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { displayName, initials } from '@/lib/session';

/** The user's picture, or their initials on the brand colour. */
export function UserAvatar({ session, size = 40 }: { session: SessionResponse; size?: number }) {
  const name = displayName(session);
  if (session.user.image) {
    return (
      <img
        src={session.user.image}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials(name)}
    </span>
  );
}
