import type { SessionResponse } from '@complivue/shared/schemas/auth';

/** SPEC.md §2: profile full name, else the account's name, else the email's local part, else 'User'. */
export function displayName(session: SessionResponse): string {
  return (
    session.profile.fullName?.trim() ||
    session.user.name.trim() ||
    session.user.email.split('@')[0] ||
    'User'
  );
}

export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [name[0]];
  return letters.join('').toUpperCase() || 'U';
}
