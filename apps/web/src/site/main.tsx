import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SiteApp } from './site-app.tsx';
import { loadSitePage } from './site-pages.tsx';
import './site.css';

/**
 * The public website's entry. The build prerendered this page's HTML; here its module is
 * loaded and the markup hydrated, which makes the menu, forms and cookie banner interactive.
 * (In development nothing is prerendered, so the page is rendered instead.)
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const { pathname } = window.location;
  const page = await loadSitePage(pathname);
  const prerendered = container.hasChildNodes();
  const app = (
    <StrictMode>
      <SiteApp page={page} pathname={pathname} staticContent={prerendered ? 'keep' : 'render'} />
    </StrictMode>
  );
  if (prerendered) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread: the painted page stays responsive while it becomes interactive.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    document.title = page.head.title;
    createRoot(container).render(app);
  }
}

void start();
