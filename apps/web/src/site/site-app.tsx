import { useEffect } from 'react';
import { StaticContentModeProvider, type StaticContentMode } from '@/components/static-content';
import type { LoadedSitePage } from './site-pages.tsx';
import { SiteShell } from './site-shell.tsx';

/** One public page in its frame: what the build prerenders and the browser hydrates. */
export function SiteApp({
  page,
  pathname,
  staticContent = 'render',
}: {
  page: LoadedSitePage;
  pathname: string;
  staticContent?: StaticContentMode;
}) {
  const Page = page.render;
  // The prerendered page looks finished before its code runs. Once this root effect has run
  // (after every child's, the cookie banner's included), the page is interactive: the
  // attribute says so to whoever waits for it (the browser tests, a synthetic monitor).
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <StaticContentModeProvider value={staticContent}>
      <SiteShell pathname={pathname}>
        <Page />
      </SiteShell>
    </StaticContentModeProvider>
  );
}
