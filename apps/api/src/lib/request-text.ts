import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import { AppError } from './app-error.ts';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

const MAX_DEPTH = 64;

/**
 * Where the first NUL character is in a request value (a JSON pointer such as `/body/name`), or
 * null. PostgreSQL cannot store NUL in text, so a NUL that reached a query failed there as a
 * server error; it is refused here, for every route, before any schema or handler sees it.
 */
export function findNulCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '/' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '\\u0000')}`;
    const found = findNulCharacter(item, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function nulRefusal(path: string): AppError {
  return AppError.validationFailed([{ path, message: NUL_MESSAGE }], NUL_MESSAGE);
}

/**
 * The zod validator of every route (fastify-type-provider-zod), with one refinement shared by
 * all of them: no string anywhere in the input holds a NUL character.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  return (data) => {
    const path = findNulCharacter(data);
    if (path !== null) return { error: nulRefusal(path) };
    return validate(data);
  };
};

/**
 * A `%00` in the path or query string, refused even on routes without a schema for that part
 * (a raw NUL byte never gets past Node's HTTP parser).
 */
export function assertNoEncodedNul(url: string): void {
  if (/%00/i.test(url)) throw nulRefusal('/url');
}
