import { renderToString } from 'react-dom/server';
import { SiteApp } from './site-app.tsx';
import { listSitePaths, loadSitePage, type PageHead } from './site-pages.tsx';

export { listSitePaths };

/** Marks where the server writes its public origin (APP_URL) when it loads the pages. */
export const ORIGIN_PLACEHOLDER = '%SITE_ORIGIN%';

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Title, description, canonical URL and Open Graph tags of one page. */
export function renderHead(head: PageHead, pathname: string): string {
  const url = `${ORIGIN_PLACEHOLDER}${pathname}`;
  const tags = [
    `<title>${escapeAttribute(head.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(head.description)}" />`,
    head.noindex
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${url}" />`,
    `<meta property="og:site_name" content="Complivue" />`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeAttribute(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(head.description)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (!head.noindex) tags.push(`<meta property="og:url" content="${url}" />`);
  return tags.join('\n    ');
}

/** One public page as HTML for the build: the body markup and its head tags. */
export async function renderSitePage(pathname: string): Promise<{ body: string; head: string }> {
  const page = await loadSitePage(pathname);
  const body = renderToString(<SiteApp page={page} pathname={pathname} />);
  return { body, head: renderHead(page.head, pathname) };
}
