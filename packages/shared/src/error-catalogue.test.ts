import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DenialCode } from './access.ts';
import type { ChangeTransitionDecision } from './change-workflow.ts';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from './error-catalogue.ts';
import type { ValidationFailure } from './schemas/auth.ts';

const entries = Object.entries(ERROR_CATALOGUE);

describe('error catalogue', () => {
  it('gives every code a 4xx or 5xx status and a sentence to show', () => {
    for (const [code, entry] of entries) {
      expect(Number.isInteger(entry.status), code).toBe(true);
      expect(entry.status >= 400 && entry.status <= 599, code).toBe(true);
      expect(entry.message.trim(), code).not.toBe('');
    }
  });

  it('names codes in snake_case', () => {
    for (const [code] of entries) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('has one code for every rate limit: 429 rate_limit', () => {
    expect(entries.filter(([, entry]) => entry.status === 429).map(([code]) => code)).toEqual([
      'rate_limit',
    ]);
    expect(isErrorCode('rate_limited')).toBe(false);
  });

  it('has one code for field validation, a JSON body or a form alike', () => {
    expect(ERROR_CATALOGUE.validation_failed.status).toBe(400);
    expect(isErrorCode('validation_error')).toBe(false);
  });

  it('answers a missing session 401 and every other access denial 403', () => {
    const denials: Record<DenialCode, number> = {
      unauthorized: 401,
      role_required: 403,
      subscription_required: 403,
      upgrade_required: 403,
      trial_expired: 403,
      feature_unavailable: 403,
    };
    for (const [code, status] of Object.entries(denials)) {
      expect(ERROR_CATALOGUE[code as DenialCode].status, code).toBe(status);
    }
  });

  it('covers the codes shared rules hand to the API', () => {
    expectTypeOf<DenialCode>().toExtend<ErrorCode>();
    expectTypeOf<ValidationFailure['code']>().toExtend<ErrorCode>();
    expectTypeOf<
      Extract<ChangeTransitionDecision, { allowed: false }>['code']
    >().toExtend<ErrorCode>();
    expect(ERROR_CATALOGUE.transition_role_required.status).toBe(403);
    expect(ERROR_CATALOGUE.transition_not_allowed.status).toBe(409);
    expect(ERROR_CATALOGUE.open_tasks.status).toBe(409);
  });
});
