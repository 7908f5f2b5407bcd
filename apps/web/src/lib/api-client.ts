import type { ErrorCode } from '@complivue/shared/error-catalogue';
import {
  apiErrorSchema,
  CLIENT_ERROR_MESSAGES,
  type ClientErrorCode,
} from '@complivue/shared/errors';
import type { z } from 'zod';

/** A code of the API's error catalogue, or of a failure that never got an error answer. */
export type ApiClientErrorCode = ErrorCode | ClientErrorCode;

export class ApiClientError extends Error {
  constructor(
    readonly code: ApiClientErrorCode,
    message: string,
    readonly status: number | null,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** How a request is sent: method, body, a bounded wait. */
export interface ApiSendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Bounded wait: a request that takes longer fails with code `timeout`. */
  timeoutMs?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

export interface ApiRequestOptions<Schema extends z.ZodType> extends ApiSendOptions {
  /** The shared zod schema of the response; the answer is parsed, never trusted blindly. */
  schema: Schema;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Sends a request same-origin with cookies and answers the response when it succeeded; a
 * failure (timeout, network, an error answer) becomes an `ApiClientError` whose `message` is fit
 * to show the user.
 */
async function send(path: string, options: ApiSendOptions & { accept: string }): Promise<Response> {
  const { method = 'GET', body, timeoutMs = DEFAULT_TIMEOUT_MS, fetchImpl = fetch } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  // A FormData body (a file upload) goes as multipart; the browser sets its boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: options.accept,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) {
      throw new ApiClientError('timeout', CLIENT_ERROR_MESSAGES.timeout, null);
    }
    if (options.signal?.aborted) throw error;
    throw new ApiClientError('network_error', CLIENT_ERROR_MESSAGES.network_error, null);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      // The API answers only catalogue codes (apps/api/src/lib/app-error.ts).
      throw new ApiClientError(code as ErrorCode, message, response.status, details);
    }
    throw new ApiClientError(
      'http_error',
      `HTTP error! status: ${response.status}`,
      response.status,
    );
  }
  return response;
}

/**
 * The one way the web app calls the API for data: JSON in and out, the answer parsed with the
 * shared schema, failures as `send` makes them.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<Schema>,
): Promise<z.infer<Schema>> {
  const response = await send(path, { ...options, accept: 'application/json' });
  const payload: unknown = await response.json().catch(() => undefined);
  return options.schema.parse(payload);
}

/**
 * A file the API answers with (a CSV, a PDF): the successful response itself, to read as a
 * blob with its headers; failures are the same `ApiClientError`s as `apiRequest`'s.
 */
export function apiDownload(path: string, options: ApiSendOptions = {}): Promise<Response> {
  return send(path, { ...options, accept: '*/*' });
}

/**
 * What to tell the user about a failed request: the first field message of a validation
 * failure when there is one (it names what to fix), else the error's own message.
 */
export function userFacingMessage(caught: unknown, fallback: string): string {
  if (caught instanceof ApiClientError) {
    const first: unknown = Array.isArray(caught.details) ? caught.details[0] : undefined;
    const detail =
      first && typeof first === 'object' && 'message' in first ? first.message : undefined;
    return typeof detail === 'string' ? detail : caught.message;
  }
  return caught instanceof Error ? caught.message : fallback;
}
