import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  articleDetailSchema,
  complianceSummarySchema,
  libraryResponseSchema,
  ruleDetailSchema,
  type RuleDetail,
  type UpdateAssessmentRequest,
} from '@complivue/shared/schemas/library';
import { teamDirectorySchema } from '@complivue/shared/schemas/team';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const libraryQueryKey = ['library'] as const;

export interface LibraryFilters {
  area?: RegulationArea;
  applies: boolean;
  bookmarked: boolean;
}

export function useLibrary(filters: LibraryFilters) {
  const params = new URLSearchParams({
    applies: String(filters.applies),
    bookmarked: String(filters.bookmarked),
  });
  if (filters.area) params.set('area', filters.area);
  return useQuery({
    queryKey: [...libraryQueryKey, 'browse', filters],
    queryFn: () => apiRequest(`/api/library?${params}`, { schema: libraryResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useComplianceSummary() {
  return useQuery({
    queryKey: [...libraryQueryKey, 'summary'],
    queryFn: () =>
      apiRequest('/api/library/compliance-summary', { schema: complianceSummarySchema }),
  });
}

export function useArticle(slug: string) {
  return useQuery({
    queryKey: [...libraryQueryKey, 'article', slug],
    queryFn: () => apiRequest(`/api/library/articles/${slug}`, { schema: articleDetailSchema }),
  });
}

export const ruleQueryKey = (ruleId: string) => [...libraryQueryKey, 'rule', ruleId] as const;

export function useRule(ruleId: string) {
  return useQuery({
    queryKey: ruleQueryKey(ruleId),
    queryFn: () => apiRequest(`/api/library/rules/${ruleId}`, { schema: ruleDetailSchema }),
  });
}

/** The institution's members, to choose an owner (administrators' directory). */
export function useOwnerChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...libraryQueryKey, 'owners'],
    queryFn: () => apiRequest('/api/team/directory', { schema: teamDirectorySchema }),
    enabled,
  });
}

export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ articleId, on }: { articleId: string; on: boolean }) =>
      apiRequest(`/api/library/bookmarks/${articleId}`, {
        method: on ? 'PUT' : 'DELETE',
        schema: okResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey }),
  });
}

/**
 * A write to a rule's assessment: the rule the server answered with is shown, and the article
 * lists, the score and the dashboard (which all read assessments) are read again.
 */
function useRuleWrite<Variables>(
  ruleId: string,
  write: (variables: Variables) => Promise<RuleDetail | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (detail) => {
      if (detail) queryClient.setQueryData(ruleQueryKey(ruleId), detail);
      await queryClient.invalidateQueries({ queryKey: libraryQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useUpdateAssessment = (ruleId: string) =>
  useRuleWrite(ruleId, (changes: UpdateAssessmentRequest) =>
    apiRequest(`/api/library/rules/${ruleId}/assessment`, {
      method: 'PATCH',
      body: changes,
      schema: ruleDetailSchema,
    }),
  );

export const useAddEvidenceLink = (ruleId: string) =>
  useRuleWrite(ruleId, (link: { label: string; url: string }) =>
    apiRequest(`/api/library/rules/${ruleId}/evidence/links`, {
      method: 'POST',
      body: link,
      schema: ruleDetailSchema,
    }),
  );

export const useUploadEvidence = (ruleId: string) =>
  useRuleWrite(ruleId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest(`/api/library/rules/${ruleId}/evidence/files`, {
      method: 'POST',
      body: form,
      schema: ruleDetailSchema,
      timeoutMs: 180_000,
    });
  });

export const useRemoveEvidence = (ruleId: string) =>
  useRuleWrite(ruleId, (evidenceId: string) =>
    apiRequest(`/api/library/evidence/${evidenceId}`, {
      method: 'DELETE',
      schema: okResponseSchema,
    }).then(() => null),
  );

export const reportHref = (format: 'csv' | 'pdf', area?: RegulationArea) =>
  `/api/library/assessments.${format}${area ? `?area=${area}` : ''}`;
