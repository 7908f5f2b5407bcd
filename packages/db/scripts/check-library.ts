/**
 * Checks library article files while they are written: `npx tsx packages/db/scripts/check-library.ts
 * [area ...]` parses every article (of the given area folders, or all) and prints each problem,
 * then the article and rule counts per area.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIBRARY_CONTENT_DIR, parseLibraryArticle } from '../src/library/library-content.ts';

const requested = process.argv.slice(2);
const areas = (await readdir(LIBRARY_CONTENT_DIR, { withFileTypes: true }))
  .filter(
    (entry) => entry.isDirectory() && (requested.length === 0 || requested.includes(entry.name)),
  )
  .map((entry) => entry.name)
  .sort();

let problems = 0;
for (const area of areas) {
  let articles = 0;
  let rules = 0;
  for (const name of (await readdir(join(LIBRARY_CONTENT_DIR, area))).filter((n) =>
    n.endsWith('.md'),
  )) {
    const file = `${area}/${name}`;
    try {
      const article = parseLibraryArticle(
        file,
        await readFile(join(LIBRARY_CONTENT_DIR, file), 'utf8'),
      );
      if (`${article.slug}.md` !== name) throw new Error(`${file}: the file name must be the slug`);
      if (article.area !== area) throw new Error(`${file}: area is not its folder's`);
      for (const rule of article.rules) {
        if (!article.citations.includes(rule.citation)) {
          throw new Error(`${file}: ${rule.id}'s citation is not in the article's citations`);
        }
      }
      articles += 1;
      rules += article.rules.length;
    } catch (error) {
      problems += 1;
      process.stdout.write(`PROBLEM ${(error as Error).message}\n`);
    }
  }
  process.stdout.write(`${area}: ${articles} articles, ${rules} rules\n`);
}
process.exitCode = problems === 0 ? 0 : 1;
