import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../lib/api-client.ts';
import { signInErrorMessage, signUpErrorMessage } from './auth-errors.ts';

describe('signUpErrorMessage', () => {
  it.each([
    [
      new ApiClientError('network_error', 'x', null),
      'Network connection issue. Please check your internet connection and try again.',
    ],
    [new ApiClientError('timeout', 'x', null), 'Request timed out. Please try again.'],
    [
      new ApiClientError('internal_error', 'x', 500),
      'Signup failed due to a server error. Please try again later.',
    ],
    [
      new ApiClientError('http_error', 'x', 502),
      'Server error occurred. Please try again in a few minutes.',
    ],
    [new ApiClientError('http_error', 'x', 404), 'Signup failed. Please try again later.'],
    [new ApiClientError('duplicate_email', 'Server says so', 409), 'Server says so'],
    [new Error('boom'), 'An unexpected error occurred during signup. Please try again later.'],
  ])('maps %o', (error, message) => {
    expect(signUpErrorMessage(error)).toBe(message);
  });
});

describe('signInErrorMessage', () => {
  it('shows the server message, else the fallbacks', () => {
    expect(
      signInErrorMessage(
        new ApiClientError('invalid_credentials', 'Invalid email or password', 401),
      ),
    ).toBe('Invalid email or password');
    expect(signInErrorMessage(new ApiClientError('http_error', 'x', 502))).toBe(
      'Failed to sign in',
    );
    expect(signInErrorMessage(new ApiClientError('network_error', 'x', null))).toBe(
      'An error occurred during sign in',
    );
  });
});
