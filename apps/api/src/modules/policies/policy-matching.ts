import { citationSearchTerms, type CitationInText } from '@complivue/shared/citation-search';

/**
 * How a policy section is matched to library rules (docs/decisions/0021-policy-cross-reference.md):
 *
 * 1. By citation: the section cites the rule's CFR paragraph or one inside it ("§ 1026.19(e)(3)(iv)(A)"
 *    matches a rule citing 12 CFR 1026.19(e)(3)(iv)). A citation of a paragraph above the rule's
 *    ("§ 1026.19(e)", which holds a dozen rules) matches only where the section also shares at
 *    least ANCESTOR_TEXT_THRESHOLD of the rule's words: a scope statement citing a whole section
 *    is not a procedure for each rule in it.
 * 2. By words: PostgreSQL's English text search turns the section and each rule (title and
 *    requirement) into stemmed words (lexemes). A word's weight is its inverse document frequency
 *    across the rules, so that "loan" or "consumer", found in most rules, count little. The score
 *    is the share of the rule's total weight that the section also uses: 0.4 means the section
 *    uses words carrying 40% of the rule's weight. Above TEXT_MATCH_THRESHOLD, with at least
 *    MIN_SHARED_WORDS words in common, the rule is suggested (at most TEXT_MATCHES_PER_SECTION).
 *
 * Both are suggestions: a person confirms or rejects each one.
 */
export const TEXT_MATCH_THRESHOLD = 0.3;
export const ANCESTOR_TEXT_THRESHOLD = 0.2;
export const MIN_SHARED_WORDS = 4;
export const TEXT_MATCHES_PER_SECTION = 3;
/** The words shown with a match, the heaviest first. */
const WORDS_SHOWN = 8;

export interface RuleForMatching {
  id: string;
  citation: string;
  lexemes: readonly string[];
}

export interface SectionForMatching {
  text: string;
  citations: readonly CitationInText[];
  lexemes: readonly string[];
}

export interface SuggestedMatch {
  ruleId: string;
  method: 'citation' | 'text';
  citedAs: string | null;
  textScore: number;
  matchedWords: string[];
}

/**
 * Whether a lexeme carries meaning of its own: not a piece of a citation ("1026.19", "cfr",
 * "e", "iv"), which the citation matching reads properly. Plain numbers (60 days, $10,000) stay.
 */
const ROMAN_NUMERAL = /^(i{1,3}|iv|vi{0,3}|ix|x{1,3})$/;
const CITATION_WORDS = new Set(['cfr', 'u.s.c', 'usc', 'reg', 'part', 'section']);
export const isMeaningfulLexeme = (lexeme: string) =>
  lexeme.length > 1 &&
  !/^\d+\.\d/.test(lexeme) &&
  !ROMAN_NUMERAL.test(lexeme) &&
  !CITATION_WORDS.has(lexeme);

/** The weight of each lexeme across the rules: ln(1 + rules / rules using it). */
export function lexemeWeights(rules: readonly RuleForMatching[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rule of rules) {
    for (const lexeme of new Set(rule.lexemes.filter(isMeaningfulLexeme))) {
      counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
    }
  }
  const weights = new Map<string, number>();
  for (const [lexeme, count] of counts) weights.set(lexeme, Math.log(1 + rules.length / count));
  return weights;
}

/** The rule's CFR terms, from its part to its most specific paragraph (no regulation name). */
export const cfrTerms = (citation: string) =>
  citationSearchTerms(citation).filter((term) => term.startsWith('cfr'));

/**
 * The citation in the section that names the rule's paragraph or one inside it (`exact`), else
 * one that names a paragraph above it (`ancestor`), else null.
 */
function citationNaming(
  citations: readonly CitationInText[],
  ruleTerms: readonly string[],
): { citation: string; ancestor: boolean } | null {
  const ruleMostSpecific = ruleTerms.at(-1);
  if (!ruleMostSpecific) return null;
  const exact = citations.find((cited) => cited.terms.includes(ruleMostSpecific));
  if (exact) return { citation: exact.citation, ancestor: false };
  const above = citations.find((cited) => ruleTerms.includes(cited.terms.at(-1)!));
  return above ? { citation: above.citation, ancestor: true } : null;
}

