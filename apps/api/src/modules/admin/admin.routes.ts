import { featureAccessMatrix, subscriptions } from '@complivue/db/schema/subscriptions';
import { companies } from '@complivue/db/schema/companies';
import {
  adminCompaniesResponseSchema,
  adminCompanySchema,
  adminUsersResponseSchema,
  auditLogResponseSchema,
  featureMatrixResponseSchema,
  featureMatrixRowSchema,
  outboxResponseSchema,
  pageQuerySchema,
  setCompanySubscriptionRequestSchema,
} from '@complivue/shared/schemas/admin';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { findAdminCompanies, findAdminUsers, findAuditLog, findOutbox } from './admin-queries.ts';

const PLATFORM_OPERATOR = requireRole('super_admin');

/** The super-admin console: the platform operator's view across companies. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/admin/companies',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Companies, searched by name, 25 a page',
        querystring: pageQuerySchema,
        response: { 200: adminCompaniesResponseSchema },
      },
    },
    async (request) => findAdminCompanies(db, request.query),
  );

  app.get(
    '/api/admin/users',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Users, searched by email, name or company, 25 a page',
        querystring: pageQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => findAdminUsers(db, request.query),
  );

  app.put(
    '/api/admin/companies/:companyId/subscription',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: "Set a company's plan, status and period by hand (invoiced customers)",
        params: z.object({ companyId: z.uuid() }),
        body: setCompanySubscriptionRequestSchema,
        response: { 200: adminCompanySchema },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const { companyId } = request.params;
      const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
      if (!company) throw new AppError('not_found', 'That company was not found.');
      const date = (value: string | null | undefined) => (value ? new Date(value) : null);
      const values = {
        planName: request.body.planName,
        status: request.body.status,
        planType: request.body.planType ?? null,
        currentPeriodStart: date(request.body.currentPeriodStart),
        currentPeriodEnd: date(request.body.currentPeriodEnd),
        trialEnd: date(request.body.trialEnd),
      };
      const current = await findCompanySubscription(db, companyId);
      if (current) {
        await db
          .update(subscriptions)
          .set({ ...values, metadata: { ...current.metadata, set_by: 'super_admin' } })
          .where(eq(subscriptions.id, current.id));
      } else {
        await db
          .insert(subscriptions)
          .values({ ...values, companyId, metadata: { set_by: 'super_admin' } });
      }
      await recordAudit(db, requestOrigin(request), {
        action: 'subscription.set_by_admin',
        actorUserId: actor.user.id,
        companyId,
        targetType: 'company',
        targetId: companyId,
        before: current
          ? {
              planName: current.planName,
              status: current.status,
              currentPeriodEnd: current.currentPeriodEnd,
              trialEnd: current.trialEnd,
            }
          : null,
        after: values,
      });
      const { items } = await findAdminCompanies(db, { companyId, page: 1 });
      return items[0]!;
    },
  );

  app.get(
    '/api/admin/feature-matrix',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Which plan grants which feature',
        response: { 200: featureMatrixResponseSchema },
      },
    },
    async () => ({
      rows: await db
        .select({
          planName: featureAccessMatrix.planName,
          featureName: featureAccessMatrix.featureName,
          hasAccess: featureAccessMatrix.hasAccess,
        })
        .from(featureAccessMatrix)
        .orderBy(asc(featureAccessMatrix.featureName), asc(featureAccessMatrix.planName)),
    }),
  );

  app.put(
    '/api/admin/feature-matrix',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Grant or withdraw a feature for a plan (upsert on plan and feature)',
        body: featureMatrixRowSchema,
        response: { 200: featureMatrixRowSchema },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const { planName, featureName, hasAccess } = request.body;
      const [before] = await db
        .select()
        .from(featureAccessMatrix)
        .where(
          and(
            eq(featureAccessMatrix.planName, planName),
            eq(featureAccessMatrix.featureName, featureName),
          ),
        );
      await db
        .insert(featureAccessMatrix)
        .values({ planName, featureName, hasAccess })
        .onConflictDoUpdate({
          target: [featureAccessMatrix.planName, featureAccessMatrix.featureName],
          set: { hasAccess, updatedAt: new Date() },
        });
      await recordAudit(db, requestOrigin(request), {
        action: 'feature_matrix.changed',
        actorUserId: actor.user.id,
        targetType: 'feature',
        targetId: `${planName}:${featureName}`,
        before: before ? { hasAccess: before.hasAccess } : null,
        after: { hasAccess },
      });
      return { planName, featureName, hasAccess };
    },
  );

  app.get(
    '/api/admin/email-outbox',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Emails kept because no SMTP server is configured',
        querystring: pageQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => findOutbox(db, request.query.page),
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, searched by action',
        querystring: pageQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
    },
    async (request) => findAuditLog(db, request.query),
  );
};
