import { diffLines } from 'diff';
import { isWellFormedCitation } from './citations.ts';

/**
 * The article enhancer's checks: what an editor should fix in a library article before it is
 * published (`packages/db/content/library/README.md` is the format they enforce). Pure, so the
 * editor can run them on every keystroke and the server can run the same ones on save.
 */

/** The `##` sections every library article has, in this order. */
export const REQUIRED_SECTIONS = ['Overview', 'Requirements', 'Evidence examiners expect'] as const;

/** An article not reviewed for a year may no longer match the regulation as in force. */
export const STALE_AFTER_DAYS = 365;

/** Above this Flesch–Kincaid grade an article is flagged as hard to read. */
const MAX_READING_GRADE = 12;

/** Shorter than this, a summary cannot say what the article is about (the schema's minimum). */
const MIN_SUMMARY_LENGTH = 40;

/**
 * The CFR parts the library covers, title → part → short name. A well-formed citation outside
 * these is more often a mistyped number than a new subject, so it is worth a second look.
 */
export const KNOWN_CFR_PARTS: ReadonlyMap<number, ReadonlyMap<number, string>> = new Map([
  [
    12,
    new Map([
      [21, 'OCC BSA compliance program'],
      [22, 'OCC flood insurance'],
      [25, 'OCC Community Reinvestment Act'],
      [41, 'OCC Fair Credit Reporting (Red Flags)'],
      [208, 'Federal Reserve Regulation H'],
      [222, 'Regulation V (Federal Reserve)'],
      [228, 'Regulation BB (Federal Reserve CRA)'],
      [326, 'FDIC BSA compliance program'],
      [334, 'FDIC Fair Credit Reporting'],
      [339, 'FDIC flood insurance'],
      [345, 'FDIC Community Reinvestment Act'],
      [717, 'NCUA Fair Credit Reporting'],
      [748, 'NCUA security program and suspicious activity reports'],
      [760, 'NCUA flood insurance'],
      [1002, 'Regulation B (Equal Credit Opportunity)'],
      [1003, 'Regulation C (Home Mortgage Disclosure)'],
      [1005, 'Regulation E (Electronic Fund Transfers)'],
      [1007, 'Regulation G (SAFE Act federal registration)'],
      [1008, 'Regulation H (SAFE Act state licensing)'],
      [1022, 'Regulation V (Fair Credit Reporting)'],
      [1024, 'Regulation X (Real Estate Settlement Procedures)'],
      [1026, 'Regulation Z (Truth in Lending)'],
      [1030, 'Regulation DD (Truth in Savings)'],
    ]),
  ],
  [
    31,
    new Map([
      [501, 'OFAC reporting, procedures and penalties'],
      [1010, 'BSA general provisions'],
      [1020, 'BSA rules for banks'],
      [1029, 'BSA rules for loan or finance companies'],
    ]),
  ],
  [16, new Map([[681, 'FTC Identity Theft Red Flags']])],
  [24, new Map([[3500, 'RESPA (legacy HUD Regulation X)']])],
]);

/** U.S. Code titles cited by the library; sections within them are too many to list. */
export const KNOWN_USC_TITLES: ReadonlySet<number> = new Set([12, 15, 42]);

export type ArticleCheckKind =
  | 'malformed_citation'
  | 'unknown_citation'
  | 'missing_section'
  | 'stale_review'
  | 'readability'
  | 'empty_summary';

export type ArticleCheckSeverity = 'error' | 'warning' | 'info';

export interface ArticleCheck {
  kind: ArticleCheckKind;
  severity: ArticleCheckSeverity;
  /** A full sentence for the editor, naming the problem and, where possible, the fix. */
  message: string;
}

export interface ArticleCheckInput {
  title: string;
  summary: string;
  /** The markdown body, without front matter. */
  body: string;
  /** The front matter's `citations`. */
  citations: string[];
  /** ISO day, `YYYY-MM-DD`. */
  lastReviewed: string;
}

export interface ArticleBodyDiff {
  /** Lines added and removed. */
  added: number;
  removed: number;
  parts: { kind: 'added' | 'removed' | 'same'; text: string }[];
}

