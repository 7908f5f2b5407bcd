/**
 * The last build step: renders every public page to static HTML (SPEC.md §2's public routes,
 * the blog and the help centre), writes the document the server uses for unknown paths (the
 * landing page, noindex), sitemap.xml, robots.txt, and the manifest the server reads to tell
 * website pages from app routes. Run after `vite build` and the SSR build of src/site/prerender.tsx.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appRoutePatterns } from '../src/config/paths.ts';

interface PrerenderModule {
  listSitePaths(): string[];
  renderSitePage(pathname: string): Promise<{ body: string; head: string }>;
  ORIGIN_PLACEHOLDER: string;
}

export interface SiteManifest {
  /** Prerendered documents by path, relative to dist/. */
  pages: Record<string, string>;
  /** The landing page marked noindex, for every unknown path. */
  notFound: string;
  /** The single-page app's document and the routes it answers. */
  appShell: string;
  appRoutes: string[];
  originPlaceholder: string;
}

const webDir = resolve(import.meta.dirname, '..');
const distDir = join(webDir, 'dist');
const ssrDir = join(webDir, 'dist-ssr');

const prerender = (await import(
  pathToFileURL(join(ssrDir, 'prerender.js')).href
)) as PrerenderModule;
const template = readFileSync(join(distDir, 'site.html'), 'utf8');

function fill(rendered: { body: string; head: string }): string {
  if (!template.includes('<!--site-head-->') || !template.includes('<!--site-body-->')) {
    throw new Error('site.html lost its <!--site-head--> or <!--site-body--> marker');
  }
  return template
    .replace('<!--site-head-->', rendered.head)
    .replace('<!--site-body-->', rendered.body);
}

function fileFor(pathname: string): string {
  return pathname === '/' ? 'pages/index.html' : `pages${pathname}/index.html`;
}

function write(relative: string, content: string) {
  const target = join(distDir, relative);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
}

rmSync(join(distDir, 'pages'), { recursive: true, force: true });
const pages: Record<string, string> = {};
for (const pathname of prerender.listSitePaths()) {
  const file = fileFor(pathname);
  write(file, fill(await prerender.renderSitePage(pathname)));
  pages[pathname] = file;
}
const notFound = 'pages/not-found.html';
// Any path that is not a page renders the landing page; this one stands for all of them.
write(notFound, fill(await prerender.renderSitePage('/__unknown__')));

const origin = prerender.ORIGIN_PLACEHOLDER;
const sitemapEntries = Object.keys(pages)
  .sort()
  .map((pathname) => `  <url><loc>${origin}${pathname === '/' ? '/' : pathname}</loc></url>`);
write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapEntries.join('\n')}\n</urlset>\n`,
);
const disallowed = [...appRoutePatterns.filter((pattern) => !pattern.includes(':')), '/api/'];
write(
  'robots.txt',
  [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n'),
);

const manifest: SiteManifest = {
  pages,
  notFound,
  appShell: 'app.html',
  appRoutes: [...appRoutePatterns],
  originPlaceholder: origin,
};
write('site-manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `prerendered ${Object.keys(pages).length} pages, the unknown-path page, sitemap.xml and robots.txt`,
);
