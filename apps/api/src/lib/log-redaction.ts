import type { FastifyRequest } from 'fastify';

const SECRET_PARAMETERS = /([?&](?:token|code|secret)=)[^&#]*/gi;
/** A calendar subscription URL carries its secret in the path. */
const FEED_TOKEN_PATH = /(\/api\/calendar\/feed\/)[^/?#]+/g;

/**
 * A URL fit for the log: the values of `token`, `code` and `secret` parameters (password-reset
 * and invitation links) and calendar subscription tokens are replaced, so that reading the logs
 * never yields a working link.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]').replace(FEED_TOKEN_PATH, '$1[redacted]');
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
