import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { termOfAbbreviation, WORD_SYNONYMS } from '@complivue/shared/regulatory-terms';
import { isGenericWord, keywordsOf, mentions, wordsOf } from './question-words.ts';

/**
 * The sentence of the library that answers a question (docs/product.md § Chat assistant, direct
 * answers). Extractive by design: the answer is a sentence or a list item of a library document,
 * taken as written, never composed; these functions only decide which one. A sentence is scored
 * by the question's words it holds (abbreviations and their spelled-out forms alike), by whether
 * it states what the question asks for (a deadline for "when", a number of years for "how long
 * must we keep", an amount for "what is the threshold"), and by whether it cites its section.
 */

/** What a question asks for, read from its wording. */
export type QuestionIntent =
  'retention' | 'deadline' | 'amount' | 'applicability' | 'definition' | 'general';

const RETENTION_QUESTION =
  /\b(?:retain|retained|retention|kept|preserve|preserved|destroy)\b|\bhow long\b.*\b(?:keep|records?|cop(?:y|ies)|documents?|files?)\b/;
const DEADLINE_QUESTION =
  /\b(?:when|deadlines?|due|timing|timeline|time limit|how soon|how quickly|how late|how early|how far in advance|by what date|within how|latest|earliest|last day)\b|\bhow many (?:business |calendar )?days\b|\bhow long (?:do|does|before|after|until|ahead|in advance)\b/;
const AMOUNT_QUESTION =
  /\b(?:thresholds?|how much|amounts?|limits?|caps?|percent|percentage|maximum|minimum|dollars?|exceeds?|triggers?|margins?|spread|how many|how high|how large)\b/;
const APPLICABILITY_QUESTION =
  /^(?:does|do|is|are|must|can)\b.*\b(?:apply|applies|cover|covered|subject|exempt|required|have to|need to)\b|\bwho (?:must|has to|needs|is required|is covered|is exempt)\b|\bappl(?:y|ies) to\b/;

/** "What is a …", "What makes a practice unfair?", "When is a practice abusive?". */
const DEFINITION_QUESTION =
  /^(?:what (?:is|are) (?:an?|the)\b|what makes\b|what counts as\b|when is (?:an?|the) [\w-]+(?: [\w-]+)? (?:unfair|deceptive|abusive|covered|exempt|higher-priced|high-cost)\b)|\bdefin(?:e|ed|ition)\b|\bwhat does [\w\s-]+ mean\b/;

export function questionIntent(question: string): QuestionIntent {
  const text = question.toLowerCase().trim();
  if (RETENTION_QUESTION.test(text)) return 'retention';
  if (DEFINITION_QUESTION.test(text) && !/\b(?:due|deadline|threshold|how)\b/.test(text)) {
    return 'definition';
  }
  if (DEADLINE_QUESTION.test(text)) return 'deadline';
  if (AMOUNT_QUESTION.test(text)) return 'amount';
  if (APPLICABILITY_QUESTION.test(text)) return 'applicability';
  return 'general';
}

const NUMBER_WORD =
  '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty-five|sixty|ninety|third|fourth|seventh|tenth|\\d+(?:st|nd|rd|th))';
const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const DAYS_OR_MONTHS = `\\b${NUMBER_WORD}[- ](?:calendar |business |specific business |general business )?(?:days?|months?)\\b`;
const PERIOD = `\\b${NUMBER_WORD}[- ](?:calendar |business |specific business |general business )?(?:days?|months?|years?)\\b`;

/**
 * What a sentence must state to answer each kind of question: `strong` is the fact itself (a
 * number of days, a date, an amount), `weak` only a sign of it ("within", "annually").
 */