// ---------------------------------------------------------------------------------------------
// Citations in text
// ---------------------------------------------------------------------------------------------

/*
 * Deliberately looser than `isWellFormedCitation`: it also matches what writers actually type
 * ("12 C.F.R. 1026.19", "12 CFR §1026.19", "12 CFR 1026.19 (e)", "42 USC 4012a") so the
 * enhancer can flag them with the corrected form instead of silently missing them.
 */
const CFR_WORD = String.raw`[Cc]\.?\s?[Ff]\.?\s?[Rr]\.?`;
const USC_WORD = String.raw`[Uu]\.?\s?[Ss]\.?\s?[Cc]\.?`;
const SECTION_SIGN = String.raw`(?:§§?|[Ss]ec(?:tion)?\.?)`;
const PART_WORD = String.raw`(?:[Pp]arts?|[Pp]t\.)`;
/** "1026.19", "1003", "4012a", "1681m", "5301-1". */
const SECTION_NUMBER = String.raw`\d{1,6}(?:\.\d{1,5}[a-z]?|[a-z]{0,2}(?:-\d{1,3})?)`;
/*
 * A paragraph written against the number ("(e)", "(iii)") or, mistyped, after a space. After a
 * space only designator-like contents count, so "12 CFR 1026.19 (TRID)" keeps its aside. An
 * unclosed "(e" is caught too, when the paragraph clearly ends there.
 */
const ATTACHED_PARAGRAPH = String.raw`\([A-Za-z0-9]{1,5}(?:\)|(?![A-Za-z0-9)]))`;
const SPACED_PARAGRAPH = String.raw`[ \t]\((?:[a-z]|[ivxl]{2,5}|[A-Z]|\d{1,2})\)`;
const PARAGRAPHS = String.raw`(?:${ATTACHED_PARAGRAPH}|${SPACED_PARAGRAPH})*`;

const CITATION_PATTERN = String.raw`\b(\d{1,2})\s*(${CFR_WORD}|${USC_WORD})\s*(?:${SECTION_SIGN}\s*)?(?:(${PART_WORD})\s*)?(${SECTION_NUMBER})(${PARAGRAPHS})`;

function citationsInText(): RegExp {
  // A fresh global regex per call: a shared one keeps `lastIndex` between callers.
  return new RegExp(CITATION_PATTERN, 'g');
}

const WHOLE_CITATION = new RegExp(String.raw`^${CITATION_PATTERN}$`);

/** Markdown wraps lines anywhere, and a reader sees any run of whitespace as one space. */
function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Citations written in the body, as written (whitespace collapsed), each once, in order of
 * first appearance; malformed ones included so they can be flagged.
 */
export function extractCitations(markdown: string): string[] {
  const found = new Set<string>();
  for (const match of markdown.matchAll(citationsInText())) {
    found.add(collapseWhitespace(match[0]));
  }
  return [...found];
}

/** The citation the writer most likely meant, in the library's form, if one can be told. */
function suggestedCitation(raw: string): string | undefined {
  const match = WHOLE_CITATION.exec(collapseWhitespace(raw));
  if (!match) return undefined;
  const [, title = '', sourceWord = '', partWord = '', number = '', paragraphs = ''] = match;
  const isCfr = /^c/i.test(sourceWord);
  // "parts 25, 228 and 345" names several parts: one suggestion would silently drop the others.
  if (/^parts$/i.test(partWord)) return undefined;
  // The U.S. Code has no parts to cite; what the writer meant cannot be told.
  if (partWord && !isCfr) return undefined;
  const suggestion = canonicalCitation(title, isCfr, partWord !== '', number, paragraphs);
  return isWellFormedCitation(suggestion) && suggestion !== raw ? suggestion : undefined;
}

function canonicalCitation(
  title: string,
  isCfr: boolean,
  namesPart: boolean,
  number: string,
  paragraphs: string,
): string {
  const cleanParagraphs = paragraphs.replace(/\s+/g, '');
  if (!isCfr) return `${title} U.S.C. ${number}${cleanParagraphs}`;
  // "12 CFR Part 1026.19" names a section: the word "part" was the mistake.
  const isWholePart = namesPart && !number.includes('.') && cleanParagraphs === '';
  return isWholePart ? `${title} CFR part ${number}` : `${title} CFR ${number}${cleanParagraphs}`;
}

