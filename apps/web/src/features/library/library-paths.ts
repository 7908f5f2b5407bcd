import type { RuleFilter } from '@complivue/shared/compliance-score';
import { libraryArticlePath, libraryRulePath } from '@complivue/shared/library';

export const articlePath = libraryArticlePath;
export const rulePath = libraryRulePath;

/** An article with its rule list narrowed to the rules one count counts. */
export const articleRulesPath = (slug: string, filter: RuleFilter) =>
  `${libraryArticlePath(slug)}?rules=${filter}`;
