import type { Role } from '@complivue/shared/roles';

/**
 * Every API route declares who may call it (`config.access`); a route without a declaration
 * stops the server from starting, and one preHandler (modules/auth/access.ts) enforces it.
 * The plans capability adds subscription, plan and feature requirements.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'session' } | { kind: 'role'; role: Role };

export const PUBLIC: RouteAccess = { kind: 'public' };
export const SIGNED_IN: RouteAccess = { kind: 'session' };
export const requireRole = (role: Role): RouteAccess => ({ kind: 'role', role });

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
