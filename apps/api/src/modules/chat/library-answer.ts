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
import { REGULATORY_TERMS } from '@complivue/shared/regulatory-terms';
import { search } from '../search/search.ts';
import {
  answerUnit,
  holdsTerm,
  questionIntent,
  questionTerms,
  scoreUnit,
  sentencesOf,
  unitsOfMarkdown,
  type AnswerUnit,
  type QuestionIntent,
  type QuestionTerm,
} from './answer-sentences.ts';
import { isGenericWord, keywordsOf, mentions, wordsOf } from './question-words.ts';

/** A passage of the library an answer may quote, with where it is and what it cites. */
export interface LibraryPassage {
  kind: SearchKind;
  title: string;
  path: string;
  quote: string;
  citations: string[];
}

/**
 * What the library says on a question: the sentence that answers it (`direct`, taken as written
 * from the document it links to), and the other passages that support or complete it.
 */
export interface LibraryAnswer {
  direct: LibraryPassage | null;
  supporting: LibraryPassage[];
}

const MAX_ARTICLES = 2;
const MAX_RULES = 2;
/** How many of the search's documents are read whole for the sentence that answers. */
const CANDIDATE_ARTICLES = 6;
const CANDIDATE_RULES = 8;
const MAX_CITATIONS_PER_PASSAGE = 3;
const MAX_QUOTE_CHARS = 280;
/** A direct answer must hold a specific word of the question and a little more. */
const MIN_DIRECT_SCORE = 3;

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
  redlining: 'fair_lending',
};

/** The question as retrieval reads it: its terms, its citations and what it asks for. */
export interface ReadQuestion {
  terms: QuestionTerm[];
  citationTerms: string[];
  intent: QuestionIntent;
}

export function readQuestion(question: string): ReadQuestion {
  const parsed = parseSearchQuery(question);
  return {
    terms: questionTerms(parsed.text),
    citationTerms: parsed.citationTerms,
    intent: questionIntent(question),
  };
}

/** Abbreviations whose spelled-out phrase the question uses ("currency transaction" → ctr). */
function abbreviationsOfPhrases(question: ReadQuestion): string[] {
  const words = new Set(question.terms.map((term) => term.word));
  return REGULATORY_TERMS.filter(
    (term) =>
      !words.has(term.abbreviation) &&
      term.phrases.some((phrase) => {
        const phraseWords = keywordsOf(phrase);
        return phraseWords.length > 1 && phraseWords.every((word) => mentions(words, word));
      }),
  ).map((term) => term.abbreviation);
}

/**
 * The search query: every term of the question, its abbreviation's spelled-out phrases (quoted)
 * and the abbreviation of a phrase it spells out, joined by OR, so that a question in plain words
 * finds documents with most of them, ranked by the index; citation terms ("1026.19(e)" →
 * cfr1026s19pe) are index terms themselves.
 */
export function retrievalQuery(question: ReadQuestion): string {
  // Generic words ("loan", "mortgage") match nearly every document and blur the ranking; they
  // are searched for only when the question has nothing more specific.
  const specific = question.terms.filter((term) => term.weight > 1);
  const searched = specific.length > 0 ? specific : question.terms;
  const alternatives = [
    ...question.citationTerms,
    ...searched.flatMap((term) => [
      ...term.forms,
      ...term.phrases.map((phrase) => `"${phrase.join(' ')}"`),
    ]),
    ...abbreviationsOfPhrases(question),
  ];
  let query = '';
  for (const alternative of new Set(alternatives)) {
    const next = query ? `${query} or ${alternative}` : alternative;
    if (next.length > SEARCH_QUERY_MAX_LENGTH) break;
    query = next;
  }
  return query;
}

/** A document found for the question, read whole. */
interface Candidate {
  kind: SearchKind;
  /** The article's title, or the rule's id. */
  title: string;
  path: string;
  area: RegulationArea | null;
  /** Every word of the document, for relevance. */
  words: ReadonlySet<string>;
  /** The title's and headings' words, which count a little for each of its sentences. */
  context: ReadonlySet<string>;
  citations: string[];
  units: AnswerUnit[];
}

/**
 * Whether a found document is about the question: most of the question's specific words appear
 * in it (or name its regulation area), and when the question cites a section, the document cites
 * it too. The full-text search matches any one word; this keeps "the mortgage rules for unicorn
 * ranches" from being answered with a random article.
 */
