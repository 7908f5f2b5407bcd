import { z } from 'zod';
import { isWellFormedCitation } from './citations.ts';
import { INSTITUTION_TYPES } from './institutions.ts';
import { REGULATION_AREAS } from './regulation-areas.ts';

export { LIBRARY_ARTICLE_COUNT, LIBRARY_RULE_COUNT } from './library-claims.ts';

export const RULE_FREQUENCIES = [
  'per_loan',
  'per_event',
  'quarterly',
  'annual',
  'ongoing',
] as const;
export type RuleFrequency = (typeof RULE_FREQUENCIES)[number];

export const RULE_FREQUENCY_LABELS: Record<RuleFrequency, string> = {
  per_loan: 'Per loan',
  per_event: 'Per event',
  quarterly: 'Quarterly',
  annual: 'Annual',
  ongoing: 'Ongoing',
};

/** Stable rule ids: an area prefix, a topic and a number ("TRID-LE-001", "BSA-CTR-002"). */
export const RULE_ID_PATTERN = /^[A-Z]{2,6}-[A-Z]{2,6}-\d{3}$/;
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const isoDay = z.iso.date();
const citation = z.string().refine(isWellFormedCitation, {
  message:
    'Write citations as "12 CFR 1026.19(e)(1)(iii)", "12 CFR part 1003" or "42 U.S.C. 4012a".',
});

/**
 * Who an article or rule applies to. Institution types are the company profile's; the note
 * says in words what the profile cannot express (thresholds, products), and is shown as written.
 */
export const applicabilitySchema = z.object({
  institutionTypes: z.array(z.enum(INSTITUTION_TYPES)).min(1),
  /** Only institutions that report HMDA data (Regulation C coverage tests). */
  hmdaReportersOnly: z.boolean().default(false),
  note: z.string().min(1).max(400).optional(),
});
export type Applicability = z.infer<typeof applicabilitySchema>;

export const libraryRuleSourceSchema = z.object({
  id: z.string().regex(RULE_ID_PATTERN),
  /**
   * A short name for the rule (4 to 10 words), the rule page's heading: written only from its
   * own requirement, never adding a fact, number or deadline the requirement does not state.
   */
  title: z
    .string()
    .trim()
    .min(10)
    .max(100)
    .refine((title) => /^\S+(\s+\S+){3,9}$/.test(title), {
      message: 'Name the rule in 4 to 10 words.',
    }),
  citation,
  /** One sentence: what the institution must do. */
  requirement: z.string().min(20).max(400),
  frequency: z.enum(RULE_FREQUENCIES),
  /** What an examiner would expect to see as proof. */
  evidence: z.string().min(20).max(600),
  /** Only when narrower than the article's. */
  applicability: applicabilitySchema.optional(),
});
export type LibraryRuleSource = z.infer<typeof libraryRuleSourceSchema>;

/** The front matter of one library article (`packages/db/content/library/<area>/<slug>.md`). */
export const libraryArticleSourceSchema = z.object({
  slug: z.string().regex(ARTICLE_SLUG_PATTERN).max(100),
  title: z.string().min(10).max(160),
  area: z.enum(REGULATION_AREAS),
  summary: z.string().min(40).max(600),
  citations: z.array(citation).min(1),
  effectiveDate: isoDay,
  lastReviewed: isoDay,
  applicability: applicabilitySchema,
  rules: z.array(libraryRuleSourceSchema).min(1),
});
export type LibraryArticleSource = z.infer<typeof libraryArticleSourceSchema>;

/** App paths of library documents, for links in search results, chat answers and reports. */
export const libraryArticlePath = (slug: string) => `/compliance/articles/${slug}`;
export const libraryRulePath = (ruleId: string) => `/compliance/rules/${ruleId}`;
