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
  return (
    <StaticContentModeProvider value={staticContent}>
      <SiteShell pathname={pathname}>
        <Page />
      </SiteShell>
    </StaticContentModeProvider>
  );
}
