import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { displayName, initials } from './session.ts';

const session = (fullName: string | null, name: string, email: string) =>
  ({ profile: { fullName }, user: { name, email } }) as unknown as SessionResponse;

describe('displayName', () => {
  it('prefers the profile, then the account, then the email, then User', () => {
    expect(displayName(session('Dana Reyes', 'D', 'd@x.org'))).toBe('Dana Reyes');
    expect(displayName(session(null, 'Morgan Lee', 'm@x.org'))).toBe('Morgan Lee');
    expect(displayName(session('  ', '', 'pat.ops@x.org'))).toBe('pat.ops');
    expect(displayName(session(null, '', '@x.org'))).toBe('User');
  });

  it('makes initials from the first and last names', () => {
    expect(initials('Dana Maria Reyes')).toBe('DR');
    expect(initials('pat.ops')).toBe('P');
  });
});