const INTENT_FACT: Record<Exclude<QuestionIntent, 'general'>, { strong: RegExp; weak?: RegExp }> = {
  retention: {
    strong: new RegExp(
      `\\b(?:retain|retains|retained|keep|keeps|kept|retention|preserve)\\b.*${PERIOD}|${PERIOD}.*\\b(?:retain|retention|kept)\\b`,
      'i',
    ),
    weak: /\b(?:retain|retains|retained|keep|keeps|kept|retention|preserve)\b/i,
  },
  // Days, months and dates: "five years" in a sentence is retention, not a deadline.
  deadline: {
    strong: new RegExp(
      `${DAYS_OR_MONTHS}|\\b${MONTH} \\d{1,2}\\b|\\bon the (?:date|first day)\\b`,
      'i',
    ),
    weak: /\b(?:within|no later than|before consummation|annually|each year|every year|years?)\b/i,
  },
  amount: {
    strong: new RegExp(
      `\\$\\s?\\d|\\b\\d+(?:\\.\\d+)?\\s?(?:%|percent\\b|percentage points?)|\\b\\d{1,3}(?:,\\d{3})+\\b|\\b${NUMBER_WORD} percentage points?`,
      'i',
    ),
    weak: new RegExp(`\\b${NUMBER_WORD}\\b`, 'i'),
  },
  definition: {
    strong:
      /\b(?:means|is defined as|are defined as|refers to|(?:is|are) [\w-]+ when|(?:is|are) an? [\w-]+(?: [\w-]+)? (?:if|when))\b/i,
    weak: /\b(?:is|are) an?\b/i,
  },
  applicability: {
    strong:
      /\b(?:not subject to|does not apply|do not apply|applies only|apply only|exempt|not required)\b/i,
    weak: /\b(?:appl(?:y|ies)|covered|covers|subject to|only|excluded?)\b/i,
  },
};

/** "12 CFR 1026.19(e)(1)(iii)(A)", "31 CFR 1010.306(a)(1)", "15 U.S.C. 1681m(a)" in running text. */
const CITATION_IN_TEXT =
  /\b\d{1,2} (?:CFR|U\.S\.C\.) (?:part )?\d{1,5}[a-z]{0,2}(?:\.\d{1,4}[a-z]?)?(?:\([A-Za-z0-9]{1,5}\))*/g;

export function citationsInSentence(text: string): string[] {
  return [...new Set(text.match(CITATION_IN_TEXT) ?? [])];
}

/** A word of the question, with the other forms the library may write it in. */
export interface QuestionTerm {
  word: string;
  /** Single words that count as this one ("ctr", "retain"). */
  forms: string[];
  /** Phrases that count as this one, each as its words ("currency transaction report"). */
  phrases: string[][];
  /** Generic words ("mortgage", "rule") count for little. */
  weight: number;
  /** The area of the library the word belongs to ("ctr" → bsa_aml). */
  area?: RegulationArea;
  /** The word names the whole area ("TRID"), not one duty in it ("CTR"). */
  namesArea?: true;
}

export function questionTerms(text: string): QuestionTerm[] {
  return keywordsOf(text).map((word) => {
    const term = termOfAbbreviation(word);
    if (term) {
      return {
        word,
        forms: [term.abbreviation],
        phrases: term.phrases.map((phrase) => keywordsOf(phrase)),
        weight: 2,
        ...(term.area ? { area: term.area } : {}),
        ...(term.namesArea ? { namesArea: term.namesArea } : {}),
      };
    }
    return {
      word,
      forms: [word, ...(WORD_SYNONYMS[word] ?? [])],
      phrases: [],
      weight: isGenericWord(word) ? 0.5 : 2,
    };
  });
}

/** Whether a text (as its set of words) holds the term in one of its forms. */
export function holdsTerm(words: ReadonlySet<string>, term: QuestionTerm): boolean {
  return (
    term.forms.some((form) => mentions(words, form)) ||
    term.phrases.some(
      (phrase) => phrase.length > 0 && phrase.every((word) => mentions(words, word)),
    )
  );
}

/** A sentence or list item of a library document, with the sections it cites. */
export interface AnswerUnit {
  text: string;
  /** Sections cited in the sentence itself. */
  citations: string[];
  /** Sections of its heading, or of the rule it states, when the sentence cites none. */
  contextCitations: string[];
}

