import {
  adminCompaniesResponseSchema,
  adminCompanySchema,
  adminUsersResponseSchema,
  auditLogResponseSchema,
  featureMatrixResponseSchema,
  featureMatrixRowSchema,
  outboxResponseSchema,
} from '@complivue/shared/schemas/admin';
import type { z } from 'zod';
import { ticketListResponseSchema } from '@complivue/shared/schemas/support';
import { apiRequest } from '@/lib/api-client';

const pageQuery = (query: string, page: number) =>
  `?${new URLSearchParams({ ...(query ? { query } : {}), page: String(page) })}`;

export const findCompanies = (query: string, page: number) =>
  apiRequest(`/api/admin/companies${pageQuery(query, page)}`, {
    schema: adminCompaniesResponseSchema,
  });

export const findUsers = (query: string, page: number) =>
  apiRequest(`/api/admin/users${pageQuery(query, page)}`, { schema: adminUsersResponseSchema });

export const findOutbox = (page: number) =>
  apiRequest(`/api/admin/email-outbox${pageQuery('', page)}`, { schema: outboxResponseSchema });

export const findAuditLog = (query: string, page: number) =>
  apiRequest(`/api/admin/audit-log${pageQuery(query, page)}`, { schema: auditLogResponseSchema });

export const getFeatureMatrix = () =>
  apiRequest('/api/admin/feature-matrix', { schema: featureMatrixResponseSchema });

export const setFeatureAccess = (row: z.infer<typeof featureMatrixRowSchema>) =>
  apiRequest('/api/admin/feature-matrix', {
    method: 'PUT',
    body: row,
    schema: featureMatrixRowSchema,
  });

export const setCompanySubscription = (
  companyId: string,
  body: {
    planName: string;
    status: string;
    currentPeriodEnd?: string | null;
    trialEnd?: string | null;
  },
) =>
  apiRequest(`/api/admin/companies/${companyId}/subscription`, {
    method: 'PUT',
    body,
    schema: adminCompanySchema,
  });

/** Tickets waiting for support, for the console's Support tab. */
export const findWaitingTickets = () =>
  apiRequest('/api/support/tickets?status=open', { schema: ticketListResponseSchema });