function malformedCitationCheck(citation: string): ArticleCheck {
  const suggestion = suggestedCitation(citation);
  const fix = suggestion
    ? `Write it as "${suggestion}".`
    : 'Write citations as "12 CFR 1026.19(e)(1)(iii)", "12 CFR part 1003" or "42 U.S.C. 4012a(b)".';
  return {
    kind: 'malformed_citation',
    severity: 'error',
    message: `"${citation}" is not a well-formed citation. ${fix}`,
  };
}

/** What a well-formed citation refers to outside the library, or undefined when it is covered. */
function uncoveredReference(citation: string): string | undefined {
  const usc = /^(\d+) U\.S\.C\. /.exec(citation);
  if (usc) {
    const title = Number(usc[1]);
    if (KNOWN_USC_TITLES.has(title)) return undefined;
    return `title ${title} of the U.S. Code, which is not a title this library covers`;
  }
  const cfr = /^(\d+) CFR (?:part )?(\d+)/.exec(citation);
  if (!cfr) return undefined;
  const title = Number(cfr[1]);
  const part = Number(cfr[2]);
  if (KNOWN_CFR_PARTS.get(title)?.has(part)) return undefined;
  return `${title} CFR part ${part}, which is not a part this library covers`;
}

function citationCheck(citation: string): ArticleCheck | undefined {
  if (!isWellFormedCitation(citation)) return malformedCitationCheck(citation);
  const uncovered = uncoveredReference(citation);
  if (!uncovered) return undefined;
  return {
    kind: 'unknown_citation',
    severity: 'warning',
    message: `"${citation}" cites ${uncovered} — check the number.`,
  };
}

/** One check per distinct citation: the same one in the front matter and the body is one fix. */
function citationChecks(citations: readonly string[]): ArticleCheck[] {
  return [...new Set(citations)].flatMap((citation) => citationCheck(citation) ?? []);
}

// ---------------------------------------------------------------------------------------------
// Sections, summary, review date
// ---------------------------------------------------------------------------------------------

