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

const CITATION_FORMAT_MESSAGE =
  'Write citations as "12 CFR 1026.19(e)(1)(iii)", "12 CFR part 1003" or "42 U.S.C. 4012a".';

const citationList = z
  .array(z.string().trim().refine(isWellFormedCitation, { message: CITATION_FORMAT_MESSAGE }))
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

const articleSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(ARTICLE_SLUG_PATTERN, 'Use lowercase letters, digits and dashes for the address.')
  .max(100);

export const createArticleRequestSchema = articleVersionInputSchema.extend({
  slug: articleSlug,
  area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
});

/**
 * The article editor: a version's fields as typed (citations one per line, an empty note
 * none), and for a new article (`isNew`) its address and area with the create request's rules.
 */
export const articleEditorFormSchema = (isNew: boolean) =>
  articleVersionInputSchema
    .extend({
      citations: z.string().transform((text, context) => {
        const lines = text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        if (!lines.every(isWellFormedCitation)) {
          context.addIssue({ code: 'custom', message: CITATION_FORMAT_MESSAGE });
        }
        return lines;
      }),
      note: z
        .string()
        .trim()
        .max(300)
        .transform((note) => note || undefined),
      slug: z.string(),
      area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
    })
    .superRefine((fields, context) => {
      const slug = articleSlug.safeParse(fields.slug);
      if (isNew && !slug.success) {
        context.addIssue({
          code: 'custom',
          path: ['slug'],
          message: slug.error.issues[0]!.message,
        });
      }
    });
export type ArticleEditorForm = z.input<ReturnType<typeof articleEditorFormSchema>>;

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
