import { citationSearchTerms, type CitationInText } from '@complivue/shared/citation-search';

/**
 * How a policy section is matched to library rules (docs/decisions/0021-policy-cross-reference.md):
 *
 * 1. By citation: the section cites the rule's CFR section, or a section above or below it
 *    ("§ 1026.19(e)" matches a rule citing 12 CFR 1026.19(e)(3)(iv), and the other way round).
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

/** The weight of each lexeme across the rules: ln(1 + rules / rules using it). */
export function lexemeWeights(rules: readonly RuleForMatching[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rule of rules) {
    for (const lexeme of new Set(rule.lexemes)) counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
  }
  const weights = new Map<string, number>();
  for (const [lexeme, count] of counts) weights.set(lexeme, Math.log(1 + rules.length / count));
  return weights;
}

/** The rule's CFR terms, from its part to its most specific paragraph (no regulation name). */
const cfrTerms = (citation: string) =>
  citationSearchTerms(citation).filter((term) => term.startsWith('cfr'));

/** The first citation in the section that names the rule's section, or one above or below. */
function citationNaming(
  citations: readonly CitationInText[],
  ruleTerms: readonly string[],
): string | null {
  const ruleMostSpecific = ruleTerms.at(-1);
  if (!ruleMostSpecific) return null;
  for (const cited of citations) {
    const citedMostSpecific = cited.terms.at(-1)!;
    if (ruleTerms.includes(citedMostSpecific) || cited.terms.includes(ruleMostSpecific)) {
      return cited.citation;
    }
  }
  return null;
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

/** The rules a section is suggested to cover: every rule it cites, and its best word matches. */
export function suggestMatches(
  section: SectionForMatching,
  rules: readonly RuleForMatching[],
  weights: ReadonlyMap<string, number>,
): SuggestedMatch[] {
  const sectionLexemes = new Set(section.lexemes);
  const cited: SuggestedMatch[] = [];
  const byWords: SuggestedMatch[] = [];
  for (const rule of rules) {
    const ruleLexemes = [...new Set(rule.lexemes)];
    const total = ruleLexemes.reduce((sum, lexeme) => sum + (weights.get(lexeme) ?? 0), 0);
    const shared = ruleLexemes
      .filter((lexeme) => sectionLexemes.has(lexeme))
      .sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
    const sharedWeight = shared.reduce((sum, lexeme) => sum + (weights.get(lexeme) ?? 0), 0);
    const textScore = total > 0 ? Math.round((sharedWeight / total) * 1000) / 1000 : 0;
    const citedAs = citationNaming(section.citations, cfrTerms(rule.citation));
    const match = {
      ruleId: rule.id,
      citedAs,
      textScore,
      matchedWords: [...new Set(wordsAsWritten(section.text, shared.slice(0, WORDS_SHOWN)))],
    };
    if (citedAs) {
      cited.push({ ...match, method: 'citation' });
    } else if (textScore >= TEXT_MATCH_THRESHOLD && shared.length >= MIN_SHARED_WORDS) {
      byWords.push({ ...match, method: 'text' });
    }
  }
  byWords.sort((a, b) => b.textScore - a.textScore);
  return [...cited, ...byWords.slice(0, TEXT_MATCHES_PER_SECTION)];
}