/** Fenced code is shown as written: a `## ` line or a citation inside it is not the article's. */
function withoutFencedCode(markdown: string): string {
  return markdown.replace(
    /^[ \t]{0,3}(```|~~~)[^\n]*\n[\s\S]*?(?:^[ \t]{0,3}\1[^\n]*$|(?![\s\S]))/gm,
    '',
  );
}

function sectionHeadings(markdown: string): Set<string> {
  const headings = new Set<string>();
  for (const match of withoutFencedCode(markdown).matchAll(/^## +(.+?)(?: +#+)? *$/gm)) {
    if (match[1]) headings.add(match[1].trim());
  }
  return headings;
}

function missingSectionChecks(body: string): ArticleCheck[] {
  const headings = sectionHeadings(body);
  return REQUIRED_SECTIONS.filter((section) => !headings.has(section)).map((section) => ({
    kind: 'missing_section',
    severity: 'error',
    message: `The article has no "## ${section}" section; every library article needs one.`,
  }));
}

function summaryChecks(summary: string): ArticleCheck[] {
  const length = summary.trim().length;
  if (length === 0) {
    return [
      {
        kind: 'empty_summary',
        severity: 'error',
        message: `The summary is empty. Write one or two plain sentences (at least ${MIN_SUMMARY_LENGTH} characters).`,
      },
    ];
  }
  if (length < MIN_SUMMARY_LENGTH) {
    return [
      {
        kind: 'empty_summary',
        severity: 'error',
        message: `The summary is only ${length} characters long. Write at least ${MIN_SUMMARY_LENGTH}: one or two plain sentences a reader can act on.`,
      },
    ];
  }
  return [];
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, or undefined if it is not a real calendar day. */
function dayNumberOfIsoDay(isoDay: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Date.UTC rolls "2026-02-30" over into March; a real day survives the round trip.
  const isRealDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay ? time / DAY_MS : undefined;
}

/**
 * Today's calendar day where the check runs. A review date is a day without a time zone, so it
 * is compared with the day the editor sees on their calendar, not with a UTC instant.
 */
function dayNumberOfDate(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;
}

function reviewDateChecks(lastReviewed: string, today: Date): ArticleCheck[] {
  const reviewed = dayNumberOfIsoDay(lastReviewed);
  if (reviewed === undefined) {
    return [
      {
        kind: 'stale_review',
        severity: 'error',
        message: `The last-reviewed date "${lastReviewed}" is not a valid date. Write it as YYYY-MM-DD.`,
      },
    ];
  }
  const age = dayNumberOfDate(today) - reviewed;
  if (age < 0) {
    return [
      {
        kind: 'stale_review',
        severity: 'error',
        message: `The last-reviewed date ${lastReviewed} is in the future. Use the day the article was actually reviewed.`,
      },
    ];
  }
  if (age > STALE_AFTER_DAYS) {
    return [
      {
        kind: 'stale_review',
        severity: 'warning',
        message: `The article was last reviewed on ${lastReviewed}, ${age} days ago. Review it against the regulation as in force: articles are due every ${STALE_AFTER_DAYS} days.`,
      },
    ];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Readability
// ---------------------------------------------------------------------------------------------

/** Removes inline markdown, keeping the words a reader reads. */
function inlineProse(text: string): string {
  return (
    text
      .replace(/`[^`]*`/g, ' ')
      .replace(/<!--[\s\S]*?-->|<[^>\n]+>/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/\bhttps?:\/\/\S+/g, ' ')
      // Citations are read as references, not words; their periods would also end sentences.
      .replace(citationsInText(), ' ')
      .replace(/\(\s*[,;]?\s*\)/g, ' ')
      .replace(/[*_~]+/g, '')
      .replace(/\\([^\w\s])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A list item or a paragraph reads as a sentence even when the writer left out the period. */
function asSentence(block: string): string {
  const prose = inlineProse(block);
  if (!prose) return '';
  return /[.!?]["'”’)\]]*$/.test(prose) ? prose : `${prose}.`;
}

const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const THEMATIC_BREAK = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
// Table cells are fragments; counted as prose they would read as one endless sentence.
const TABLE_ROW = /^\s*\|/;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+/;
const BLOCKQUOTE = /^\s*>\s?/;

/** The body's prose, one sentence-terminated block after another, without markdown syntax. */
function proseOfMarkdown(markdown: string): string {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) blocks.push(asSentence(current.join(' ')));
    current = [];
  };
  for (const line of withoutFencedCode(markdown).split(/\r?\n/)) {
    if (!line.trim() || HEADING.test(line) || THEMATIC_BREAK.test(line)) flush();
    else if (TABLE_ROW.test(line) || LINK_DEFINITION.test(line)) flush();
    else if (LIST_ITEM.test(line)) {
      flush();
      current.push(line.replace(LIST_ITEM, ''));
    } else current.push(line.replace(BLOCKQUOTE, ''));
  }
  flush();
  return blocks.filter(Boolean).join(' ');
}

// Their periods do not end a sentence.
const ABBREVIATIONS =
  /\b(?:e\.g|i\.e|etc|vs|U\.S|a\.m|p\.m|Mr|Mrs|Ms|Dr|Inc|Corp|No(?=\.\s*\d))\./g;

function sentenceCount(text: string): number {
  const ends = text
    .replace(ABBREVIATIONS, (abbreviation) => abbreviation.replaceAll('.', ''))
    .match(/[.!?]+["'”’)\]]*(?=\s|$)/g);
  return Math.max(1, ends?.length ?? 0);
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((token) => /[A-Za-z0-9]/.test(token));
}

/** Whole-word endings spoken as one syllable of their own ("require-ment", "time-ly"). */
const SUFFIX_SYLLABLE = /^([a-z]{3,}?)(ments?|ness|less|ful|ly)$/;

/**
 * Syllables in one run of letters, by vowel groups with the usual English corrections: silent
 * final "e", silent "-es"/"-ed", "qu" as a consonant, and vowel pairs spoken as two syllables.
 * Good to about a syllable on long words, which is what the grade formula needs.
 */
function syllablesOfLetters(letters: string): number {
  if (letters.length <= 3) return 1;
  const suffixed = SUFFIX_SYLLABLE.exec(letters);
  if (suffixed?.[1]) return syllablesOfLetters(suffixed[1]) + 1;
  const word = letters.replace(/qu/g, 'q').replace(/^y/, '');
  let count = word.match(/[aeiouy]+/g)?.length ?? 0;
  if (/[^aeiouy]e$/.test(word) && !/[^aeiouy]le$/.test(word)) count -= 1;
  if (/[^aeiouy]es$/.test(word) && !/(?:[sxz]|ch|sh|[cg])es$/.test(word)) count -= 1;
  if (/[^aeiouy]ed$/.test(word) && !/[td]ed$/.test(word)) count -= 1;
  // "compliance", "material"; not "-cial", "-tial" ("financial", "initial").
  count += word.match(/[^cgst]ia/g)?.length ?? 0;
  // "actual", "annual", "individual".
  count += word.match(/ual/g)?.length ?? 0;
  // "various", "previous"; not "-cious", "-gious", "-tious".
  count += word.match(/[^cgt]iou/g)?.length ?? 0;
  // "being", "doing", "paying".
  if (/[aeiouy]ing$/.test(word)) count += 1;
  return Math.max(1, count);
}

function syllablesOfWord(word: string): number {
  const parts = word
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (parts.length === 0) return 1;
  return parts.reduce((sum, part) => sum + syllablesOfLetters(part), 0);
}

/**
 * The Flesch–Kincaid grade level of plain prose (no markdown), to one decimal; 0 for empty text.
 * Clamped at 0: a negative grade says nothing more than "very easy".
 */
export function readingGrade(text: string): number {
  const words = wordsOf(text);
  if (words.length === 0) return 0;
  const syllables = words.reduce((sum, word) => sum + syllablesOfWord(word), 0);
  const grade =
    0.39 * (words.length / sentenceCount(text)) + 11.8 * (syllables / words.length) - 15.59;
  return Math.max(0, Math.round(grade * 10) / 10);
}

function readabilityCheck(body: string): ArticleCheck {
  const grade = readingGrade(proseOfMarkdown(body));
  const shown = grade.toFixed(1);
  if (grade <= MAX_READING_GRADE) {
    return {
      kind: 'readability',
      severity: 'info',
      message: `Reading grade level ${shown} (aim for ${MAX_READING_GRADE} or below: compliance staff read these between tasks).`,
    };
  }
  return {
    kind: 'readability',
    severity: 'warning',
    message: `Reading grade level ${shown} is above ${MAX_READING_GRADE}: shorten sentences and prefer plain words, since compliance staff read these between tasks.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The checks and the diff
// ---------------------------------------------------------------------------------------------

/**
 * Everything the enhancer reports on an article, grouped by topic in the order an editor fixes
 * them: summary, citations (front matter, then body), sections, review date, and always one
 * readability note last, so the editor sees the grade even when nothing else is wrong.
 */
export function checkArticle(input: ArticleCheckInput, today: Date): ArticleCheck[] {
  const body = withoutFencedCode(input.body);
  return [
    ...summaryChecks(input.summary),
    ...citationChecks([...input.citations, ...extractCitations(body)]),
    ...missingSectionChecks(input.body),
    ...reviewDateChecks(input.lastReviewed, today),
    readabilityCheck(input.body),
  ];
}

/** A line diff of two versions of a body, for the editor's review before saving. */
export function diffArticleBodies(before: string, after: string): ArticleBodyDiff {
  // A textarea may post CRLF, and editors drop or add the final newline: neither is an edit.
  const changes = diffLines(before, after, { stripTrailingCr: true, ignoreNewlineAtEof: true });
  let added = 0;
  let removed = 0;
  const parts = changes.map((change): ArticleBodyDiff['parts'][number] => {
    if (change.added) added += change.count;
    if (change.removed) removed += change.count;
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return { kind, text: change.value };
  });
  return { added, removed, parts };
}
