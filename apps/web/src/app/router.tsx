import { createBrowserRouter } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RouteError } from './route-error.tsx';

/**
 * The route tree. Every page module is lazy-loaded; unknown paths show the landing page
 * (SPEC.md §2). Only built routes are registered: see `builtPaths` in config/paths.ts.
 */
const landing = async () => {
  const { LandingPage } = await import('@/features/marketing/landing-page');
  return { Component: LandingPage };
};

export const router = createBrowserRouter([
  {
    lazy: async () => {
      const { PublicLayout } = await import('@/components/layouts/public-layout');
      return { Component: PublicLayout };
    },
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Spinner />,
    children: [
      { path: paths.home, lazy: landing },
      { path: '*', lazy: landing },
    ],
  },
]);
