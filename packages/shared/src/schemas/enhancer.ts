import { z } from 'zod';
import { isWellFormedCitation } from '../citations.ts';
import { ARTICLE_SLUG_PATTERN } from '../library.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';

export const ENHANCER_MESSAGES = {
  not_found: 'This article does not exist or is not yours to edit.',
  slug_taken: 'Your institution already has an article at this address. Choose another.',
  has_errors: 'Fix the errors the checks list before publishing.',
  version_not_found: 'This version does not exist.',
} as const;

const citationList = z
  .array(
    z.string().trim().refine(isWellFormedCitation, {
      message:
        'Write citations as "12 CFR 1026.19(e)(1)(iii)", "12 CFR part 1003" or "42 U.S.C. 4012a".',
    }),
  )
  .max(60);

/** What an editor saves as a new version of an article. */
export const articleVersionInputSchema = z.object({
  title: z.string().trim().min(10, 'Give the article a title of at least 10 characters.').max(160),
  summary: z.string().trim().min(1, 'Write a summary.').max(600),
  body: z.string().min(1, 'Write the article.').max(100_000),
  citations: citationList,
  lastReviewed: z.iso.date('Enter the last reviewed date.'),
  note: z.string().trim().max(300).optional(),
});
export type ArticleVersionInput = z.infer<typeof articleVersionInputSchema>;

export const createArticleRequestSchema = articleVersionInputSchema.extend({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(ARTICLE_SLUG_PATTERN, 'Use lowercase letters, digits and dashes for the address.')
    .max(100),
  area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
});

export const editableArticleSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  area: z.enum(REGULATION_AREAS),
  status: z.enum(['draft', 'published']),
  version: z.number().int(),
  latestVersion: z.number().int(),
  shared: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type EditableArticle = z.infer<typeof editableArticleSchema>;

export const editableArticlesResponseSchema = z.object({ items: z.array(editableArticleSchema) });

export const articleVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  citations: z.array(z.string()),
  lastReviewed: z.iso.date(),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ArticleVersion = z.infer<typeof articleVersionSchema>;

export const articleDiffSchema = z.object({
  against: z.number().int().nullable(),
  added: z.number().int(),
  removed: z.number().int(),
  parts: z.array(z.object({ kind: z.enum(['added', 'removed', 'same']), text: z.string() })),
});

export const enhancerArticleSchema = editableArticleSchema.extend({
  versions: z.array(articleVersionSchema.omit({ body: true, summary: true, citations: true })),
  latest: articleVersionSchema,
  /** The latest version against the one before it. */
  diff: articleDiffSchema,
});
export type EnhancerArticle = z.infer<typeof enhancerArticleSchema>;

export const previewRequestSchema = z.object({ body: z.string().max(100_000) });
export const previewResponseSchema = z.object({ html: z.string() });
