import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appRoutePatterns } from './src/config/paths.ts';
import { markdownContent } from './vite-plugins/markdown.ts';
import { sharedInitialChunk } from './vite-plugins/shared-initial-chunk.ts';

const sharedInitial = sharedInitialChunk();

/** Whether a path is one of the single-page app's routes (patterns may hold `:param` segments). */
export function isAppRoute(pathname: string): boolean {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return appRoutePatterns.some((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}

/**
 * In development, as in production: app routes get the single-page app (app.html), every other
 * page path the public website (site.html, rendered in the browser instead of prerendered).
 */
function twoDocuments(): Plugin {
  return {
    name: 'complivue-two-documents',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const isPage =
          request.method === 'GET' &&
          request.headers.accept?.includes('text/html') &&
          !url.pathname.startsWith('/api') &&
          !url.pathname.startsWith('/@') &&
          !/\.[a-z0-9]+$/i.test(url.pathname);
        if (isPage) request.url = isAppRoute(url.pathname) ? '/app.html' : '/site.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), markdownContent(), twoDocuments(), sharedInitial.plugin],
  resolve: {
    alias: {
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // Only variables with this prefix may reach the browser; server secrets never have it.
  envPrefix: 'PUBLIC_',
  appType: 'mpa',
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      input: {
        app: fileURLToPath(new URL('./app.html', import.meta.url)),
        site: fileURLToPath(new URL('./site.html', import.meta.url)),
      },
      output: {
        codeSplitting: { groups: [{ name: 'shared', test: sharedInitial.test }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
