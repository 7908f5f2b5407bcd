/**
 * The little markdown the assistant writes (paragraphs, "- " lists, **bold** and links), parsed
 * into data that React renders as elements: nothing is ever inserted as HTML, and a link is kept
 * only when it goes to a path of this site or to an https address.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'link'; text: string; href: string; external: boolean };

export type Block = { type: 'paragraph'; lines: Inline[][] } | { type: 'list'; items: Inline[][] };

/** A path of this site ("/help/…", not "//host") or an https URL; anything else is refused. */
export function safeHref(href: string): { href: string; external: boolean } | null {
  if (/^\/(?![/\\])[^\s\\]*$/.test(href)) return { href, external: false };
  if (/^https:\/\/[^\s\\]+$/i.test(href)) {
    try {
      return { href: new URL(href).href, external: true };
    } catch {
      return null;
    }
  }
  return null;
}

const INLINE = /\*\*([^*\n]+)\*\*|\[([^\]\n]+)\]\(([^()\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const pieces: Inline[] = [];
  let last = 0;
  const push = (piece: Inline) => {
    const previous = pieces.at(-1);
    if (piece.type === 'text' && previous?.type === 'text') previous.text += piece.text;
    else if (piece.type !== 'text' || piece.text) pieces.push(piece);
  };
  for (const match of text.matchAll(INLINE)) {
    push({ type: 'text', text: text.slice(last, match.index) });
    const [whole, strong, linkText, href] = match;
    if (strong !== undefined) push({ type: 'strong', text: strong });
    else {
      const safe = safeHref(href!);
      push(safe ? { type: 'link', text: linkText!, ...safe } : { type: 'text', text: linkText! });
    }
    last = match.index + whole.length;
  }
  push({ type: 'text', text: text.slice(last) });
  return pieces;
}

export function parseChatMarkdown(content: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of content.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = chunk.split('\n').filter((line) => line.trim());
    if (lines.length === 0) continue;
    if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
      blocks.push({
        type: 'list',
        items: lines.map((line) => parseInline(line.replace(/^\s*[-*]\s+/, ''))),
      });
    } else {
      blocks.push({ type: 'paragraph', lines: lines.map((line) => parseInline(line)) });
    }
  }
  return blocks;
}
