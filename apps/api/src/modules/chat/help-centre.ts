import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The help centre's articles are the website's markdown (`apps/web/content/help`, one file per
 * article, front matter checked by the web app's `help-articles.test.ts`). The assistant reads
 * the same files once at start, so a guest's answer and the help page never disagree.
 */
export const HELP_CONTENT_DIR = fileURLToPath(
  new URL('../../../../web/content/help', import.meta.url),
);

export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  /** The body as plain words, lower-cased, for matching. */
  text: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** One `key: value` line of the front matter; YAML's quoted forms are unquoted. */
function frontMatterValue(frontMatter: string, key: string): string | undefined {
  const line = new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(frontMatter)?.[1]?.trim();
  if (line === undefined) return undefined;
  if (line.startsWith("'") && line.endsWith("'")) return line.slice(1, -1).replaceAll("''", "'");
  if (line.startsWith('"') && line.endsWith('"')) return line.slice(1, -1).replaceAll('\\"', '"');
  return line;
}

function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function parseHelpArticle(slug: string, source: string): HelpArticle | null {
  const match = FRONT_MATTER.exec(source);
  if (!match) return null;
  const frontMatter = match[1] ?? '';
  const title = frontMatterValue(frontMatter, 'title');
  const summary = frontMatterValue(frontMatter, 'summary');
  if (!title || !summary) return null;
  return { slug, title, summary, text: plainText(source.slice(match[0].length)) };
}

/** Every help article, by file name. */
export async function loadHelpCentre(dir: string = HELP_CONTENT_DIR): Promise<HelpArticle[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const articles = await Promise.all(
    files.map(async (name) =>
      parseHelpArticle(name.slice(0, -'.md'.length), await readFile(join(dir, name), 'utf8')),
    ),
  );
  return articles.filter((article): article is HelpArticle => article !== null);
}
