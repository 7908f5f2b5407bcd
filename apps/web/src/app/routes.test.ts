import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutePatterns } from '@/config/paths';
import { appRoutes } from './routes.tsx';

function collectPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...collectPaths(route.children ?? []),
  ]);
}

describe('single-page app routes', () => {
  // The server answers exactly `appRoutePatterns` with the app; a route missing there would
  // show the landing page instead of its page.
  it('are exactly the routes the server sends to the app', () => {
    expect(collectPaths(appRoutes).sort()).toEqual([...appRoutePatterns].sort());
  });
});
