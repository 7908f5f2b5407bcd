import type { Db } from '@complivue/db/database';
import { libraryArticles, libraryRules } from '@complivue/db/schema/library';
import { citationSearchTerms, parseSearchQuery } from '@complivue/shared/citation-search';
import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import type { ChatSource } from '@complivue/shared/schemas/chat';
import {
  SEARCH_QUERY_MAX_LENGTH,
  type SearchKind,
  type SearchResult,
} from '@complivue/shared/schemas/search';
import { inArray } from 'drizzle-orm';
import { search } from '../search/search.ts';
import { isGenericWord, keywordsOf, mentions, wordsOf } from './question-words.ts';

/** A passage of the library an answer may quote, with where it is and what it cites. */
export interface LibraryPassage {
  kind: SearchKind;
  title: string;
  path: string;
  quote: string;
  citations: string[];
}

const MAX_ARTICLES = 2;
const MAX_RULES = 2;
const MAX_CITATIONS_PER_PASSAGE = 3;
const MAX_QUOTE_CHARS = 280;
/** Section headings of every article body; in the indexed plain text they run into the prose. */
const HEADINGS = /\b(?:Overview|Requirements|Evidence examiners expect)\s+(?=[A-Z0-9])/g;

/** Names a question may use for a regulation area ("TRID", "QM", "ECOA", …). */
const AREA_NAMES: Record<string, RegulationArea> = {
  ...Object.fromEntries(
    REGULATION_AREAS.flatMap((area) =>
      wordsOf(REGULATION_AREA_INFO[area].tag)
        // "Act" (SAFE Act) and "lending" (Fair Lending) alone name no area.
        .filter((word) => word !== 'act' && !isGenericWord(word))
        .map((word) => [word, area] as const),
    ),
  ),
  atr: 'qm_atr',
  ecoa: 'fair_lending',
  redlining: 'fair_lending',
  nmls: 'safe_act',
  hoepa: 'tila',
  apr: 'tila',
};

interface Candidate {
  result: SearchResult;
  citations: string[];
}

/**
 * The passage to quote from a search snippet: of its fragments (the index's headline joins up
 * to two with " … "), the one with the most matched words, without the headings' words.
 */
export function bestFragment(snippet: SearchResult['snippet']): string {
  const fragments: { text: string; hits: number }[] = [{ text: '', hits: 0 }];
  for (const piece of snippet) {
    const parts = piece.hit ? [piece.text] : piece.text.split(' … ');
    parts.forEach((part, index) => {
      if (index > 0) fragments.push({ text: '', hits: 0 });
      const current = fragments.at(-1)!;
      current.text += part;
      if (piece.hit) current.hits += 1;
    });
  }
  const best = fragments.reduce((a, b) => (b.hits > a.hits ? b : a));
  return best.text.replace(HEADINGS, '').trim();
}

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  // A passage that starts mid-sentence says so.
  const lead = /^[a-z,;]/.test(clean) ? '…' : '';
  if (clean.length <= max) return `${lead}${clean}${/[.!?)”"]$/.test(clean) ? '' : '…'}`;
  const cut = clean.slice(0, max);
  return `${lead}${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40))}…`;
}

/** The words of the question the found document must show, and the citations it must carry. */
export function relevanceTerms(question: string) {
  const parsed = parseSearchQuery(question);
  const keywords = keywordsOf(parsed.text);
  const specific = keywords.filter((word) => !isGenericWord(word));
  return {
    keywords,
    // Only generic words ("what are the mortgage requirements?"): those must do, unless a
    // citation says what the question is about.
    required: specific.length > 0 || parsed.citationTerms.length > 0 ? specific : keywords,
    citationTerms: parsed.citationTerms,
  };
}

/**
 * The search query: every term of the question joined by OR, so that a question in plain words
 * ("what are the Loan Estimate timing rules?") finds documents with most of them, ranked by
 * the index; citation terms ("1026.19(e)" → cfr1026s19pe) are index terms themselves.
 */
export function retrievalQuery(terms: { keywords: string[]; citationTerms: string[] }): string {
  let query = '';
  for (const term of [...terms.citationTerms, ...terms.keywords]) {
    const next = query ? `${query} or ${term}` : term;
    if (next.length > SEARCH_QUERY_MAX_LENGTH) break;
    query = next;
  }
  return query;
}

/**
 * Whether a found document is about the question: most of the question's specific words
 * appear in its title or passage (or name its regulation area), and when the question
 * cites a section, the document cites it too. The full-text search matches any one word; this
 * keeps "the mortgage rules for unicorn ranches" from being answered with a random article.
 */
export function isRelevant(
  candidate: Candidate,
  terms: { required: string[]; citationTerms: string[] },
): boolean {
  const { result } = candidate;
  const words = new Set(
    wordsOf(`${result.title} ${result.snippet.map((piece) => piece.text).join(' ')}`),
  );
  const citedTerms = new Set(candidate.citations.flatMap(citationSearchTerms));
  const wordHits = terms.required.filter(
    (word) => mentions(words, word) || (result.area !== null && AREA_NAMES[word] === result.area),
  ).length;
  const citationHits = terms.citationTerms.filter((term) => citedTerms.has(term)).length;
  if (terms.citationTerms.length > 0 && citationHits === 0) return false;
  const total = terms.required.length + terms.citationTerms.length;
  // One or two words must all be found; of more, three in five.
  const needed = total <= 2 ? total : Math.ceil(total * 0.6);
  return total > 0 && wordHits + citationHits >= needed;
}

