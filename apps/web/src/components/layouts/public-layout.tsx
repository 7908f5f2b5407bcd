import { Link, Outlet } from 'react-router';
import { DISCLAIMER } from '@/config/disclaimer';
import { Button } from '@/components/ui/button';
import { FREE_TRIAL_PATH, isBuilt, paths, type PathName } from '@/config/paths';

interface NavItem {
  label: string;
  to: PathName;
}

/** SPEC.md §2 navigation and footer; an item appears once its page exists. */
const NAV: NavItem[] = [
  { label: 'Features', to: 'features' },
  { label: 'Pricing', to: 'pricing' },
  { label: 'About', to: 'about' },
  { label: 'Blog', to: 'blog' },
  { label: 'Contact', to: 'contact' },
  { label: 'Sign In', to: 'login' },
];

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

function builtOnly(items: NavItem[]): NavItem[] {
  return items.filter((item) => isBuilt(item.to));
}

export function PublicLayout() {
  const nav = builtOnly(NAV);
  const columns = FOOTER_COLUMNS.map((column) => ({
    ...column,
    items: builtOnly(column.items),
  })).filter((column) => column.items.length > 0);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link
            to={paths.home}
            className="flex items-center gap-2 text-lg font-bold text-brand-800"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Complivue
          </Link>
          {nav.length > 0 && (
            <nav aria-label="Main">
              <ul className="flex items-center gap-6 text-sm font-medium text-slate-700">
                {nav.map((item) => (
                  <li key={item.to}>
                    <Link to={paths[item.to]} className="hover:text-brand-700">
                      {item.label}
                    </Link>
                  </li>
                ))}
                {isBuilt('signup') && (
                  <li>
                    <Button asChild size="sm">
                      <Link to={FREE_TRIAL_PATH}>Start Free Trial</Link>
                    </Button>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          {columns.length > 0 && (
            <div className="mb-8 grid grid-cols-2 gap-8 sm:grid-cols-4">
              {columns.map((column) => (
                <div key={column.heading}>
                  <h2 className="text-sm font-semibold text-slate-900">{column.heading}</h2>
                  <ul className="mt-3 space-y-2 text-sm text-slate-700">
                    {column.items.map((item) => (
                      <li key={item.to}>
                        <Link to={paths[item.to]} className="hover:text-brand-700">
                          {item.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
          <p className="text-sm text-slate-700">{DISCLAIMER}</p>
          <p className="mt-2 text-sm text-slate-600">© {new Date().getFullYear()} Complivue</p>
        </div>
      </footer>
    </div>
  );
}
