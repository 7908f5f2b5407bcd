/**
 * Every API route declares who may call it (`config.access`); a route without a declaration
 * stops the server from starting. The accounts and plans capabilities add the signed-in,
 * subscription, plan, feature and role requirements and the preHandler that enforces them.
 */
export type RouteAccess = { kind: 'public' };

export const PUBLIC: RouteAccess = { kind: 'public' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
