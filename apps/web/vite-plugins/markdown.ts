import { Marked } from 'marked';
import type { Plugin } from 'vite';
import { parse as parseYaml } from 'yaml';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export interface MarkdownModule {
  attributes: Record<string, unknown>;
  html: string;
  text: string;
}

/** Splits YAML front matter from the markdown body and renders the body to HTML. */
export function compileMarkdown(source: string): MarkdownModule {
  const match = FRONT_MATTER.exec(source);
  const attributes = (match ? parseYaml(match[1] ?? '') : {}) as Record<string, unknown>;
  const body = match ? source.slice(match[0].length) : source;
  const marked = new Marked({ gfm: true, async: false });
  const html = marked.parse(body) as string;
  return { attributes: normaliseDates(attributes), html, text: toPlainText(html) };
}

/** YAML turns `2026-06-01` into a Date; the pages want the ISO day as written. */
function normaliseDates(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(attributes).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString().slice(0, 10) : value,
    ]),
  );
}

function toPlainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Content pages (blog posts, help articles, legal pages) are markdown files in `content/`.
 * They are compiled at build time, so the browser receives HTML strings and never a markdown
 * parser; each export can be imported on its own (`import.meta.glob(..., { import: 'attributes' })`)
 * so an index page does not pull every body into its chunk.
 */
export function markdownContent(): Plugin {
  return {
    name: 'complivue-markdown-content',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const { attributes, html, text } = compileMarkdown(source);
      return {
        code: [
          `export const attributes = ${JSON.stringify(attributes)};`,
          `export const html = ${JSON.stringify(html)};`,
          `export const text = ${JSON.stringify(text)};`,
        ].join('\n'),
        map: null,
      };
    },
  };
}
