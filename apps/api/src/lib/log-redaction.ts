import type { FastifyRequest } from 'fastify';

const SECRET_PARAMETERS = /([?&](?:token|code|secret)=)[^&#]*/gi;

/**
 * A URL fit for the log: the values of `token`, `code` and `secret` parameters (password-reset
 * and invitation links) are replaced, so that reading the logs never yields a working link.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