/** The citations to name for a passage: those the question asked about first. */
function chooseCitations(citations: string[], citationTerms: string[]): string[] {
  const asked = citations.filter((citation) =>
    citationSearchTerms(citation).some((term) => citationTerms.includes(term)),
  );
  return [...new Set([...asked, ...citations])].slice(0, MAX_CITATIONS_PER_PASSAGE);
}

/** Brackets would end a markdown link's text early. */
const linkText = (text: string) => text.replace(/[[\]]/g, '');

function toPassage(candidate: Candidate, citationTerms: string[]): LibraryPassage {
  const { result } = candidate;
  if (result.kind === 'rule') {
    // A rule's title is "ID: requirement"; the requirement is the passage to quote.
    const requirement = result.title.slice(result.refId.length).replace(/^:\s*/, '');
    return {
      kind: 'rule',
      title: linkText(result.refId),
      path: result.path,
      quote: clip(requirement, MAX_QUOTE_CHARS),
      citations: candidate.citations,
    };
  }
  return {
    kind: 'article',
    title: linkText(result.title),
    path: result.path,
    quote: clip(bestFragment(result.snippet), MAX_QUOTE_CHARS),
    citations: chooseCitations(candidate.citations, citationTerms),
  };
}

async function citationsOf(db: Db, results: SearchResult[]): Promise<Map<string, string[]>> {
  const citations = new Map<string, string[]>();
  const articleIds = results.filter((item) => item.kind === 'article').map((item) => item.refId);
  const ruleIds = results.filter((item) => item.kind === 'rule').map((item) => item.refId);
  if (articleIds.length > 0) {
    const rows = await db
      .select({ id: libraryArticles.id, citations: libraryArticles.citations })
      .from(libraryArticles)
      .where(inArray(libraryArticles.id, articleIds));
    for (const row of rows) citations.set(`article:${row.id}`, row.citations);
  }
  if (ruleIds.length > 0) {
    const rows = await db
      .select({ id: libraryRules.id, citation: libraryRules.citation })
      .from(libraryRules)
      .where(inArray(libraryRules.id, ruleIds));
    for (const row of rows) citations.set(`rule:${row.id}`, [row.citation]);
  }
  return citations;
}

/**
 * The library passages that answer a question, best first: the reader's full-text search
 * (shared library and their institution's own articles, never another's) over articles and
 * rules, kept only when relevant (see `isRelevant`). Empty when the library has nothing on it.
 */
export async function findLibraryPassages(
  db: Db,
  reader: { companyId: string | null },
  question: string,
): Promise<LibraryPassage[]> {
  const terms = relevanceTerms(question);
  const q = retrievalQuery(terms);
  if (!q) return [];
  const articles = await search(db, reader, { q, page: 1, type: 'article' });
  const rules = await search(db, reader, { q, page: 1, type: 'rule' });
  const citations = await citationsOf(db, [...articles.items, ...rules.items]);
  const relevant = (items: SearchResult[], limit: number) =>
    items
      .map((result) => ({
        result,
        citations: citations.get(`${result.kind}:${result.refId}`) ?? [],
      }))
      .filter((candidate) => isRelevant(candidate, terms))
      .slice(0, limit)
      .map((candidate) => toPassage(candidate, terms.citationTerms));
  return [...relevant(articles.items, MAX_ARTICLES), ...relevant(rules.items, MAX_RULES)];
}

export const NOT_FOUND_ANSWER = [
  'I could not find this in the compliance library, so I will not guess at a rule.',
  ' Try the [library search](/search) with the regulation’s name or a citation (for example “1026.19(e)”), or ask our team on the [Help & Support](/support) page.',
];

export const PLAN_REQUIRED_ANSWER = [
  'Answers from the compliance library need an active plan that includes the compliance assistant.',
  ' Your administrator can choose or renew one on the [Subscription](/subscription) page.',
];

/** How a passage is named in an answer and in its sources. */
export function passageSource(passage: LibraryPassage): ChatSource {
  return {
    title: passage.kind === 'rule' ? `Rule ${passage.title}` : passage.title,
    path: passage.path,
    ...(passage.citations.length > 0 ? { citation: passage.citations.join('; ') } : {}),
  };
}

/**
 * The answer composed from the passages, in the pieces it is streamed in: an opening line,
 * each passage quoted with its link and citations, the CFR sections together, and a closing
 * reminder. Nothing in it comes from anywhere but the passages.
 */
export function composeLibraryAnswer(passages: readonly LibraryPassage[]): string[] {
  if (passages.length === 0) return NOT_FOUND_ANSWER;
  const pieces = ['Here is what the compliance library says:\n\n'];
  for (const passage of passages) {
    pieces.push(
      passage.kind === 'rule'
        ? `- Rule [${passage.title}](${passage.path}) (${passage.citations.join('; ')}): “${passage.quote}”\n`
        : `- [${passage.title}](${passage.path}): “${passage.quote}”\n`,
    );
  }
  const sections = [...new Set(passages.flatMap((passage) => passage.citations))];
  if (sections.length > 0) pieces.push(`\nCitations: ${sections.join('; ')}.\n`);
  pieces.push(
    '\nOpen each article for the full requirement and check it against the regulation text. This is general information, not legal advice.',
  );
  return pieces;
}
