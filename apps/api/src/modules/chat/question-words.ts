/**
 * The words of a question that say what it is about, and a tolerant way to tell whether a
 * passage mentions them (a light suffix-stripping stem: "disclosures" meets "disclosure",
 * "timing" meets "time"). Deliberately simple: the database's full-text search ranks; these
 * words only decide whether what it found is relevant enough to quote.
 */

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had
  has have having he her here hers how i if in into is it its itself just me more most my no nor
  not now of off on once only or other our ours out over own same she should so some such than
  that the their theirs them then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours tell
  explain know need needs please thanks thank hi hello let lets us give show want find get got
  any anything something mean means say says said also like may might must shall one two three
  ok okay long often many much soon go goes going gets make makes made someone somebody anyone
  anybody latest earliest way ways able allowed happen happens exactly actually really still
  ask asked asks`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words that appear in nearly every library document, so they cannot show relevance by
 * themselves ("the mortgage rules for unicorn ranches" is not about the library's mortgage rules).
 */
const GENERIC_WORDS = new Set(
  `mortgage mortgages loan loans lender lenders lending compliance compliant regulation regulations
  regulatory rule rules requirement requirements require required requires law laws bank banks
  credit union unions institution institutions consumer consumers borrower borrowers cfr section
  federal guidance`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-cased words of letters and digits (a hyphen keeps "two-factor" whole). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/** The content words of a question, each once, in order (numbers alone are dropped). */
export function keywordsOf(text: string, limit = 10): string[] {
  const words = wordsOf(text).filter(
    (word) => word.length > 1 && !STOPWORDS.has(word) && !/^\d+$/.test(word),
  );
  return [...new Set(words)].slice(0, limit);
}

export function isGenericWord(word: string): boolean {
  return GENERIC_WORDS.has(word);
}

export function stem(word: string): string {
  if (word.length <= 3) return word;
  const stripped = word.replace(/(?:ations?|ings?|ments?|ors?|ies|ed|es|s|e|ly|al)$/u, '');
  return stripped.length >= 3 ? stripped : word;
}

/** Whether any of `words` is `keyword` in another form. */
export function mentions(words: ReadonlySet<string>, keyword: string): boolean {
  if (words.has(keyword)) return true;
  const keywordStem = stem(keyword);
  for (const word of words) {
    if (stem(word) === keywordStem) return true;
    if (keywordStem.length >= 5 && word.startsWith(keywordStem)) return true;
  }
  return false;
}
