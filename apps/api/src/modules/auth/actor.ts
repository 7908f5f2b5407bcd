import { todayIn } from '@complivue/shared/calendar-days';
import type { FastifyRequest } from 'fastify';
import { requestOrigin, type Actor, type Caller } from '../../lib/actor.ts';
import { requireCompanyId } from '../companies/institution.ts';
import { requireAuth } from './access.ts';

/**
 * The member of an institution who makes this request, as a service takes it: the handler's
 * one step from HTTP to the actor context (a caller without an institution gets `no_company`).
 */
export function requireActor(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return {
    companyId: requireCompanyId(auth.profile.companyId),
    actorUserId: auth.user.id,
    role: auth.profile.role,
    ...requestOrigin(request),
  };
}

/** The signed-in caller of this request, who may be the platform operator (no institution). */
export function requireCaller(request: FastifyRequest): Caller {
  const auth = requireAuth(request);
  return {
    companyId: auth.profile.companyId,
    actorUserId: auth.user.id,
    role: auth.profile.role,
    ...requestOrigin(request),
  };
}

/**
 * The member as the services that keep histories take them: with the name the history shows
 * and the day in their time zone that due and review dates are measured against.
 */
export interface DatedActor extends Actor {
  name: string;
  /** YYYY-MM-DD in the member's time zone. */
  today: string;
}

export function requireDatedActor(request: FastifyRequest): DatedActor {
  const auth = requireAuth(request);
  return {
    ...requireActor(request),
    name: auth.profile.fullName ?? auth.user.email,
    today: todayIn(auth.profile.timezone),
  };
}
