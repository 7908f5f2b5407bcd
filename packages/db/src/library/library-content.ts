import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { libraryArticleSourceSchema, type LibraryArticleSource } from '@complivue/shared/library';
import { parse as parseYaml } from 'yaml';

/** The shared library's markdown files: one per article, in a folder per regulation area. */
export const LIBRARY_CONTENT_DIR = fileURLToPath(new URL('../../content/library', import.meta.url));

/** The sections every article body has, in this order; the article enhancer checks the same. */
export const REQUIRED_ARTICLE_SECTIONS = ['Overview', 'Requirements', 'Evidence examiners expect'];

export interface LibraryArticleFile extends LibraryArticleSource {
  /** Markdown without the front matter. */
  body: string;
  /** Relative to the content folder, for error messages. */
  file: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export class LibraryContentError extends Error {}

/** Parses one article file; throws with the file name and the first problem found. */
export function parseLibraryArticle(file: string, source: string): LibraryArticleFile {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new LibraryContentError(`${file}: no front matter`);
  const raw: unknown = parseYaml(match[1] ?? '', { schema: 'core' });
  const parsed = libraryArticleSourceSchema.safeParse(withIsoDays(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LibraryContentError(`${file}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const body = source.slice(match[0].length).trim();
  const headings = [...body.matchAll(/^## (.+)$/gm)].map((heading) => heading[1]?.trim());
  for (const section of REQUIRED_ARTICLE_SECTIONS) {
    if (!headings.includes(section)) {
      throw new LibraryContentError(`${file}: the body has no "## ${section}" section`);
    }
  }
  return { ...parsed.data, body, file };
}

/** YAML's core schema reads `2026-11-22` as a string already; dates from other schemas too. */
function withIsoDays(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(withIsoDays);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIsoDays(v)]));
  }
  return value;
}

/** Every article of the shared library, sorted by area folder and file name. */
export async function readLibraryContent(
  dir: string = LIBRARY_CONTENT_DIR,
): Promise<LibraryArticleFile[]> {
  const areas = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const articles: LibraryArticleFile[] = [];
  for (const area of areas) {
    const files = (await readdir(join(dir, area))).filter((name) => name.endsWith('.md')).sort();
    for (const name of files) {
      const file = `${area}/${name}`;
      const article = parseLibraryArticle(file, await readFile(join(dir, file), 'utf8'));
      if (article.area !== area) {
        throw new LibraryContentError(`${file}: area "${article.area}" is not its folder's`);
      }
      if (`${article.slug}.md` !== name) {
        throw new LibraryContentError(`${file}: the file name must be the slug`);
      }
      articles.push(article);
    }
  }
  return articles;
}