export function isRelevant(
  candidate: Pick<Candidate, 'words' | 'area' | 'citations'>,
  question: Pick<ReadQuestion, 'terms' | 'citationTerms'>,
): boolean {
  const specific = question.terms.filter((term) => term.weight > 1);
  // Only generic words ("what are the mortgage requirements?"): those must do, unless a
  // citation says what the question is about.
  const required =
    specific.length > 0 || question.citationTerms.length > 0 ? specific : question.terms;
  const citedTerms = new Set(candidate.citations.flatMap(citationSearchTerms));
  const wordHits = required.filter(
    (term) =>
      holdsTerm(candidate.words, term) ||
      (candidate.area !== null &&
        (term.area === candidate.area || AREA_NAMES[term.word] === candidate.area)),
  ).length;
  const citationHits = question.citationTerms.filter((term) => citedTerms.has(term)).length;
  if (question.citationTerms.length > 0 && citationHits === 0) return false;
  const total = required.length + question.citationTerms.length;
  // One or two words must all be found; of more, half (a question in plain words has words
  // the library does not use, such as "shop around" for "shop for settlement services").
  const needed = total <= 2 ? total : Math.ceil(total * 0.5);
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

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40))}…`;
}

const HEADING_LINE = /^#{1,6}\s+(.*)$/gm;

async function readCandidates(db: Db, found: SearchResult[]): Promise<Candidate[]> {
  const articleIds = found.filter((item) => item.kind === 'article').map((item) => item.refId);
  const ruleIds = found.filter((item) => item.kind === 'rule').map((item) => item.refId);
  const articles = articleIds.length
    ? await db
        .select({
          id: libraryArticles.id,
          title: libraryArticles.title,
          summary: libraryArticles.summary,
          body: libraryArticles.body,
          citations: libraryArticles.citations,
          applicability: libraryArticles.applicability,
        })
        .from(libraryArticles)
        .where(inArray(libraryArticles.id, articleIds))
    : [];
  const rules = ruleIds.length
    ? await db
        .select({
          id: libraryRules.id,
          title: libraryRules.title,
          citation: libraryRules.citation,
          requirement: libraryRules.requirement,
        })
        .from(libraryRules)
        .where(inArray(libraryRules.id, ruleIds))
    : [];
  const byArticle = new Map(articles.map((article) => [article.id, article]));
  const byRule = new Map(rules.map((rule) => [rule.id, rule]));
  return found.flatMap((item): Candidate[] => {
    if (item.kind === 'article') {
      const article = byArticle.get(item.refId);
      if (!article) return [];
      const headings = [...article.body.matchAll(HEADING_LINE)].map((match) => match[1]);
      // The applicability note says who the article is for ("credit unions … are not subject
      // to the CRA"), which is an answer in itself.
      const note = article.applicability.note ?? '';
      const units = [
        ...sentencesOf(article.summary).map((text) => answerUnit(text, [])),
        ...sentencesOf(note).map((text) => answerUnit(text, [])),
        ...unitsOfMarkdown(article.body),
      ];
      return [
        {
          kind: 'article',
          title: article.title,
          path: item.path,
          area: item.area,
          words: new Set(wordsOf(`${article.title} ${article.summary} ${note} ${article.body}`)),
          context: new Set(wordsOf(`${article.title} ${headings.join(' ')}`)),
          citations: article.citations,
          units,
        },
      ];
    }
    if (item.kind === 'rule') {
      const rule = byRule.get(item.refId);
      if (!rule) return [];
      return [
        {
          kind: 'rule',
          title: rule.id,
          path: item.path,
          area: item.area,
          words: new Set(wordsOf(`${rule.title} ${rule.requirement}`)),
          context: new Set(wordsOf(rule.title)),
          citations: [rule.citation],
          units: sentencesOf(rule.requirement).map((text) => answerUnit(text, [rule.citation])),
        },
      ];
    }
    return [];
  });
}

interface Reading {
  candidate: Candidate;
  /** The document's units, best first. */
  ranked: { unit: AnswerUnit; score: number }[];
  best: number;
}

function readDocument(candidate: Candidate, question: ReadQuestion): Reading {
  const ranked = candidate.units
    .map((unit) => ({
      unit,
      score: scoreUnit(unit, question, {
        context: candidate.context,
        area: candidate.area,
      }),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  return { candidate, ranked, best: ranked[0]?.score ?? 0 };
}

function toPassage(reading: Reading, citationTerms: string[]): LibraryPassage {
  const { candidate } = reading;
  const unit = reading.ranked[0]?.unit;
  const unitCitations = unit ? [...unit.citations, ...unit.contextCitations] : [];
  return {
    kind: candidate.kind,
    title: linkText(candidate.title),
    path: candidate.path,
    quote: clip(unit?.text ?? candidate.units[0]?.text ?? '', MAX_QUOTE_CHARS),
    citations:
      candidate.kind === 'rule'
        ? candidate.citations
        : chooseCitations([...unitCitations, ...candidate.citations], citationTerms),
  };
}

/** The direct answer: the best sentence of all, as written, with the sections it cites. */
function toDirect(reading: Reading): LibraryPassage {
  const { unit } = reading.ranked[0]!;
  return {
    kind: reading.candidate.kind,
    title: linkText(reading.candidate.title),
    path: reading.candidate.path,
    quote: unit.text,
    citations: [...new Set([...unit.citations, ...unit.contextCitations])],
  };
}

/**
 * What the library says on a question: the reader's full-text search (shared library and their
 * institution's own articles, never another's) over articles and rules, each found document read
 * whole and kept only when relevant (see `isRelevant`), its sentences scored (answer-sentences.ts);
 * the best sentence of all is the direct answer. Empty when the library has nothing on it.
 */
export async function findLibraryAnswer(
  db: Db,
  reader: { companyId: string | null },
  questionText: string,
): Promise<LibraryAnswer> {
  const question = readQuestion(questionText);
  const q = retrievalQuery(question);
  if (!q) return { direct: null, supporting: [] };
  const articles = await search(db, reader, { q, page: 1, type: 'article' });
  const rules = await search(db, reader, { q, page: 1, type: 'rule' });
  const candidates = await readCandidates(db, [
    ...articles.items.slice(0, CANDIDATE_ARTICLES),
    ...rules.items.slice(0, CANDIDATE_RULES),
  ]);
  const readings = candidates
    .filter((candidate) => isRelevant(candidate, question))
    .map((candidate) => readDocument(candidate, question));
  // A stable sort: equal scores keep the search's ranking.
  const best = (kind: SearchKind, limit: number) =>
    readings
      .filter((reading) => reading.candidate.kind === kind)
      .sort((a, b) => b.best - a.best)
      .slice(0, limit);
  // The direct answer may come from any relevant document, the passages from the best few.
  const answering = readings.reduce<Reading | null>(
    (top, reading) => (reading.best > (top?.best ?? 0) ? reading : top),
    null,
  );
  const direct = answering && answering.best >= MIN_DIRECT_SCORE ? toDirect(answering) : null;
  const chosen = [...best('article', MAX_ARTICLES), ...best('rule', MAX_RULES)];
  return {
    direct,
    supporting: chosen
      .filter((reading) => !direct || reading !== answering)
      .map((reading) => toPassage(reading, question.citationTerms)),
  };
}

/** Every passage of an answer, the direct one first. */
export function passagesOf(answer: LibraryAnswer): LibraryPassage[] {
  return answer.direct ? [answer.direct, ...answer.supporting] : answer.supporting;
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

/** The sections a direct answer cites, after its sentence when the sentence does not name them. */
function citedSuffix(passage: LibraryPassage): string {
  const missing = passage.citations.filter((citation) => !passage.quote.includes(citation));
  return missing.length > 0 ? ` (${missing.join('; ')})` : '';
}

function quoted(passage: LibraryPassage): string {
  return passage.kind === 'rule'
    ? `- Rule [${passage.title}](${passage.path}) (${passage.citations.join('; ')}): “${passage.quote}”\n`
    : `- [${passage.title}](${passage.path}): “${passage.quote}”\n`;
}

/**
 * The answer composed from the library, in the pieces it is streamed in: the direct answer first
 * (the sentence as the library writes it, with its section and a link to where it stands), then
 * the supporting passages quoted with their links and citations, the CFR sections together, and a
 * closing reminder. Nothing in it comes from anywhere but the library.
 */
export function composeLibraryAnswer(answer: LibraryAnswer): string[] {
  const { direct, supporting } = answer;
  if (!direct && supporting.length === 0) return NOT_FOUND_ANSWER;
  const pieces: string[] = [];
  if (direct) {
    const where = direct.kind === 'rule' ? `Rule ${direct.title}` : direct.title;
    pieces.push(`**${direct.quote}${citedSuffix(direct)}**\n`);
    pieces.push(`From [${where}](${direct.path}) in the compliance library.\n\n`);
    if (supporting.length > 0) pieces.push('The library also says:\n\n');
  } else {
    pieces.push('Here is what the compliance library says:\n\n');
  }
  for (const passage of supporting) pieces.push(quoted(passage));
  const sections = [...new Set(passagesOf(answer).flatMap((passage) => passage.citations))];
  if (sections.length > 0) pieces.push(`\nCitations: ${sections.join('; ')}.\n`);
  pieces.push(
    '\nOpen each article for the full requirement and check it against the regulation text. This is general information, not legal advice.',
  );
  return pieces;
}
