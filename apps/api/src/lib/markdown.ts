import { isLocalPath } from '@complivue/shared/local-path';
import type { ArticleHeading } from '@complivue/shared/schemas/library';
import { Marked, type Token, type Tokens } from 'marked';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Links may go to web pages, mail, or a path of this app; nothing else (no `javascript:`). */
function safeHref(href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href) || href.startsWith('#') || isLocalPath(href)) {
    return href;
  }
  return null;
}

/**
 * Markdown to HTML for library articles, which institutions also write: raw HTML in the source
 * is shown as text, links are limited to safe schemes, images are not rendered (alt text only).
 */
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    link(token: Tokens.Link) {
      const href = safeHref(token.href);
      const text = this.parser.parseInline(token.tokens);
      if (!href) return text;
      const external = /^https?:/i.test(href);
      return `<a href="${escapeHtml(href)}"${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${text}</a>`;
    },
    image: (token: Tokens.Image) => escapeHtml(token.text),
    heading(token: Tokens.Heading) {
      const id = headingIds.get(token);
      const text = this.parser.parseInline(token.tokens);
      return `<h${token.depth}${id ? ` id="${id}"` : ''}>${text}</h${token.depth}>\n`;
    },
  },
});

/** The ids given to the headings of the document being rendered (rendering is synchronous). */
const headingIds = new WeakMap<Tokens.Heading, string>();

/** A heading's words without their markdown (emphasis, links, code). */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) =>
      'tokens' in token && token.tokens
        ? plainText(token.tokens)
        : 'text' in token
          ? token.text
          : '',
    )
    .join('');
}

/**
 * Markdown to HTML, with an id on every second- and third-level heading (`section-` and its
 * words, so no heading can take the id of an element of the page around it), listed in order
 * for a table of contents.
 */
export function renderArticle(markdown: string): { html: string; headings: ArticleHeading[] } {
  const tokens = marked.lexer(markdown);
  const headings: ArticleHeading[] = [];
  const used = new Map<string, number>();
  marked.walkTokens(tokens, (token) => {
    if (token.type !== 'heading') return;
    const heading = token as Tokens.Heading;
    if (heading.depth !== 2 && heading.depth !== 3) return;
    const text = plainText(heading.tokens).replace(/\s+/g, ' ').trim();
    const words = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const base = `section-${words || 'untitled'}`;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen + 1}`;
    headingIds.set(heading, id);
    headings.push({ id, text, level: heading.depth });
  });
  return { html: marked.parser(tokens), headings };
}

export function renderMarkdown(markdown: string): string {
  return renderArticle(markdown).html;
}
