import { ACCESS_MESSAGES, decideAccess, type AccessRequirement } from '@complivue/shared/access';
import type { FeatureName } from '@complivue/shared/features';
import {
  checkFeatureAccess,
  findCompanySubscription,
} from '../subscriptions/company-subscription.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { session } from '@complivue/db/schema/auth';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { loadMembership, forwardSetCookies, toFetchHeaders, type AuthContext } from './session.ts';

/**
 * The live session of the request, or null. better-auth validates the signed cookie, drops an
 * expired or revoked session, and extends an active one (its new cookie is forwarded).
 */
export async function loadAuthContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthContext | null> {
  const { headers, response } = await app.auth.api.getSession({
    headers: toFetchHeaders(request),
    returnHeaders: true,
  });
  forwardSetCookies(reply, headers);
  if (!response) return null;
  const { profile, company } = await loadMembership(app.database.db, response.user);
  // Deactivation deletes the member's sessions; this also covers one created in between.
  if (profile.status === 'deactivated') return null;
  // The institution's session length (Settings › Security) may be shorter than the platform's.
  if (company && sessionOutlived(response.session.createdAt, company.sessionLifetimeHours)) {
    await app.database.db.delete(session).where(eq(session.id, response.session.id));
    return null;
  }
  return { user: response.user, sessionId: response.session.id, profile, company };
}

/** Whether a session begun at `createdAt` is older than the institution allows. */
export function sessionOutlived(createdAt: Date, lifetimeHours: number, now = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() > lifetimeHours * 3_600_000;
}

/**
 * While an institution requires two-factor authentication, a member without it may only reach
 * what enrolling needs: their session and account security, their profile, their notifications,
 * and reading the subscription (which the pages' guards check). Tested on the route the router
 * matched, never on the raw URL, so no encoding of the path changes the decision.
 */
const TWO_FACTOR_ENROLMENT_ROUTES =
  /^\/api\/(?:(?:auth|profile|notifications)(?:\/|\?|$)|subscription(?:\?|$))/;

function needsFeatureCheck(requirement: AccessRequirement): FeatureName[] {
  if (requirement.kind === 'feature') return [requirement.feature];
  if (requirement.kind === 'all') return requirement.of.flatMap(needsFeatureCheck);
  return [];
}

function needsSubscription(requirement: AccessRequirement): boolean {
  if (requirement.kind === 'all') return requirement.of.some(needsSubscription);
  return ['subscription', 'plan', 'feature'].includes(requirement.kind);
}

/**
 * Enforces each route's declared access: the only place that decides who may call what. The
 * decision is the shared `decideAccess`; feature grants are confirmed by the database's
 * `check_feature_access`, and a check that fails or errors denies.
 */
export function registerAccessControl(app: FastifyInstance): void {
  // Before validation: a caller without access learns nothing from the schema's messages.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const context = await loadAuthContext(app, request, reply);
    if (!context) throw new AppError('unauthorized');
    const { profile } = context;
    if (profile.status !== 'active' && profile.role !== 'super_admin') {
      throw new AppError('account_inactive');
    }
    if (
      context.company?.requireTwoFactor &&
      !context.user.twoFactorEnabled &&
      !TWO_FACTOR_ENROLMENT_ROUTES.test(request.routeOptions.url ?? '')
    ) {
      throw new AppError('two_factor_required');
    }
    const subscription = needsSubscription(access)
      ? await findCompanySubscription(app.database.db, profile.companyId)
      : null;
    let decision = decideAccess(access, { role: profile.role, subscription });
    if (decision.allowed && profile.role !== 'super_admin') {
      for (const feature of needsFeatureCheck(access)) {
        if (!(await checkFeatureAccess(app.database.db, context.user.id, feature))) {
          decision = {
            allowed: false,
            code: 'feature_unavailable',
            message: ACCESS_MESSAGES.feature_unavailable,
            needed: feature,
            current: subscription?.planName ?? null,
          };
          break;
        }
      }
    }
    if (!decision.allowed) {
      throw new AppError(decision.code, decision.message, {
        needed: decision.needed ?? null,
        current: decision.current ?? null,
      });
    }
    request.auth = { ...context, subscription };
  });
}

export type AuthContextWithCompany = AuthContext & { company: NonNullable<AuthContext['company']> };

/** The caller of a route whose access is not public (the preHandler guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}
