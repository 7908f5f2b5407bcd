import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths, sitePageNames } from '@/config/paths';
import { useSession } from '@/lib/session';

/**
 * A path outside the app (a website page) is a separate document: load it from the server
 * instead of rendering it here.
 */
export function LeaveForWebsite({ to }: { to?: string }) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(to ?? `${pathname}${search}${hash}`);
  }, [to, pathname, search, hash]);
  return <Spinner />;
}

const WEBSITE_PATHS = new Set<string>(sitePageNames.map((name) => paths[name]));

/** The website's pages: the prerendered documents and the blog's and help centre's articles. */
export const isWebsitePath = (pathname: string) =>
  WEBSITE_PATHS.has(pathname) || /^\/(?:blog|help)\/[^/]+\/?$/.test(pathname);

/** An in-app "page not found": what was asked, and the way back. */
export function PageNotFound() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-sm break-words text-slate-700">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.dashboard}>Back to the dashboard</Link>
        </Button>
        <Button variant="secondary" asChild>
          <Link to={paths.search}>Search</Link>
        </Button>
      </div>
    </main>
  );
}

/**
 * A path the app's router does not know: a website page is loaded from the server; anything
 * else is a page that does not exist, said in the app to a signed-in member, and the landing
 * page for anyone else (never the same path again: the server answers a browser with a session
 * cookie with this app, so reloading it could loop).
 */
export function UnknownPath() {
  const { pathname } = useLocation();
  const website = isWebsitePath(pathname);
  const session = useSession();
  if (website) return <LeaveForWebsite />;
  if (session.isPending) return <Spinner />;
  if (session.data) return <PageNotFound />;
  return <LeaveForWebsite to={paths.home} />;
}
