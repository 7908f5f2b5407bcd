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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../lib/route-access.ts';
import { requireCaller } from '../auth/actor.ts';
import { findAdminCompanies, findAdminUsers, findAuditLog, findOutbox } from './admin.queries.ts';
import { findFeatureMatrix, setCompanySubscription, setFeatureAccess } from './admin.service.ts';

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
    async (request) =>
      setCompanySubscription(app.deps, {
        caller: requireCaller(request),
        companyId: request.params.companyId,
        input: request.body,
      }),
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
    async () => ({ rows: await findFeatureMatrix(app.deps) }),
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
    async (request) =>
      setFeatureAccess(app.deps, { caller: requireCaller(request), row: request.body }),
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
