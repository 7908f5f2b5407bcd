import { sessionResponseSchema } from '@complivue/shared/schemas/auth';
import {
  companyProfileSchema,
  createCompanyRequestSchema,
  updateCompanyProfileRequestSchema,
} from '@complivue/shared/schemas/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { SIGNED_IN, SUBSCRIBED, requireAll, requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor, requireCaller } from '../auth/actor.ts';
import { toSessionResponse } from '../auth/session.ts';
import { companyExportArchive } from './company-export.ts';
import {
  findCompanyProfile,
  toSecuritySettings,
  updateCompanyProfile,
  updateNotificationDefaults,
  updateSecuritySettings,
} from './company-profile.ts';
import {
  deleteCompanyRequestSchema,
  securitySettingsSchema,
  updateSecuritySettingsSchema,
} from '@complivue/shared/schemas/company-settings';
import {
  notificationPreferencesSchema,
  resolveNotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import { clearSessionCookies } from '../auth/session.ts';
import { createOwnCompany } from './company-creation.ts';
import { requireCompanyId } from './institution.ts';
import { deleteCompany } from './company-deletion.ts';
import { recomputeCompanyRelevance } from '../feeds/feed-relevance.ts';

/**
 * What only /settings uses (security settings, notification defaults): that page's subscription
 * guard (docs/product.md § Route requirements) and the admin role. The profile (also edited in
 * onboarding, which needs only a sign-in), the export and the deletion (leaving never needs a
 * subscription) are admin-only.
 */
const SETTINGS_ADMIN = requireAll(requireRole('admin'), SUBSCRIBED);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/companies',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['companies'],
        summary:
          'Create your institution (for an account without one): you become its administrator and its 14-day trial starts',
        body: createCompanyRequestSchema,
        response: { 201: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const result = await createOwnCompany(app.deps, {
        caller: requireCaller(request),
        company: request.body,
      });
      return reply.status(201).send(toSessionResponse({ ...auth, ...result }));
    },
  );

  app.get(
    '/api/company',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['companies'],
        summary: "Your institution's profile (type, size, regulator, states, regulation areas)",
        response: { 200: companyProfileSchema },
      },
    },
    async (request) => {
      const companyId = requireCompanyId(requireAuth(request).profile.companyId);
      const profile = await findCompanyProfile(app.database.db, companyId);
      if (!profile) throw new AppError('no_company');
      return profile;
    },
  );

  app.patch(
    '/api/company',
    {
      config: { access: requireRole('admin') },
      schema: {
        tags: ['companies'],
        summary: "Change your institution's profile (administrators); every change is audited",
        body: updateCompanyProfileRequestSchema,
        response: { 200: companyProfileSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const profile = await updateCompanyProfile(app.deps, { actor, changes: request.body });
      if (!profile) throw new AppError('no_company');
      // The feed's relevance scores read the profile (type, regulator, areas): kept in step.
      await recomputeCompanyRelevance(app.database.db, actor.companyId);
      return profile;
    },
  );

  app.get(
    '/api/company/settings',
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        tags: ['companies'],
        summary: "Your institution's security settings (two-factor, session length, email domains)",
        response: { 200: securitySettingsSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      requireCompanyId(auth.profile.companyId);
      return toSecuritySettings(auth.company!);
    },
  );

  app.patch(
    '/api/company/settings',
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        tags: ['companies'],
        summary: 'Change the security settings (administrators); audited with before and after',
        body: updateSecuritySettingsSchema,
        response: { 200: securitySettingsSchema },
      },
    },
    async (request) => {
      return updateSecuritySettings(app.deps, {
        actor: requireActor(request),
        changes: request.body,
      });
    },
  );

  app.get(
    '/api/company/export',
    {
      config: { access: requireRole('admin') },
      schema: {
        tags: ['companies'],
        summary:
          "All of your institution's data as a ZIP of CSV and JSON files (streamed; audited)",
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const companyId = requireCompanyId(auth.profile.companyId);
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'company.exported',
        actorUserId: auth.user.id,
        companyId,
        targetType: 'company',
        targetId: companyId,
      });
      const { stream } = await companyExportArchive(app.database.db, {
        companyId,
        exportedBy: auth.user.email,
        exporter: {
          userId: auth.user.id,
          name: auth.profile.fullName ?? auth.user.email,
          role: auth.profile.role,
        },
        appUrl: app.env.APP_URL,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="complivue-export-${day}.zip"`)
        .send(stream);
    },
  );

  app.get(
    '/api/company/notification-defaults',
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        tags: ['companies'],
        summary: 'The notification preferences members follow until they choose their own',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      requireCompanyId(auth.profile.companyId);
      return resolveNotificationPreferences(auth.company!.notificationDefaults);
    },
  );

  app.put(
    '/api/company/notification-defaults',
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        tags: ['companies'],
        summary:
          'Set the notification defaults (administrators): they apply to every member who has not chosen their own',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await updateNotificationDefaults(app.deps, {
        actor: requireActor(request),
        before: resolveNotificationPreferences(auth.company!.notificationDefaults),
        defaults: request.body,
      });
      return request.body;
    },
  );

  app.delete(
    '/api/company',
    {
      config: { access: requireRole('admin') },
      schema: {
        tags: ['companies'],
        summary:
          'Delete your institution and every member account after typing its name (administrators); the audit trail is kept for its retention',
        body: deleteCompanyRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteCompany(app.deps, {
        actor: requireActor(request),
        confirmName: request.body.confirmName,
      });
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );
};
