import { Menu, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { StaticContent } from '@/components/static-content';
import { buttonVariants } from '@/components/ui/button-variants';
import { DISCLAIMER } from '@/config/disclaimer';
import { FREE_TRIAL_PATH, paths, type PathName } from '@/config/paths';
import { ChatLauncher } from '@/features/chat/chat-launcher';
import { CookieConsent } from '@/features/cookie-consent/cookie-consent';
import { openCookiePreferences } from '@/lib/cookie-consent';

interface NavItem {
  label: string;
  to: PathName;
}

/** docs/product.md § Navigation and footer: the public navigation, word for word. */
const NAV: NavItem[] = [
  { label: 'Features', to: 'features' },
  { label: 'Pricing', to: 'pricing' },
  { label: 'About', to: 'about' },
  { label: 'Blog', to: 'blog' },
  { label: 'Contact', to: 'contact' },
];

/** docs/product.md § Navigation and footer: the footer's columns, word for word. */
const FOOTER_COLUMNS: { heading: string; items: NavItem[] }[] = [
  {
    heading: 'Product',
    items: [
      { label: 'Features', to: 'features' },
      { label: 'Pricing', to: 'pricing' },
    ],
  },
  {
    heading: 'Company',
    items: [
      { label: 'About Us', to: 'about' },
      { label: 'Contact', to: 'contact' },
    ],
  },
  {
    heading: 'Resources',
    items: [
      { label: 'Blog', to: 'blog' },
      { label: 'Help & Support', to: 'help' },
    ],
  },
  {
    heading: 'Legal',
    items: [
      { label: 'Privacy Policy', to: 'privacy' },
      { label: 'Terms of Service', to: 'terms' },
      { label: 'Cookie Policy', to: 'cookies' },
    ],
  },
];

/**
 * The frame of every public page: header with navigation (a menu button below 768 px), footer
 * with the disclaimer and Cookie Settings, and the cookie banner. Pages are separate documents,
 * so links are plain anchors.
 */
export function SiteShell({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader pathname={pathname} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <ChatLauncher />
      <CookieConsent />
    </div>
  );
}

function isCurrent(pathname: string, to: PathName): boolean {
  const target = paths[to];
  return pathname === target || pathname.startsWith(`${target}/`);
}

function SiteHeader({ pathname }: { pathname: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const linkClass = 'rounded px-1 py-2 hover:text-brand-700';
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <a href={paths.home} className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Complivue
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-5 text-sm font-medium text-slate-700">
            {NAV.map((item) => (
              <li key={item.to}>
                <a
                  href={paths[item.to]}
                  className={linkClass}
                  aria-current={isCurrent(pathname, item.to) ? 'page' : undefined}
                >
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a href={paths.login} className={linkClass}>
                Sign In
              </a>
            </li>
            <li>
              <a href={FREE_TRIAL_PATH} className={buttonVariants({ size: 'sm' })}>
                Start Free Trial
              </a>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Main"
        hidden={!menuOpen}
        className="border-t border-slate-200 px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col text-base font-medium text-slate-800">
          {NAV.map((item) => (
            <li key={item.to}>
              <a
                href={paths[item.to]}
                className="block py-3"
                aria-current={isCurrent(pathname, item.to) ? 'page' : undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <a href={paths.login} className="block py-3">
              Sign In
            </a>
          </li>
          <li className="pt-2">
            <a href={FREE_TRIAL_PATH} className={buttonVariants({ className: 'w-full' })}>
              Start Free Trial
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <StaticContent className="mb-8 grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.heading}>
              <h2 className="text-sm font-semibold text-slate-900">{column.heading}</h2>
              <ul className="mt-3 space-y-2 text-sm text-slate-700">
                {column.items.map((item) => (
                  <li key={item.to}>
                    <a href={paths[item.to]} className="hover:text-brand-700">
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </StaticContent>
        <button
          type="button"
          onClick={openCookiePreferences}
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Cookie Settings
        </button>
        <p className="mt-4 text-sm text-slate-700">{DISCLAIMER}</p>
        <p className="mt-2 text-sm text-slate-600">© {new Date().getFullYear()} Complivue</p>
      </div>
    </footer>
  );
}
