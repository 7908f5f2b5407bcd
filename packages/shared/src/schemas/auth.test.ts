import { describe, expect, it } from 'vitest';
import {
  SIGNIN_MESSAGES,
  SIGNUP_MESSAGES,
  normalizeEmail,
  signInFormSchema,
  signUpFormSchema,
  validatePassword,
  validateSignUp,
} from './auth.ts';

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

describe('signUpFormSchema', () => {
  const form = { ...valid, jobTitle: '', institutionType: '', assetsSize: '' };
  const failure = (change: Record<string, string>) => {
    const result = signUpFormSchema.safeParse({ ...form, ...change });
    return result.success
      ? null
      : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('gives validateSignUp’s one message, beside the field it is about', () => {
    expect(failure({ fullName: ' ' })).toEqual([['fullName', SIGNUP_MESSAGES.required]]);
    expect(failure({ password: '' })).toEqual([['password', SIGNUP_MESSAGES.required]]);
    expect(failure({ email: 'a@b', password: 'short' })).toEqual([
      ['email', SIGNUP_MESSAGES.invalid_email],
    ]);
    expect(failure({ password: 'password123' })).toEqual([
      ['password', SIGNUP_MESSAGES.weak_password],
    ]);
    expect(failure({ companyName: '' })).toEqual([
      ['companyName', SIGNUP_MESSAGES.company_required],
    ]);
  });

  it('sends a select left on "Choose…" as nothing', () => {
    const parsed = signUpFormSchema.parse({ ...form, institutionType: 'credit_union' });
    expect(parsed.institutionType).toBe('credit_union');
    expect(parsed.assetsSize).toBeUndefined();
  });
});

describe('signInFormSchema', () => {
  it('asks for both fields with the sign-in message', () => {
    const result = signInFormSchema.safeParse({ email: 'a@b.org', password: '' });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['password'], SIGNIN_MESSAGES.required],
    ]);
  });
});