/**
 * A lexeme as the section wrote it: the first word of the section the stem came from (stems are
 * mostly prefixes: "disclosur" ← "disclosure"; "deliveri" ← "delivery"), else the stem itself.
 */
function wordsAsWritten(text: string, lexemes: readonly string[]): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  return lexemes.map((lexeme) => {
    const stem = lexeme.endsWith('i') ? lexeme.slice(0, -1) : lexeme;
    return words.find((word) => word.startsWith(stem)) ?? lexeme;
  });
}

interface PreparedRule {
  id: string;
  /** Its meaningful lexemes, each once. */
  lexemes: string[];
  /** The sum of their weights: what a section's shared words are a share of. */
  totalWeight: number;
  cfrTerms: string[];
}

/**
 * What suggestMatches needs of each rule, worked out once per list of rules and weights rather
 * than once per section: a 100-page policy has hundreds of sections, each matched against every
 * rule (bench/policies.ts).
 */
const preparedRules = new WeakMap<
  readonly RuleForMatching[],
  { weights: ReadonlyMap<string, number>; rules: PreparedRule[] }
>();

function prepareRules(
  rules: readonly RuleForMatching[],
  weights: ReadonlyMap<string, number>,
): PreparedRule[] {
  const cached = preparedRules.get(rules);
  if (cached?.weights === weights) return cached.rules;
  const prepared = rules.map((rule) => {
    const lexemes = [...new Set(rule.lexemes.filter(isMeaningfulLexeme))];
    return {
      id: rule.id,
      lexemes,
      totalWeight: lexemes.reduce((sum, lexeme) => sum + (weights.get(lexeme) ?? 0), 0),
      cfrTerms: cfrTerms(rule.citation),
    };
  });
  preparedRules.set(rules, { weights, rules: prepared });
  return prepared;
}

/** The rules a section is suggested to cover: every rule it cites, and its best word matches. */
export function suggestMatches(
  section: SectionForMatching,
  rules: readonly RuleForMatching[],
  weights: ReadonlyMap<string, number>,
): SuggestedMatch[] {
  const sectionLexemes = new Set(section.lexemes.filter(isMeaningfulLexeme));
  const weightOf = (lexeme: string) => weights.get(lexeme) ?? 0;
  const cited: (SuggestedMatch & { shared: string[] })[] = [];
  const byWords: (SuggestedMatch & { shared: string[] })[] = [];
  for (const rule of prepareRules(rules, weights)) {
    const shared = rule.lexemes.filter((lexeme) => sectionLexemes.has(lexeme));
    const sharedWeight = shared.reduce((sum, lexeme) => sum + weightOf(lexeme), 0);
    const textScore =
      rule.totalWeight > 0 ? Math.round((sharedWeight / rule.totalWeight) * 1000) / 1000 : 0;
    const named = citationNaming(section.citations, rule.cfrTerms);
    const citedAs =
      named && (!named.ancestor || textScore >= ANCESTOR_TEXT_THRESHOLD) ? named.citation : null;
    const match = { ruleId: rule.id, citedAs, textScore, matchedWords: [], shared };
    if (citedAs) {
      cited.push({ ...match, method: 'citation' });
    } else if (textScore >= TEXT_MATCH_THRESHOLD && shared.length >= MIN_SHARED_WORDS) {
      byWords.push({ ...match, method: 'text' });
    }
  }
  byWords.sort((a, b) => b.textScore - a.textScore);
  // The words as written are looked up only for the rules suggested (the costly part).
  return [...cited, ...byWords.slice(0, TEXT_MATCHES_PER_SECTION)].map(({ shared, ...match }) => ({
    ...match,
    matchedWords: [
      ...new Set(
        wordsAsWritten(
          section.text,
          [...shared].sort((a, b) => weightOf(b) - weightOf(a)).slice(0, WORDS_SHOWN),
        ),
      ),
    ],
  }));
}
