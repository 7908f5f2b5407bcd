import { isLocalPath } from '@complivue/shared/local-path';
import { Marked, type Tokens } from 'marked';

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
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown) as string;
}
