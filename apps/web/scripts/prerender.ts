/**
 * The last build step: renders every public page to static HTML (the public routes of
 * docs/product.md § Routes, the blog and the help centre), writes the document the server uses for
 * unknown paths (the landing page, noindex), sitemap.xml, robots.txt, and the manifest the server
 * reads to tell website pages from app routes. Run after `vite build` and the SSR build of
 * src/site/prerender.tsx.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
const template = paintFirst(readFileSync(join(distDir, 'site.html'), 'utf8'));

/**
 * Shapes the website's document so the first paint needs nothing but the HTML: the stylesheet
 * is inlined (one small file, ~6 KB compressed, instead of a render-blocking request), and the
 * JavaScript, which only hydrates what is already painted, is requested after the content
 * (the module script moves to the end of the body; the modulepreload hints that would compete
 * with the document for bandwidth are dropped, their modules load as the entry imports them).
 */
function paintFirst(html: string): string {
  const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/.exec(html);
  const script = /<script type="module"[^>]*><\/script>\s*/.exec(html);
  if (!stylesheet?.[1] || !script) throw new Error('site.html has no stylesheet or module script');
  const css = readFileSync(join(distDir, stylesheet[1]), 'utf8');
  return html
    .replace(stylesheet[0], `<style>${css}</style>\n`)
    .replace(script[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</body>', `  ${script[0].trim()}\n  </body>`);
}

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

// Text assets are compressed once here, at the strongest settings, and served as they are
// (the server picks .br or .gz by Accept-Encoding): no compression work per request.
let compressed = 0;
for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg)$/.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  compressed += 1;
}
process.stdout.write(
  `prerendered ${Object.keys(pages).length} pages, the unknown-path page, sitemap.xml and robots.txt; compressed ${compressed} files\n`,
);
