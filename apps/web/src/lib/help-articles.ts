import { useEffect, useMemo, useState } from 'react';
import { logWarning } from './log.ts';

export const HELP_CATEGORIES = [
  'getting-started',
  'plans-and-billing',
  'account-and-security',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_CATEGORY_LABELS: Record<HelpCategory, string> = {
  'getting-started': 'Getting started',
  'plans-and-billing': 'Plans and billing',
  'account-and-security': 'Account and security',
};

/** Front matter of a help article (content/help/*.md); `help-articles.test.ts` checks every file. */
export interface HelpArticleAttributes {
  title: string;
  category: HelpCategory;
  summary: string;
  order: number;
}

export interface HelpArticleSummary extends HelpArticleAttributes {
  slug: string;
}

const attributesByFile = import.meta.glob<HelpArticleAttributes>('../../content/help/*.md', {
  import: 'attributes',
  eager: true,
});
// Bodies are needed only once someone searches: loaded then, in one chunk per article.
const textByFile = import.meta.glob<string>('../../content/help/*.md', { import: 'text' });

const slugOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.md'.length);

/** Every article, by category and then by its order. */
export function findHelpArticles(): HelpArticleSummary[] {
  return Object.entries(attributesByFile)
    .map(([file, attributes]) => ({ ...attributes, slug: slugOf(file) }))
    .sort(
      (a, b) =>
        HELP_CATEGORIES.indexOf(a.category) - HELP_CATEGORIES.indexOf(b.category) ||
        a.order - b.order,
    );
}

/** The body text of every article, by slug (for full-text search). */
export async function loadHelpTexts(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(textByFile).map(async ([file, load]) => [slugOf(file), await load()] as const),
  );
  return Object.fromEntries(entries);
}

export interface HelpSearchResult {
  article: HelpArticleSummary;
  score: number;
}

/**
 * Every word of the query must appear in the title, summary or body; a word in the title
 * counts most, then the summary, then the body. Ties keep the help centre's order.
 */
export function searchHelpArticles(
  articles: HelpArticleSummary[],
  texts: Record<string, string>,
  query: string,
): HelpSearchResult[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);
  if (words.length === 0) return [];
  const results: HelpSearchResult[] = [];
  for (const article of articles) {
    const title = article.title.toLowerCase();
    const summary = article.summary.toLowerCase();
    const body = (texts[article.slug] ?? '').toLowerCase();
    let score = 0;
    for (const word of words) {
      if (title.includes(word)) score += 5;
      else if (summary.includes(word)) score += 3;
      else if (body.includes(word)) score += 1;
      else {
        score = 0;
        break;
      }
    }
    if (score > 0) results.push({ article, score });
  }
  return results.sort((a, b) => b.score - a.score);
}

/** Searches the help centre as the query is typed; article bodies load on the first search. */
export function useHelpSearch(query: string) {
  const articles = useMemo(() => findHelpArticles(), []);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const searching = query.trim().length > 1;

  useEffect(() => {
    if (!searching || Object.keys(texts).length > 0) return;
    loadHelpTexts().then(setTexts, (error: unknown) =>
      logWarning('Could not load the help articles for search', error),
    );
  }, [searching, texts]);

  const results = searching ? searchHelpArticles(articles, texts, query) : [];
  return { articles, searching, results };
}
