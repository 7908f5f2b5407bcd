import { healthResponseSchema } from '@complivue/shared/schemas/health';
import { describe, expect, it } from 'vitest';
import { ApiClientError, apiRequest, userFacingMessage } from './api-client.ts';

const json = (status: number, body: unknown) =>
  (async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;

const healthy = { status: 'ok', database: 'pglite', migrations: { applied: 2, latest: '0001_x' } };

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiClientError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('returns the parsed response', async () => {
    const result = await apiRequest('/api/health', {
      schema: healthResponseSchema,
      fetchImpl: json(200, healthy),
    });
    expect(result).toEqual(healthy);
  });

  it("surfaces the server's code and message", async () => {
    const error = await failure(
      apiRequest('/api/x', {
        schema: healthResponseSchema,
        fetchImpl: json(409, { error: { code: 'duplicate_email', message: 'Taken.' } }),
      }),
    );
    expect(error).toMatchObject({ code: 'duplicate_email', message: 'Taken.', status: 409 });
  });

  it('falls back to the HTTP status when the body is not an API error', async () => {
    const error = await failure(
      apiRequest('/api/x', { schema: healthResponseSchema, fetchImpl: json(502, 'bad gateway') }),
    );
    expect(error).toMatchObject({ code: 'http_error', message: 'HTTP error! status: 502' });
  });

  it('reports network_error when the server cannot be reached', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const error = await failure(
      apiRequest('/api/x', { schema: healthResponseSchema, fetchImpl: unreachable }),
    );
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(
      'Network connection issue. Please check your internet connection and try again.',
    );
  });

  it('reports timeout after a bounded wait', async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const error = await failure(
      apiRequest('/api/x', { schema: healthResponseSchema, fetchImpl: hanging, timeoutMs: 20 }),
    );
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'Request timed out. Please try again.',
    });
  });

  it('refuses a response that does not match the schema', async () => {
    await expect(
      apiRequest('/api/health', {
        schema: healthResponseSchema,
        fetchImpl: json(200, { status: 1 }),
      }),
    ).rejects.toThrow();
  });
});

describe('userFacingMessage', () => {
  it('prefers the first field message of a validation failure', () => {
    const error = new ApiClientError('validation_failed', 'Invalid request', 400, [
      { path: 'regulationAreas', message: 'Unknown regulation area' },
    ]);
    expect(userFacingMessage(error, 'fallback')).toBe('Unknown regulation area');
  });

  it("falls back to the error's message, then to the given text", () => {
    expect(userFacingMessage(new ApiClientError('slug_taken', 'Server said no', 409), 'f')).toBe(
      'Server said no',
    );
    expect(userFacingMessage('not an error', 'Could not save')).toBe('Could not save');
  });
});
