import {
  editableArticlesResponseSchema,
  enhancerArticleSchema,
  previewResponseSchema,
  type ArticleVersionInput,
} from '@complivue/shared/schemas/enhancer';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { useQuery } from '@tanstack/react-query';
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

export const createArticle = (
  input: ArticleVersionInput & { slug: string; area: RegulationArea },
) =>
  apiRequest('/api/enhancer/articles', {
    method: 'POST',
    body: input,
    schema: enhancerArticleSchema,
  });

export const saveVersion = (articleId: string, input: ArticleVersionInput) =>
  apiRequest(`/api/enhancer/articles/${articleId}/versions`, {
    method: 'POST',
    body: input,
    schema: enhancerArticleSchema,
  });

export const publishVersion = (articleId: string, version: number) =>
  apiRequest(`/api/enhancer/articles/${articleId}/versions/${version}/publish`, {
    method: 'POST',
    schema: enhancerArticleSchema,
  });

export const previewMarkdown = (body: string) =>
  apiRequest('/api/enhancer/preview', {
    method: 'POST',
    body: { body },
    schema: previewResponseSchema,
  });
