import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What the product must do is written in the repository: docs/product.md. Comments and documents
 * cite it by heading ("docs/product.md § Chat assistant") or by anchor ("product.md#chat-assistant"),
 * so a renamed heading must fail here rather than leave citations that lead nowhere. The
 * specification the product started from is not in the repository; a citation of it cannot be
 * followed by a reader, so none is allowed.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCT_DOC = 'docs/product.md';
/** This file spells out the patterns it looks for. */
const THIS_FILE = 'scripts/docs-references.test.ts';

/** Build output, data and test artefacts: not written by people. */
const SKIPPED_PATHS = new Set([
  'data',
  'bench/results',
  'apps/web/dist',
  'apps/web/dist-ssr',
  'apps/api/dist',
  'e2e/.artifacts',
]);
const SKIPPED_NAMES = new Set(['node_modules', '.git']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|sql|css|html|ya?ml)$|(?:^|\/)Dockerfile$/;

function listTextFiles(directory = ROOT): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = relative(ROOT, join(directory, entry.name)).split(sep).join('/');
    if (SKIPPED_NAMES.has(entry.name) || SKIPPED_PATHS.has(path)) continue;
    if (entry.isDirectory()) files.push(...listTextFiles(join(directory, entry.name)));
    else if (entry.isFile() && TEXT_FILE.test(path) && path !== THIS_FILE) files.push(path);
  }
  return files;
}

interface Line {
  file: string;
  number: number;
  text: string;
}

function readLines(files: readonly string[]): Line[] {
  return files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .map((text, index) => ({ file, number: index + 1, text })),
  );
}

/** The headings of a markdown document, outside code blocks, as written. */
function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) inCode = !inCode;
    const heading = !inCode && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) headings.push(heading[1]!);
  }
  return headings;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The heading a citation names: the longest heading the text after "§ " starts with, ending at
 * a word's end. Text may follow it ("§ Access, with the table"); null when no heading fits.
 */
function citedHeading(rest: string, headings: readonly string[]): string | null {
  const fitting = headings.filter(
    (heading) => rest.startsWith(heading) && !/^[\p{L}\p{N}-]/u.test(rest.slice(heading.length)),
  );
  return fitting.sort((a, b) => b.length - a.length)[0] ?? null;
}

const files = listTextFiles();
const lines = readLines(files);
const productDoc = readFileSync(join(ROOT, PRODUCT_DOC), 'utf8');
const headings = headingsOf(productDoc);
const anchors = new Set(headings.map(anchorOf));
const where = (line: Line) => `${line.file}:${line.number}`;

describe('references to the product specification', () => {
  it('finds the repository’s files and the document’s headings', () => {
    expect(files).toContain(PRODUCT_DOC);
    expect(files).toContain('packages/shared/src/access.ts');
    expect(headings).toContain('Chat assistant');
  });

  it('never cites SPEC.md, which is not in the repository', () => {
    const citations = lines.filter((line) => /SPEC\.md/i.test(line.text)).map(where);
    expect(citations).toEqual([]);
  });

  it('gives every heading of docs/product.md once, so that a citation names one section', () => {
    const repeated = headings.filter((heading, index) => headings.indexOf(heading) !== index);
    expect(repeated).toEqual([]);
    expect(new Set(headings.map(anchorOf)).size).toBe(headings.length);
  });

  it('cites only headings that docs/product.md has, each on one line', () => {
    const broken: string[] = [];
    let cited = 0;
    lines.forEach((line, index) => {
      const next = lines[index + 1];
      // "docs/product.md" at the end of a line and "§ Access" at the start of the next one.
      if (
        /product\.md\s*$/.test(line.text) &&
        next?.file === line.file &&
        /^[\s*/#-]*§/.test(next.text)
      ) {
        broken.push(`${where(line)}: a citation split across lines`);
      }
      const first = /product\.md\s*§/.exec(line.text);
      if (!first) return;
      // The first section and any named after it on the line ("§ Sign-up and § Constants").
      for (const match of line.text.slice(first.index).matchAll(/§\s*/g)) {
        cited += 1;
        const rest = line.text.slice(first.index + match.index + match[0].length);
        if (rest.trim() === '') broken.push(`${where(line)}: a citation split across lines`);
        else if (!citedHeading(rest, headings)) broken.push(`${where(line)}: § ${rest}`);
      }
    });
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(0);
  });

  it('links only to anchors that docs/product.md has', () => {
    const broken: string[] = [];
    for (const line of lines) {
      const inProductDoc = line.file === PRODUCT_DOC;
      const links = [
        ...line.text.matchAll(/product\.md#([\p{L}\p{N}_-]+)/gu),
        ...(inProductDoc ? line.text.matchAll(/\]\(#([\p{L}\p{N}_-]+)\)/gu) : []),
      ];
      for (const [, anchor] of links) {
        if (!anchors.has(anchor!)) broken.push(`${where(line)}: #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
