import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES, normalizeEmail, validatePassword, validateSignUp } from './auth.ts';

const valid = {
  email: 'officer@firstcu.org',
  password: 'correct horse battery',
  fullName: 'Dana Reyes',
  companyName: 'First Community CU',
};

describe('validateSignUp', () => {
  it('accepts a complete sign-up', () => {
    expect(validateSignUp(valid)).toBeNull();
  });

  it.each([
    [{ email: '' }, SIGNUP_MESSAGES.required],
    [{ password: '' }, SIGNUP_MESSAGES.required],
    [{ fullName: '   ' }, SIGNUP_MESSAGES.required],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 'a@b' }, 'Please enter a valid email address'],
    [{ email: 'a b@c.org' }, 'Please enter a valid email address'],
    [{ password: 'short1' }, 'Password must be at least 8 characters long'],
    [{ password: 'password123' }, SIGNUP_MESSAGES.weak_password],
    [{ companyName: ' ' }, SIGNUP_MESSAGES.company_required],
  ])('refuses %o', (change, message) => {
    expect(validateSignUp({ ...valid, ...change })?.message).toBe(message);
  });

  it('checks the email after trimming and lower-casing it', () => {
    expect(validateSignUp({ ...valid, email: '  Officer@FirstCU.org ' })).toBeNull();
    expect(normalizeEmail('  Officer@FirstCU.org ')).toBe('officer@firstcu.org');
  });

  it('calls a password equal to the email weak', () => {
    expect(validatePassword('officer@firstcu.org', 'Officer@FirstCU.org')?.code).toBe(
      'weak_password',
    );
  });
});
