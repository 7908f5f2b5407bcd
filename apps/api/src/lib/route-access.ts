import type { AccessRequirement } from '@complivue/shared/access';

/**
 * Every API route declares who may call it (`config.access`) with a requirement from the one
 * access table in packages/shared; a route without a declaration stops the server from
 * starting, and one preHandler (modules/auth/access.ts) enforces it.
 */
export {
  PUBLIC,
  SIGNED_IN,
  SUBSCRIBED,
  requireAll,
  requireFeature,
  requirePlan,
  requireRole,
} from '@complivue/shared/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRequirement;
  }
}
