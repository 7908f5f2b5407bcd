import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a strict Content-Security-Policy, and an Origin check on every
 * state-changing request: a browser always sends Origin on them, so a request from another site
 * is refused before it reaches a handler (cookies are SameSite=Lax as a second line).
 *
 * The check does not look at the path at all. Deciding on the raw URL ("does it start with
 * /api/?") was bypassed by `/%61pi/…`, which the router decodes to `/api/…`; no page of ours
 * takes a cross-site POST, so every path is checked and no spelling of a path can escape.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { appUrl: string; consentScriptUrls: (string | undefined)[] },
): Promise<void> {
  const { appUrl } = options;
  // Scripts the operator configured for consenting visitors (analytics, advertising pixel):
  // their origins, and only theirs, are allowed beside our own.
  const consentOrigins = options.consentScriptUrls
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...consentOrigins],
        // Radix positions popovers with inline style attributes; no inline <script> is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...consentOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...consentOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  const trustedOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return; // not a browser: API clients, server-to-server webhooks
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== trustedOrigin && origin !== ownOrigin) {
      throw new AppError('forbidden_origin');
    }
  });
}
