import { describe, expect, it } from 'vitest';
import { toAppError } from './error-handler.ts';

const fastifyError = (statusCode: number, code = 'FST_SOMETHING') =>
  Object.assign(new Error('from a plugin'), { statusCode, code });

describe('toAppError', () => {
  it("answers another layer's 429 with the one rate-limit code", () => {
    expect(toAppError(fastifyError(429))).toMatchObject({ statusCode: 429, code: 'rate_limit' });
  });

  it('keeps the status of a client error it has no code for', () => {
    expect(toAppError(fastifyError(406))).toMatchObject({ statusCode: 406, code: 'bad_request' });
  });

  it('maps Fastify body errors to catalogue codes and anything else to a 500', () => {
    expect(toAppError(fastifyError(400, 'FST_ERR_CTP_INVALID_JSON_BODY'))).toMatchObject({
      statusCode: 400,
      code: 'invalid_json',
    });
    expect(toAppError(new Error('boom'))).toMatchObject({
      statusCode: 500,
      code: 'internal_error',
    });
  });
});
