import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/access.ts';
import { requireDatedActor } from '../auth/actor.ts';
import type { DiscussionActor } from './comments.service.ts';

/** The member, with the day their due dates use and the subscription their pages need. */
export function discussionActorOf(request: FastifyRequest): DiscussionActor {
  return {
    ...requireDatedActor(request),
    subscription: requireAuth(request).subscription ?? null,
  };
}
