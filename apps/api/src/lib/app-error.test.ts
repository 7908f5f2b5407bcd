import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE } from '@complivue/shared/error-catalogue';
import { describe, expect, it } from 'vitest';
import { AppError, fieldIssues } from './app-error.ts';

const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('AppError', () => {
  it("takes its status and default message from the code's catalogue entry", () => {
    const error = new AppError('duplicate_email');
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(ERROR_CATALOGUE.duplicate_email.message);
    expect(new AppError('not_found', 'That person was not found.')).toMatchObject({
      statusCode: 404,
      code: 'not_found',
      message: 'That person was not found.',
    });
  });

  it('answers a rate limit 429 rate_limit with whole seconds to wait', () => {
    const error = AppError.rateLimited(4.2, 'Slow down.');
    expect(error).toMatchObject({ statusCode: 429, code: 'rate_limit', message: 'Slow down.' });
    expect(error.retryAfterSeconds).toBe(5);
    expect(AppError.rateLimited(0).retryAfterSeconds).toBe(1);
  });

  it('lists field issues as JSON pointers, as body validation does', () => {
    const error = AppError.validationFailed(
      fieldIssues([{ path: ['subject'], message: 'Enter a subject.' }]),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: ERROR_CATALOGUE.validation_failed.message,
      details: [{ path: '/subject', message: 'Enter a subject.' }],
    });
  });

  it('is never given a status by the code that throws it', () => {
    // The compiler refuses `new AppError(404, …)` already; this keeps JavaScript-shaped
    // shortcuts (a status then a code) from coming back in any form.
    const others = sourceFiles(SOURCE_ROOT).filter((file) => file !== THIS_FILE);
    const offenders = others.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return /new AppError\(\s*\d/.test(text) ||
        /AppError\.(generic|notFound|tooManyRequests)\(/.test(text)
        ? [relative(SOURCE_ROOT, file)]
        : [];
    });
    expect(offenders).toEqual([]);
  });

  it('keeps a foreign status only in the error handler', () => {
    const users = sourceFiles(SOURCE_ROOT)
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(file, 'utf8').includes('AppError.clientError('))
      .map((file) => relative(SOURCE_ROOT, file));
    expect(users).toEqual(['plugins/error-handler.ts']);
  });
});
