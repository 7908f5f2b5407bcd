import {
  policyComparisonSchema,
  policyDetailSchema,
  policyGapReportSchema,
  policyListResponseSchema,
  policyMembersSchema,
  policyVersionDetailSchema,
  type ApprovePolicyRequest,
  type RequestAttestationRequest,
  type ReturnPolicyRequest,
  type UpdatePolicyRequest,
} from '@complivue/shared/schemas/policies';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const policiesQueryKey = ['policies'] as const;

const base = (policyId: string) => `/api/policies/${encodeURIComponent(policyId)}`;
const versionPath = (policyId: string, version: number) => `${base(policyId)}/versions/${version}`;

/** The original file of a version, as uploaded. */
export const policyFileHref = (policyId: string, version: number) =>
  `${versionPath(policyId, version)}/file`;

export function usePolicies() {
  return useQuery({
    queryKey: [...policiesQueryKey, 'list'],
    queryFn: () => apiRequest('/api/policies', { schema: policyListResponseSchema }),
  });
}

/** The gap report's downloads, under the view's area. */
export const policyGapsHref = (format: 'csv' | 'pdf', area: RegulationArea | undefined) =>
  `/api/policies/gaps.${format}${area ? `?area=${area}` : ''}`;

export function usePolicyGaps(area: RegulationArea | undefined) {
  return useQuery({
    queryKey: [...policiesQueryKey, 'gaps', area ?? 'all'],
    queryFn: () =>
      apiRequest(`/api/policies/gaps${area ? `?area=${area}` : ''}`, {
        schema: policyGapReportSchema,
      }),
  });
}

export function usePolicy(policyId: string | null) {
  return useQuery({
    queryKey: [...policiesQueryKey, 'detail', policyId],
    queryFn: () => apiRequest(base(policyId!), { schema: policyDetailSchema }),
    enabled: Boolean(policyId),
  });
}

export function usePolicyVersion(policyId: string | null, version: number | null) {
  return useQuery({
    queryKey: [...policiesQueryKey, 'version', policyId, version],
    queryFn: () =>
      apiRequest(versionPath(policyId!, version!), { schema: policyVersionDetailSchema }),
    enabled: Boolean(policyId) && version !== null,
  });
}

/** Two versions compared section by section: `to` against `from`. */
export function usePolicyComparison(
  policyId: string | null,
  range: { from: number; to: number } | null,
) {
  return useQuery({
    queryKey: [...policiesQueryKey, 'compare', policyId, range?.from, range?.to],
    queryFn: () =>
      apiRequest(`${base(policyId!)}/compare?from=${range!.from}&to=${range!.to}`, {
        schema: policyComparisonSchema,
      }),
    enabled: Boolean(policyId) && range !== null,
  });
}

export function usePolicyMembers() {
  return useQuery({
    queryKey: [...policiesQueryKey, 'members'],
    queryFn: () => apiRequest('/api/policies/members', { schema: policyMembersSchema }),
    staleTime: 60_000,
  });
}

/** A write of this feature: afterwards every policy query is read again. */
function usePolicyWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesQueryKey }),
  });
}

/** A policy's file or pasted text: a file goes as multipart with the fields beside it. */
export interface PolicyUpload {
  fields: Record<string, string>;
  file: File | null;
  text: string | null;
}

function uploadBody({ fields, file, text }: PolicyUpload): unknown {
  if (!file) return { ...fields, text };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}

/** Reading a long PDF takes a few seconds on the server; the upload itself may be 25 MB. */
const UPLOAD_TIMEOUT_MS = 180_000;

export const useCreatePolicy = () =>
  usePolicyWrite((upload: PolicyUpload) =>
    apiRequest('/api/policies', {
      method: 'POST',
      body: uploadBody(upload),
      schema: policyDetailSchema,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
  );

export const useAddPolicyVersion = (policyId: string) =>
  usePolicyWrite((upload: PolicyUpload) =>
    apiRequest(`${base(policyId)}/versions`, {
      method: 'POST',
      body: uploadBody(upload),
      schema: policyDetailSchema,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
  );

export const useUpdatePolicy = (policyId: string) =>
  usePolicyWrite((body: UpdatePolicyRequest) =>
    apiRequest(base(policyId), { method: 'PATCH', body, schema: policyDetailSchema }),
  );

export const useSubmitPolicyVersion = (policyId: string) =>
  usePolicyWrite((version: number) =>
    apiRequest(`${versionPath(policyId, version)}/submit`, {
      method: 'POST',
      schema: policyDetailSchema,
    }),
  );

export const useApprovePolicyVersion = (policyId: string) =>
  usePolicyWrite(({ version, ...body }: ApprovePolicyRequest & { version: number }) =>
    apiRequest(`${versionPath(policyId, version)}/approve`, {
      method: 'POST',
      body,
      schema: policyDetailSchema,
    }),
  );

export const useReturnPolicyVersion = (policyId: string) =>
  usePolicyWrite(({ version, ...body }: ReturnPolicyRequest & { version: number }) =>
    apiRequest(`${versionPath(policyId, version)}/return`, {
      method: 'POST',
      body,
      schema: policyDetailSchema,
    }),
  );

export const useDecidePolicyMatch = (policyId: string) =>
  usePolicyWrite(({ matchId, decision }: { matchId: string; decision: 'confirmed' | 'rejected' }) =>
    apiRequest(`${base(policyId)}/matches/${encodeURIComponent(matchId)}`, {
      method: 'PUT',
      body: { decision },
      schema: z.undefined(),
    }),
  );

export const useAddManualMatch = (policyId: string, version: number) =>
  usePolicyWrite(({ sectionId, ruleId }: { sectionId: string; ruleId: string }) =>
    apiRequest(`${versionPath(policyId, version)}/sections/${sectionId}/matches`, {
      method: 'POST',
      body: { ruleId },
      schema: policyVersionDetailSchema,
    }),
  );

export const useRequestAttestation = (policyId: string) =>
  usePolicyWrite((body: RequestAttestationRequest) =>
    apiRequest(`${base(policyId)}/attestation`, {
      method: 'POST',
      body,
      schema: policyDetailSchema,
    }),
  );

export const useRemindAttestation = (policyId: string) =>
  usePolicyWrite(() =>
    apiRequest(`${base(policyId)}/attestation/remind`, {
      method: 'POST',
      schema: z.object({ reminded: z.number().int() }),
    }),
  );

export const useAcknowledgePolicy = (policyId: string) =>
  usePolicyWrite((version: number) =>
    apiRequest(`${versionPath(policyId, version)}/acknowledge`, {
      method: 'POST',
      schema: policyDetailSchema,
    }),
  );

export function useDeletePolicy(policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(base(policyId), { method: 'DELETE', schema: z.undefined() }),
    // The list is read again; the deleted policy's own queries are dropped, not refetched.
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...policiesQueryKey, 'detail', policyId] });
      await queryClient.invalidateQueries({ queryKey: [...policiesQueryKey, 'list'] });
    },
  });
}