const cleanInline = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Sentences of a paragraph: a full stop, question or exclamation mark before a capital. */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[A-Z(“"])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export function answerUnit(text: string, contextCitations: string[]): AnswerUnit {
  return { text, citations: citationsInSentence(text), contextCitations };
}

/**
 * The answer units of an article body in markdown: each sentence of a paragraph, and each list
 * item, which carries the sentence that introduces its list ("… exceeds the APOR by:" + "2.5
 * percentage points … (jumbo)") so that it reads whole. Headings are context, not units.
 */
export function unitsOfMarkdown(markdown: string): AnswerUnit[] {
  const units: AnswerUnit[] = [];
  /** A sentence without a citation stands under the last one its section gave. */
  let sectionCitations: string[] = [];
  const push = (text: string) => {
    const added = answerUnit(text, sectionCitations);
    units.push(added);
    if (added.citations.length > 0) sectionCitations = added.citations;
  };
  let paragraph: string[] = [];
  /** The sentence before a list, and the lead of each open list item by its indent. */
  let listLead = '';
  const itemLeads: { indent: number; text: string }[] = [];

  const endParagraph = () => {
    if (paragraph.length === 0) return;
    const sentences = sentencesOf(cleanInline(paragraph.join(' ')));
    for (const sentence of sentences) push(sentence);
    const last = sentences.at(-1) ?? '';
    listLead = last.endsWith(':') ? last : '';
    paragraph = [];
  };

  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^(\s*)(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (heading) {
      endParagraph();
      listLead = '';
      itemLeads.length = 0;
      sectionCitations = citationsInSentence(heading[1]!);
    } else if (item) {
      endParagraph();
      const indent = item[1]!.length;
      while (itemLeads.length > 0 && itemLeads.at(-1)!.indent >= indent) itemLeads.pop();
      // A list item ends in "; and" or ";" inside its list; alone it is a sentence.
      const text = cleanInline(item[2]!).replace(/;(?:\s+(?:and|or))?$/, '.');
      const lead = itemLeads.at(-1)?.text ?? listLead;
      push(lead ? `${lead} ${text}` : text);
      if (text.endsWith(':')) itemLeads.push({ indent, text: lead ? `${lead} ${text}` : text });
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      if (itemLeads.length > 0 && /^\s+/.test(line)) continue;
      itemLeads.length = 0;
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  return units;
}

const INTENT_BONUS: Record<QuestionIntent, number> = {
  retention: 4,
  deadline: 3,
  amount: 3,
  applicability: 2,
  definition: 3,
  general: 0,
};
/** Words that make a sentence about a variant of a thing ("a revised Loan Estimate"). */
const VARIANT_WORDS = /\b(?:revised|corrected|amended|subsequent|modified)\b/i;
const LONG_UNIT = 420;
const CONTEXT_SHARE = 0.7;
const SHORT_UNIT = 40;

/**
 * How well a unit answers the question, or 0 when it holds none of the question's specific words.
 * `context` is the document's title and headings, whose words count a little; `area` is the
 * document's, compared with the areas the question names.
 */
export function scoreUnit(
  candidate: AnswerUnit,
  question: { terms: QuestionTerm[]; intent: QuestionIntent },
  document: { context: ReadonlySet<string>; area: RegulationArea | null },
): number {
  // "Due to" is a cause, not a deadline.
  const words = new Set(wordsOf(candidate.text.replace(/\bdue to\b/gi, ' ')));
  let score = 0;
  let specificHits = 0;
  for (const term of question.terms) {
    if (term.namesArea && term.area === document.area) {
      // Every sentence of a TRID article is about TRID, whether it says so or not.
      score += term.weight;
    } else if (holdsTerm(words, term)) {
      score += term.weight;
      if (term.weight > 1) specificHits += 1;
    } else if (holdsTerm(document.context, term)) {
      // The document is about it ("SAR" in the SAR article): every sentence of it is.
      score += term.weight * CONTEXT_SHARE;
    } else if (term.area !== undefined && term.area === document.area) {
      score += term.weight * 0.4;
    }
  }
  const fact = question.intent === 'general' ? null : INTENT_FACT[question.intent];
  const statesFact = fact?.strong.test(candidate.text) ?? false;
  const hasSpecificTerms = question.terms.some((term) => term.weight > 1);
  // A sentence must hold a word of the question, or state what it asks ("not subject to" for
  // "does it apply?") in a document about it.
  if (hasSpecificTerms && specificHits === 0 && !statesFact) return 0;
  if (statesFact) score += INTENT_BONUS[question.intent];
  else if (fact?.weak?.test(candidate.text)) score += 1;
  // "The Loan Estimate" in a question is the Loan Estimate, not a revised or corrected one.
  const variant = VARIANT_WORDS.exec(candidate.text)?.[0].toLowerCase();
  if (variant && !question.terms.some((term) => mentions(new Set([variant]), term.word))) {
    score -= 1.5;
  }
  // An answer names its section: a sentence that cites none (a summary's overview) comes last.
  if (candidate.citations.length > 0) score += 1;
  else if (candidate.contextCitations.length > 0) score += 0.5;
  else score -= 1;
  if (candidate.text.length > LONG_UNIT) score -= 1;
  if (candidate.text.length < SHORT_UNIT) score -= 1;
  const namedAreas = question.terms.flatMap((term) => (term.area ? [term.area] : []));
  if (namedAreas.length > 0 && document.area && !namedAreas.includes(document.area)) {
    score *= 0.5;
  }
  return Math.max(score, 0);
}
