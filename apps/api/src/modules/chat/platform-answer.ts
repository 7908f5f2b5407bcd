import { PAID_PLAN_NAMES, PLAN_CATALOGUE, TRIAL_DAYS } from '@complivue/shared/plans';
import type { ChatAnswerKind, ChatSource } from '@complivue/shared/schemas/chat';
import type { HelpArticle } from './help-centre.ts';
import { keywordsOf, mentions, wordsOf } from './question-words.ts';

/**
 * Words that say a guest asks about prices (the one catalogue, 99/299/499:
 * docs/product.md § Plans and prices).
 */
const PRICING_WORDS = [
  'price',
  'pricing',
  'cost',
  'much',
  'plan',
  'annual',
  'monthly',
  'expensive',
  'cheap',
  'tier',
  'fee',
];

/** Words every platform question may contain, which say nothing about which article answers. */
const PLATFORM_GENERIC = new Set(['complivue', 'platform', 'product', 'question', 'questions']);

const MAX_HELP_ARTICLES = 2;

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

function asksAboutPricing(words: ReadonlySet<string>): boolean {
  return words.has('$') || PRICING_WORDS.some((word) => mentions(words, word));
}

/**
 * Help articles that answer the question, best first: each word of the question found in the
 * title counts 5, in the summary 3, in the body 1, and at least half of the words must be found.
 */
export function findHelpAnswers(articles: readonly HelpArticle[], question: string): HelpArticle[] {
  const keywords = keywordsOf(question).filter((word) => !PLATFORM_GENERIC.has(word));
  if (keywords.length === 0) return [];
  const needed = Math.max(1, Math.ceil(keywords.length / 2));
  return articles
    .map((article) => {
      const title = new Set(wordsOf(article.title));
      const summary = new Set(wordsOf(article.summary));
      const body = new Set(wordsOf(article.text));
      let score = 0;
      let found = 0;
      for (const word of keywords) {
        const points = mentions(title, word)
          ? 5
          : mentions(summary, word)
            ? 3
            : mentions(body, word)
              ? 1
              : 0;
        score += points;
        if (points > 0) found += 1;
      }
      return { article, score, found };
    })
    .filter((match) => match.found >= needed)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_HELP_ARTICLES)
    .map((match) => match.article);
}

export const HELP_NOT_FOUND_ANSWER = [
  'I could not find an answer to that in our help centre.',
  ' Browse the [Help Centre](/help), or [contact our team](/contact) and we will answer you directly.',
];

/**
 * A guest's answer, from the plan catalogue (prices) and the help centre's articles, in the
 * pieces it is streamed in.
 */
export function composePlatformAnswer(
  articles: readonly HelpArticle[],
  question: string,
): { kind: ChatAnswerKind; pieces: string[]; sources: ChatSource[] } {
  const words = new Set([...wordsOf(question), ...(question.includes('$') ? ['$'] : [])]);
  const pieces: string[] = [];
  const sources: ChatSource[] = [];
  if (asksAboutPricing(words)) {
    pieces.push('Complivue has three paid plans, in US dollars:\n\n');
    for (const name of PAID_PLAN_NAMES) {
      const plan = PLAN_CATALOGUE[name];
      pieces.push(
        `- **${plan.label}**: ${dollars(plan.price.monthly)} a month, or ${dollars(plan.price.annual)} a year\n`,
      );
    }
    pieces.push(
      `\nEvery institution can start with a ${TRIAL_DAYS}-day free trial, with no credit card needed. Compare what each plan includes on the [Pricing](/pricing) page.\n`,
    );
    sources.push({ title: 'Pricing', path: '/pricing' });
  }
  const helpArticles = findHelpAnswers(articles, question);
  if (helpArticles.length > 0) {
    pieces.push(pieces.length > 0 ? '\nFrom the help centre:\n\n' : 'From the help centre:\n\n');
    for (const article of helpArticles) {
      const path = `/help/${article.slug}`;
      pieces.push(`- [${article.title.replace(/[[\]]/g, '')}](${path}): ${article.summary}\n`);
      sources.push({ title: article.title, path });
    }
  }
  if (pieces.length === 0) return { kind: 'not_found', pieces: HELP_NOT_FOUND_ANSWER, sources };
  return { kind: 'platform', pieces, sources };
}
