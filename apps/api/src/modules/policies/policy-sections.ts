import { createHash } from 'node:crypto';

/** A section of a policy: its heading, depth, anchor for links, and the text under it. */
export interface PolicySection {
  heading: string;
  level: number;
  anchor: string;
  text: string;
}

/** A heading that stands before any text is kept under this name. */
export const OPENING_SECTION_HEADING = 'Opening text';

const MAX_HEADING_LENGTH = 120;

interface Heading {
  heading: string;
  level: number;
}

/** `## Timing`, the form Markdown and Word's heading styles (policy-document.ts) take. */
function markdownHeading(line: string): Heading | null {
  const match = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
  return match ? { heading: match[2]!, level: match[1]!.length } : null;
}

/**
 * `4. Timing`, `4.2 Revised estimates`, `4.2.1) Changed circumstances`: a number followed by a
 * short title that starts with a capital and is not a sentence (a numbered list item ends with a
 * full stop or runs long). The depth is the number's parts.
 */
function numberedHeading(line: string): Heading | null {
  const match = /^(\d{1,2}(?:\.\d{1,2}){0,4})[.)]?\s+(\p{Lu}.*)$/u.exec(line);
  if (!match || /[.;,:]$/.test(match[2]!)) return null;
  if (match[2]!.split(/\s+/).length > 14) return null;
  return { heading: line, level: match[1]!.split('.').filter(Boolean).length };
}

/** `Section 4 – Timing`, `ARTICLE II. Scope`, `IV. Record retention`. */
function namedHeading(line: string): Heading | null {
  if (/^(section|article|part|chapter)\s+(\d{1,3}|[ivxlc]{1,6})\b(?![.(]\d)/i.test(line)) {
    return /[.;,]$/.test(line) ? null : { heading: line, level: 1 };
  }
  if (/^[IVXLC]{1,6}\.\s+\p{Lu}/u.test(line) && !/[.;,:]$/.test(line)) {
    return { heading: line, level: 1 };
  }
  return null;
}

/** `PURPOSE AND SCOPE`: a short line in capitals, as many procedures set their headings. */
function capitalsHeading(line: string): Heading | null {
  const letters = line.replace(/[^\p{L}]/gu, '');
  if (letters.length < 5 || line.split(/\s+/).length > 10) return null;
  return letters === letters.toUpperCase() && /^\p{Lu}/u.test(line)
    ? { heading: line, level: 1 }
    : null;
}

/**
 * Whether a line is a heading. Markdown headings count anywhere; the other forms only where a
 * paragraph may start: at the top, after a blank line, a heading, or a line that ends a sentence
 * (a PDF's text has a line break per printed line and rarely a blank line between paragraphs).
 */
export function headingOf(line: string, startsParagraph: boolean): Heading | null {
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_HEADING_LENGTH) return null;
  const markdown = markdownHeading(trimmed);
  if (markdown) return markdown;
  if (!startsParagraph) return null;
  return numberedHeading(trimmed) ?? namedHeading(trimmed) ?? capitalsHeading(trimmed);
}

export function anchorOf(heading: string): string {
  const slug = heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'section';
}

/**
 * Splits a policy's text into sections at its headings. Text before the first heading is a
 * section of its own (`Opening text`); a heading with nothing under it is kept (it is the parent
 * of what follows). Anchors are unique within the document.
 */
export function splitIntoSections(text: string): PolicySection[] {
  const sections: PolicySection[] = [];
  let current: { heading: string; level: number; lines: string[] } = {
    heading: OPENING_SECTION_HEADING,
    level: 1,
    lines: [],
  };
  const close = () => {
    const body = current.lines.join('\n').trim();
    if (current.heading === OPENING_SECTION_HEADING && body.length === 0) return;
    sections.push({ heading: current.heading, level: current.level, anchor: '', text: body });
  };
  let paragraphMayStart = true;
  for (const line of text.split('\n')) {
    const heading = headingOf(line, paragraphMayStart);
    if (heading) {
      close();
      current = { heading: heading.heading, level: heading.level, lines: [] };
      paragraphMayStart = true;
      continue;
    }
    current.lines.push(line);
    paragraphMayStart = line.trim().length === 0 || /[.:;!?)]$/.test(line.trim());
  }
  close();
  const used = new Map<string, number>();
  for (const section of sections) {
    const base = anchorOf(section.heading);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    section.anchor = count === 1 ? base : `${base}-${count}`;
  }
  return sections;
}

/**
 * What identifies a section's content across versions: its heading and its words, whatever the
 * spacing or line breaks of the file it came from.
 */
export function sectionTextHash(section: Pick<PolicySection, 'heading' | 'text'>): string {
  const normalise = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
  return createHash('sha256')
    .update(`${normalise(section.heading)}\n${normalise(section.text)}`)
    .digest('hex');
}
