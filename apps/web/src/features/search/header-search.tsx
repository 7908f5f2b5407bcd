import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

const CommandPalette = lazy(() => import('./command-palette.tsx'));

/**
 * The header's search box (its placeholder: docs/product.md § Header) and the Cmd/Ctrl-K palette,
 * which is loaded the first time it opens.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteLoaded, setPaletteLoaded] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteLoaded(true);
        setPaletteOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    void navigate(`${paths.search}?q=${encodeURIComponent(query.trim())}`);
    setQuery('');
  };

  return (
    <>
      <form role="search" onSubmit={submit} className="hidden max-w-md flex-1 lg:block">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            type="search"
            aria-label="Search compliance articles, regulations..."
            aria-keyshortcuts="Control+K Meta+K"
            placeholder="Search compliance articles, regulations..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-10 w-full rounded-md border border-slate-300 bg-white pr-16 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
          />
          <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-600">
            Ctrl K
          </kbd>
        </div>
      </form>
      <button
        type="button"
        aria-label="Search"
        onClick={() => {
          setPaletteLoaded(true);
          setPaletteOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      {paletteLoaded && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      )}
    </>
  );
}
