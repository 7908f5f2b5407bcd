import type { Role } from '@complivue/shared/roles';
import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log records it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/**
 * Who acts, for which institution, and from where: the one context every service's options
 * carry (DESIGN.md convention 5), so that a service never needs the request to check a role,
 * scope a query or write the audit log.
 */
export interface Actor extends RequestOrigin {
  companyId: string;
  actorUserId: string;
  role: Role;
  /**
   * Set when an automation's action acts (modules/automations): the run whose action this is,
   * so that an event the action causes is one step deeper in the chain (the loop guard).
   */
  cause?: AutomationCause;
}

/** The automation run an action belongs to, and how deep in a chain of runs it is. */
export interface AutomationCause {
  runId: string;
  depth: number;
}

/** The request's origin, read once at the edge; the user agent is kept to 500 characters. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/** Any signed-in caller as a service takes them: the platform operator belongs to no institution. */
export type Caller = Omit<Actor, 'companyId'> & { companyId: string | null };
