/**
 * How citations become searchable. PostgreSQL's text parser splits "1026.19(e)(1)" in ways that
 * lose its structure, so every citation is indexed as tokens for itself and each of its parents
 * ("12 CFR 1026.19(e)(1)" → cfr1026, cfr1026s19, cfr1026s19pe, cfr1026s19pep1), and a citation
 * or regulation name typed in a query ("1026.19(e)", "§ 1003.5", "Reg Z", "part 1002") becomes
 * the token of what it names. A query for a paragraph therefore finds everything citing it or
 * anything inside it.
 */

/** Regulation letters of the parts this product covers (Bureau and agency regulations). */
const REGULATION_PARTS: Record<string, string[]> = {
  b: ['1002'],
  c: ['1003'],
  e: ['1005'],
  g: ['1007'],
  h: ['1008'],
  v: ['1022'],
  x: ['1024'],
  z: ['1026'],
  dd: ['1030'],
  bb: ['25', '228', '345'],
};

const PART_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(REGULATION_PARTS).flatMap(([letter, parts]) =>
    parts.map((part) => [part, `reg${letter}`]),
  ),
);

const paragraphTokens = (paragraphs: string) =>
  [...paragraphs.matchAll(/\(([A-Za-z0-9]{1,5})\)/g)].map((match) => match[1]!.toLowerCase());

function sectionTerms(part: string, section: string | undefined, paragraphs: string): string[] {
  const terms = [`cfr${part}`];
  if (!section) return terms;
  let term = `cfr${part}s${section.toLowerCase()}`;
  terms.push(term);
  for (const paragraph of paragraphTokens(paragraphs)) {
    term += `p${paragraph}`;
    terms.push(term);
  }
  return terms;
}

/** The index terms of one well-formed citation (see citations.ts), with its regulation's name. */
export function citationSearchTerms(citation: string): string[] {
  const cfr =
    /^\d{1,2} CFR (?:part )?(\d{1,4})(?:\.(\d{1,4}[a-z]?))?((?:\([A-Za-z0-9]{1,5}\))*)$/.exec(
      citation,
    );
  if (cfr) {
    const [, part, section, paragraphs = ''] = cfr;
    const name = PART_NAMES[part!];
    return [...sectionTerms(part!, section, paragraphs), ...(name ? [name] : [])];
  }
  const usc = /^\d{1,2} U\.S\.C\. (\d{1,5}[a-z]{0,2})((?:\([A-Za-z0-9]{1,5}\))*)/.exec(citation);
  if (usc) {
    let term = `usc${usc[1]!.toLowerCase()}`;
    const terms = [term];
    for (const paragraph of paragraphTokens(usc[2] ?? '')) {
      term += `p${paragraph}`;
      terms.push(term);
    }
    return terms;
  }
  return [];
}

/** Every term of a list of citations, once, as one string for the index. */
export function citationIndexText(citations: readonly string[]): string {
  return [...new Set(citations.flatMap(citationSearchTerms))].join(' ');
}

const CITATION_IN_QUERY =
  /(?:\b\d{1,2}\s*C\.?\s?F\.?\s?R\.?\s*)?(?:§+\s*)?\b(\d{1,4})\.(\d{1,4}[a-z]?)((?:\s?\([A-Za-z0-9]{1,5}\))*)/g;
const PART_IN_QUERY = /\b(?:\d{1,2}\s*C\.?\s?F\.?\s?R\.?\s*(?:part\s*)?|part\s+)(\d{2,4})\b/gi;
const REGULATION_IN_QUERY = /\breg(?:ulation)?\.?\s+([a-z]{1,2})\b/gi;
const USC_IN_QUERY =
  /\b\d{1,2}\s*U\.?S\.?C\.?\s*§*\s*(\d{1,5}[a-z]{0,2})((?:\([A-Za-z0-9]{1,5}\))*)/gi;

export interface ParsedSearchQuery {
  /** What is left for full-text search after citations are taken out. */
  text: string;
  /** Index terms every result must carry (one per citation or regulation named). */
  citationTerms: string[];
}

/** Splits a typed query into citation terms and the remaining words. */
export function parseSearchQuery(query: string): ParsedSearchQuery {
  const citationTerms: string[] = [];
  let text = query;
  text = text.replace(USC_IN_QUERY, (_match, section: string, paragraphs: string) => {
    citationTerms.push(
      `usc${section.toLowerCase()}${paragraphTokens(paragraphs ?? '')
        .map((paragraph) => `p${paragraph}`)
        .join('')}`,
    );
    return ' ';
  });
  text = text.replace(CITATION_IN_QUERY, (_match, part: string, section: string, paragraphs) => {
    citationTerms.push(
      sectionTerms(part, section, String(paragraphs ?? '').replace(/\s/g, '')).at(-1)!,
    );
    return ' ';
  });
  text = text.replace(PART_IN_QUERY, (_match, part: string) => {
    citationTerms.push(`cfr${part}`);
    return ' ';
  });
  text = text.replace(REGULATION_IN_QUERY, (match, letter: string) => {
    const key = letter.toLowerCase();
    if (!REGULATION_PARTS[key]) return match;
    citationTerms.push(`reg${key}`);
    return ' ';
  });
  return { text: text.replace(/\s+/g, ' ').trim(), citationTerms: [...new Set(citationTerms)] };
}

/** A CFR section cited in running text, as written ("§ 1026.19(e)") and as index terms. */
export interface CitationInText {
  /** Normalised: "§ 1026.19(e)(1)(iii)". */
  citation: string;
  /** From the part to the most specific paragraph: cfr1026, cfr1026s19, cfr1026s19pe, … */
  terms: string[];
}

/**
 * The section-level CFR citations in a text (a policy section), each once. Bare numbers such as
 * "2.1" are read as citations too; they only matter if a library rule cites that part.
 */
export function citationsInText(text: string): CitationInText[] {
  const found = new Map<string, CitationInText>();
  for (const match of text.matchAll(CITATION_IN_QUERY)) {
    const [, part, section, rawParagraphs = ''] = match;
    const paragraphs = rawParagraphs.replace(/\s/g, '');
    const citation = `§ ${part}.${section}${paragraphs}`;
    if (!found.has(citation)) {
      found.set(citation, { citation, terms: sectionTerms(part!, section, paragraphs) });
    }
  }
  return [...found.values()];
}
