import {
  riskDetailSchema,
  riskListResponseSchema,
  riskMembersSchema,
  riskTemplateListSchema,
  type ControlRequest,
  type CreateRiskRequest,
  type RiskDetail,
  type UpdateRiskRequest,
} from '@complivue/shared/schemas/risks';
import { riskSignalsResponseSchema } from '@complivue/shared/schemas/risk-signals';
import {
  assessmentOverviewSchema,
  assessmentVersionSchema,
  riskTrendResponseSchema,
  type ApproveAssessmentRequest,
  type ReturnAssessmentRequest,
  type SubmitAssessmentRequest,
} from '@complivue/shared/schemas/risk-assessment';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { RiskPageFilters } from './use-risk-filters.ts';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const risksQueryKey = ['risks'] as const;
const riskQueryKey = (riskId: string) => [...risksQueryKey, 'detail', riskId];

/** The filters the server applies (the heat-map cell is the page's own). */
function filterParams(filters: RiskPageFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.area) params.set('area', filters.area);
  if (filters.product) params.set('product', filters.product);
  if (filters.status) params.set('status', filters.status);
  if (filters.owner) params.set('owner', filters.owner);
  if (filters.notRated) params.set('notRated', 'true');
  return params;
}

/** The register as CSV under the list's filters (the heat-map cell is the page's own). */
export const exportHref = (filters: RiskPageFilters) => {
  const params = filterParams(filters).toString();
  return `/api/risks/export.csv${params ? `?${params}` : ''}`;
};

export function useRisks(filters: RiskPageFilters) {
  const params = filterParams(filters);
  return useQuery({
    queryKey: [...risksQueryKey, 'list', params.toString()],
    queryFn: () => apiRequest(`/api/risks?${params}`, { schema: riskListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useRisk(riskId: string | null) {
  return useQuery({
    queryKey: riskQueryKey(riskId ?? ''),
    queryFn: () => apiRequest(`/api/risks/${riskId}`, { schema: riskDetailSchema }),
    enabled: Boolean(riskId),
  });
}

/**
 * What the institution's own records say per regulation area. Not under `risksQueryKey`: a
 * change to the register does not change them, and they are read from four other features.
 */
export function useRiskSignals() {
  return useQuery({
    queryKey: ['risk-signals'],
    queryFn: () => apiRequest('/api/risks/signals', { schema: riskSignalsResponseSchema }),
    staleTime: 30_000,
  });
}

/** The register's daily snapshots of the last 90 days (the trend of residual risk). */
export function useRiskTrend() {
  return useQuery({
    queryKey: [...risksQueryKey, 'trend'],
    queryFn: () => apiRequest('/api/risks/trend?days=90', { schema: riskTrendResponseSchema }),
  });
}

export function useRiskMembers() {
  return useQuery({
    queryKey: [...risksQueryKey, 'members'],
    queryFn: () => apiRequest('/api/risks/members', { schema: riskMembersSchema }),
    staleTime: 60_000,
  });
}

export function useRiskTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [...risksQueryKey, 'templates'],
    queryFn: () => apiRequest('/api/risks/templates', { schema: riskTemplateListSchema }),
    enabled,
  });
}

/** After a write: the register, the heat map and the starter set read again. */
function useRefreshRisks() {
  const queryClient = useQueryClient();
  return (detail?: RiskDetail) => {
    if (detail) queryClient.setQueryData(riskQueryKey(detail.id), detail);
    return queryClient.invalidateQueries({
      queryKey: risksQueryKey,
      predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'members',
    });
  };
}

/** A write; one that answers with the risk (`answersWithRisk`) also fills its detail. */
function useRiskWrite<Variables, Result>(
  write: (variables: Variables) => Promise<Result>,
  answersWithRisk?: (result: Result) => RiskDetail,
) {
  const refresh = useRefreshRisks();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => refresh(answersWithRisk?.(result)),
  });
}

const sameRisk = (detail: RiskDetail) => detail;

const detailRequest = (path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
  apiRequest(path, { method, body, schema: riskDetailSchema });

export const useCreateRisk = () =>
  useRiskWrite((body: CreateRiskRequest) =>
    apiRequest('/api/risks', { method: 'POST', body, schema: z.object({ id: z.string() }) }),
  );

export const useUpdateRisk = (riskId: string) =>
  useRiskWrite(
    (changes: UpdateRiskRequest) => detailRequest(`/api/risks/${riskId}`, 'PATCH', changes),
    sameRisk,
  );

export const useDeleteRisk = (riskId: string) =>
  useRiskWrite(() =>
    apiRequest(`/api/risks/${riskId}`, { method: 'DELETE', schema: z.undefined() }),
  );

export const useAddControl = (riskId: string) =>
  useRiskWrite(
    (body: ControlRequest) => detailRequest(`/api/risks/${riskId}/controls`, 'POST', body),
    sameRisk,
  );

export const useUpdateControl = (riskId: string) =>
  useRiskWrite(
    ({ controlId, body }: { controlId: string; body: ControlRequest }) =>
      detailRequest(`/api/risks/${riskId}/controls/${controlId}`, 'PUT', body),
    sameRisk,
  );

export const useRemoveControl = (riskId: string) =>
  useRiskWrite(
    (controlId: string) => detailRequest(`/api/risks/${riskId}/controls/${controlId}`, 'DELETE'),
    sameRisk,
  );

export const useAdoptTemplates = () =>
  useRiskWrite((keys: string[]) =>
    apiRequest('/api/risks/templates/adopt', {
      method: 'POST',
      body: { keys },
      schema: z.object({ adopted: z.array(z.string()) }),
    }),
  );

const assessmentQueryKey = [...risksQueryKey, 'assessment'] as const;

/** Where the assessment stands, and its versions (newest first). */
export function useAssessment() {
  return useQuery({
    queryKey: assessmentQueryKey,
    queryFn: () => apiRequest('/api/risks/assessment', { schema: assessmentOverviewSchema }),
  });
}

/** One version; an approved one with the register as it was approved. */
export function useAssessmentVersion(version: number | null) {
  return useQuery({
    queryKey: [...assessmentQueryKey, 'version', version],
    queryFn: () =>
      apiRequest(`/api/risks/assessment/versions/${version}`, { schema: assessmentVersionSchema }),
    enabled: version !== null,
  });
}

/** A step of the approval; the answer is the new overview. */
function useAssessmentStep<Variables>(path: (variables: Variables) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables & { body?: unknown }) =>
      apiRequest(path(variables), {
        method: 'POST',
        body: variables.body,
        schema: assessmentOverviewSchema,
      }),
    onSuccess: (overview) => {
      queryClient.setQueryData(assessmentQueryKey, overview);
      return queryClient.invalidateQueries({ queryKey: [...assessmentQueryKey, 'version'] });
    },
  });
}

export const useSubmitAssessment = () =>
  useAssessmentStep<{ body: SubmitAssessmentRequest }>(() => '/api/risks/assessment/submit');

export const useDecideAssessment = () =>
  useAssessmentStep<{
    version: number;
    decision: 'approve' | 'return';
    body: ApproveAssessmentRequest | ReturnAssessmentRequest;
  }>(({ version, decision }) => `/api/risks/assessment/versions/${version}/${decision}`);

export const useReopenAssessment = () =>
  useAssessmentStep<object>(() => '/api/risks/assessment/reopen');

/** The exam-ready report of the register as it stands, or of an approved version. */
export const assessmentReportHref = (version?: number) =>
  `/api/risks/assessment.pdf${version ? `?version=${version}` : ''}`;
