import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

/**
 * A path outside the app (a website page, or an unknown path that shows the landing page) is a
 * separate document: load it from the server instead of rendering it here.
 */
export function LeaveForWebsite() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <Spinner />;
}
