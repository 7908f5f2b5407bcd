import type { LoadedSitePage } from './site-pages.tsx';
import { SiteShell } from './site-shell.tsx';

/** One public page in its frame: what the build prerenders and the browser hydrates. */
export function SiteApp({ page, pathname }: { page: LoadedSitePage; pathname: string }) {
  const Page = page.render;
  return (
    <SiteShell pathname={pathname}>
      <Page />
    </SiteShell>
  );
}
