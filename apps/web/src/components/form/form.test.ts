import { describe, expect, it } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { fieldFailures } from './form';

const refusal = (details: unknown) =>
  new ApiClientError('validation_failed', 'Check the highlighted fields.', 400, details);

describe('fieldFailures', () => {
  it('names the field of a JSON pointer the API sends as the form names it', () => {
    expect(
      fieldFailures(
        refusal([
          { path: '/email', message: 'Enter a valid email address.' },
          { path: '/tasks/0/title', message: 'Describe the task in at least 2 characters.' },
        ]),
      ),
    ).toEqual([
      { path: 'email', message: 'Enter a valid email address.' },
      { path: 'tasks.0.title', message: 'Describe the task in at least 2 characters.' },
    ]);
  });

  it('leaves out what names no field: the whole body, malformed entries, other errors', () => {
    expect(
      fieldFailures(refusal([{ path: '/', message: 'Body required.' }, { path: '/x' }, null])),
    ).toEqual([]);
    expect(fieldFailures(new Error('network'))).toEqual([]);
  });
});
