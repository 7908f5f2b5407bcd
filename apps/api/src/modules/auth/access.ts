import { ROLE_LABELS, hasRoleAtLeast } from '@complivue/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  ensureProfile,
  findCompany,
  forwardSetCookies,
  toFetchHeaders,
  type AuthContext,
} from './session.ts';

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
  const profile = await ensureProfile(app.database.db, response.user);
  const company = await findCompany(app.database.db, profile.companyId);
  return { user: response.user, sessionId: response.session.id, profile, company };
}

/** Enforces each route's declared access; the only place that decides who may call what. */
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const context = await loadAuthContext(app, request, reply);
    if (!context) throw AppError.generic(401, 'unauthorized');
    const { profile } = context;
    if (profile.status !== 'active' && profile.role !== 'super_admin') {
      throw new AppError(
        403,
        'account_inactive',
        'Your account is not active. Contact your administrator.',
      );
    }
    if (access.kind === 'role' && !hasRoleAtLeast(profile.role, access.role)) {
      throw new AppError(
        403,
        'role_required',
        `This requires the ${ROLE_LABELS[access.role]} role; your role is ${ROLE_LABELS[profile.role]}.`,
        { needed: access.role, current: profile.role },
      );
    }
    request.auth = context;
  });
}

/** The caller of a route whose access is not public (the preHandler guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.generic(401, 'unauthorized');
  return request.auth;
}
