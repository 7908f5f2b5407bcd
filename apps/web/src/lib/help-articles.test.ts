import { describe, expect, it } from 'vitest';
import {
  HELP_CATEGORIES,
  findHelpArticles,
  loadHelpTexts,
  searchHelpArticles,
} from './help-articles.ts';

describe('help centre content', () => {
  const articles = findHelpArticles();

  it('has answers in each category, each with a title, a short summary and an order', () => {
    for (const category of HELP_CATEGORIES) {
      expect(articles.filter((article) => article.category === category).length).toBeGreaterThan(2);
    }
    for (const article of articles) {
      expect(HELP_CATEGORIES).toContain(article.category);
      expect(article.title.length).toBeGreaterThan(5);
      expect(article.summary.length).toBeLessThanOrEqual(155);
      expect(Number.isInteger(article.order)).toBe(true);
    }
  });

  it('finds articles by words in the title first, then the body', async () => {
    const texts = await loadHelpTexts();
    const results = searchHelpArticles(articles, texts, 'two-factor');
    expect(results[0]?.article.slug).toBe('two-factor-authentication');
    expect(searchHelpArticles(articles, texts, 'annual billing').length).toBeGreaterThan(0);
    expect(searchHelpArticles(articles, texts, 'zzzz qqqq')).toEqual([]);
    expect(searchHelpArticles(articles, texts, ' ')).toEqual([]);
  });
});
