import {
  okResponseSchema,
  sessionResponseSchema,
  signUpResponseSchema,
} from '@complivue/shared/schemas/auth';
import {
  acceptInvitationRequestSchema,
  createInvitationRequestSchema,
  invitationPreviewSchema,
  invitationsResponseSchema,
  invitationTokenSchema,
} from '@complivue/shared/schemas/team';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { PUBLIC, requireRole, SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor, requireCaller } from '../auth/actor.ts';
import { signInNewAccount } from '../auth/sign-in.ts';
import { toSessionResponse } from '../auth/session.ts';
import { requireCompanyId } from '../companies/institution.ts';
import { acceptAsSignedIn, acceptWithNewAccount } from './invitation-acceptance.ts';
import {
  createInvitation,
  getInvitationByToken,
  listOpenInvitations,
  resendInvitation,
  revokeInvitation,
  type Inviter,
} from './invitations.ts';

const ADMIN = requireRole('admin');

/** The administrator who invites, as the invitation services take them. */
function inviterOf(request: FastifyRequest): Inviter {
  const auth = requireAuth(request);
  return { ...requireActor(request), name: auth.profile.fullName ?? auth.user.email };
}
const sentResponseSchema = z.object({ id: z.string(), delivered: z.boolean() });
const invitationParams = z.object({ invitationId: z.uuid() });
const tokenBody = z.object({ token: invitationTokenSchema });

/** Invitations: sent by a company's administrators, accepted through the emailed link. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/team/invitations',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: 'Invitations not yet accepted or revoked (expired ones can be resent)',
        response: { 200: invitationsResponseSchema },
      },
    },
    async (request) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      return { items: await listOpenInvitations(db, companyId) };
    },
  );

  app.post(
    '/api/team/invitations',
    {
      config: { access: ADMIN, rateLimit: 'invite' },
      schema: {
        tags: ['team'],
        summary: 'Invite someone by email with a role: a single-use link valid for 7 days',
        body: createInvitationRequestSchema,
        response: { 201: sentResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = inviterOf(request);
      await enforceRateLimit(request);
      const sent = await createInvitation(app.deps, { actor, ...request.body });
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/api/team/invitations/:invitationId/resend',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: 'Send a new link (the previous one stops working), valid for another 7 days',
        params: invitationParams,
        response: { 200: sentResponseSchema },
      },
    },
    async (request) => {
      return resendInvitation(app.deps, {
        actor: inviterOf(request),
        invitationId: request.params.invitationId,
      });
    },
  );

  app.post(
    '/api/team/invitations/:invitationId/revoke',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['team'],
        summary: 'Revoke an invitation: its link stops working and its seat is freed',
        params: invitationParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await revokeInvitation(app.deps, {
        actor: inviterOf(request),
        invitationId: request.params.invitationId,
      });
      return { ok: true as const };
    },
  );

  // The token travels in bodies, never in API URLs (which reach logs and proxies).
  app.post(
    '/api/invitations/preview',
    {
      config: { access: PUBLIC, rateLimit: 'invitation' },
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link offers: institution, role, email, expiry',
        body: tokenBody,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(request);
      const found = await getInvitationByToken(db, request.body.token);
      return {
        companyName: found.companyName,
        email: found.invitation.email,
        role: found.invitation.role,
        invitedByName: found.invitedByName,
        expiresAt: found.invitation.expiresAt.toISOString(),
        accountExists: found.accountExists,
      };
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { access: PUBLIC, rateLimit: 'invitation' },
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation with a new account (name and password); signs you in',
        body: acceptInvitationRequestSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(request);
      const { userId, email } = await acceptWithNewAccount(
        { db, auth: app.auth },
        { origin: requestOrigin(request), ...request.body },
      );
      const context = await signInNewAccount(app, request, reply, {
        userId,
        email,
        password: request.body.password,
      });
      return reply
        .status(201)
        .send({ session: toSessionResponse(context), redirectTo: '/dashboard' });
    },
  );

  app.post(
    '/api/invitations/accept-signed-in',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation sent to the email of the account you are signed in to',
        body: tokenBody,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const accepted = await acceptAsSignedIn(app.deps, {
        caller: requireCaller(request),
        email: auth.user.email,
        token: request.body.token,
      });
      return toSessionResponse({ ...auth, ...accepted });
    },
  );
};
