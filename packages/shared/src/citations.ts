/**
 * How a legal citation is written in the library, the feeds and the article enhancer:
 * a CFR section with its paragraphs ("12 CFR 1026.19(e)(1)(iii)"), a whole CFR part
 * ("12 CFR part 1003") or a United States Code section ("42 U.S.C. 4012a(b)"). CFR titles:
 * 12 (banking), 16 (the Federal Trade Commission's rules, such as its Red Flags Rule for
 * state-chartered credit unions and non-bank lenders), 24 (HUD), 31 (BSA, OFAC) and 32 (the
 * Department of Defense's Military Lending Act rule).
 */
const CFR_SECTION = /^(12|16|24|31|32) CFR \d{1,4}\.\d{1,4}[a-z]?(\([A-Za-z0-9]{1,5}\))*$/;
const CFR_PART = /^(12|16|24|31|32) CFR part \d{1,4}$/;
const USC_SECTION = /^\d{1,2} U\.S\.C\. \d{1,5}[a-z]{0,2}(-\d{1,2})?(\([A-Za-z0-9]{1,5}\))*$/;

export function isWellFormedCitation(citation: string): boolean {
  return CFR_SECTION.test(citation) || CFR_PART.test(citation) || USC_SECTION.test(citation);
}

const ECFR = 'https://www.ecfr.gov/current';

/**
 * Where a reader confirms a citation against the regulation itself: the eCFR section (at the
 * cited paragraph, eCFR's `#p-1026.19(e)(1)(iii)` anchor), the eCFR part, or the US Code
 * section on the House's site. Null for anything else (a range, a comment, a form name):
 * no link beats a wrong one.
 */
export function citationUrl(citation: string): string | null {
  const trimmed = citation.trim();
  if (CFR_PART.test(trimmed)) {
    const [title, , , part] = trimmed.split(' ');
    return `${ECFR}/title-${title}/part-${part}`;
  }
  if (CFR_SECTION.test(trimmed)) {
    const [title, , cited = ''] = trimmed.split(' ');
    const section = cited.replace(/\(.*$/, '');
    const anchor = cited === section ? '' : `#p-${cited}`;
    return `${ECFR}/title-${title}/section-${section}${anchor}`;
  }
  if (USC_SECTION.test(trimmed)) {
    const [title, , cited = ''] = trimmed.split(' ');
    const section = cited.replace(/\(.*$/, '');
    return `https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title${title}-section${section}&num=0&edition=prelim`;
  }
  return null;
}
