import {
  editableArticlesResponseSchema,
  enhancerArticleSchema,
  previewResponseSchema,
  type ArticleVersionInput,
} from '@complivue/shared/schemas/enhancer';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const enhancerQueryKey = ['enhancer'] as const;

export function useEditableArticles() {
  return useQuery({
    queryKey: [...enhancerQueryKey, 'list'],
    queryFn: () => apiRequest('/api/enhancer/articles', { schema: editableArticlesResponseSchema }),
  });
}

export function useEnhancerArticle(articleId: string | null) {
  return useQuery({
    queryKey: [...enhancerQueryKey, 'article', articleId],
    queryFn: () =>
      apiRequest(`/api/enhancer/articles/${articleId}`, { schema: enhancerArticleSchema }),
    enabled: articleId !== null,
  });
}

export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleVersionInput & { slug: string; area: RegulationArea }) =>
      apiRequest('/api/enhancer/articles', {
        method: 'POST',
        body: input,
        schema: enhancerArticleSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enhancerQueryKey }),
  });
}

export function useSaveVersion(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleVersionInput) =>
      apiRequest(`/api/enhancer/articles/${articleId}/versions`, {
        method: 'POST',
        body: input,
        schema: enhancerArticleSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...enhancerQueryKey, 'article', articleId], saved);
      await queryClient.invalidateQueries({ queryKey: enhancerQueryKey });
    },
  });
}

/** Publishing changes what the library shows, too. */
export function usePublishVersion(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest(`/api/enhancer/articles/${articleId}/versions/${version}/publish`, {
        method: 'POST',
        schema: enhancerArticleSchema,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: enhancerQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
}

/** The markdown rendered by the server exactly as the library renders it. */
export const usePreviewMarkdown = () =>
  useMutation({
    mutationFn: (body: string) =>
      apiRequest('/api/enhancer/preview', {
        method: 'POST',
        body: { body },
        schema: previewResponseSchema,
      }),
  });
