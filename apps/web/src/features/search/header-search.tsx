import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SuggestionList, useSuggestionKeys, useSuggestions } from './suggestions.tsx';

const CommandPalette = lazy(() => import('./command-palette.tsx'));

/**
 * The header's search box (its placeholder: docs/product.md § Header), which suggests the
 * institution's records and the library's best matches as the person types, and the Cmd/Ctrl-K
 * palette, which is loaded the first time it opens.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const listId = useId();
  const suggestions = useSuggestions(focused ? query : '');

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

  const go = (path: string) => {
    setQuery('');
    keys.setActive(-1);
    void navigate(path);
  };
  const allResults = () => {
    if (query.trim()) go(`${paths.search}?q=${encodeURIComponent(query.trim())}`);
  };
  const keys = useSuggestionKeys({
    count: suggestions.options.length,
    onOpen: (index) => go(suggestions.options[index]!.path),
    onSubmit: allResults,
    onEscape: () => setQuery(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    allResults();
  };
  const open = focused && query.trim().length > 0 && suggestions.debounced.length > 0;

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
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open && suggestions.options.length > 0}
            aria-controls={listId}
            aria-activedescendant={keys.active >= 0 ? `${listId}-${keys.active}` : undefined}
            aria-label="Search compliance articles, regulations..."
            aria-keyshortcuts="Control+K Meta+K"
            placeholder="Search compliance articles, regulations..."
            value={query}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => {
              setQuery(event.target.value);
              keys.setActive(-1);
            }}
            onKeyDown={keys.onKeyDown}
            className="h-10 w-full rounded-md border border-slate-300 bg-white pr-16 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
          />
          <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-600">
            Ctrl K
          </kbd>
          <SuggestionList
            listId={listId}
            groups={open ? suggestions.groups : []}
            active={keys.active}
            onActive={keys.setActive}
            onOpen={go}
            emptyText={
              open && suggestions.settled && suggestions.options.length === 0
                ? `Nothing matches “${suggestions.debounced}”.`
                : null
            }
            errorText={open ? suggestions.libraryError : null}
            className={
              open
                ? 'absolute top-11 right-0 left-0 z-40 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg'
                : 'hidden'
            }
          />
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
