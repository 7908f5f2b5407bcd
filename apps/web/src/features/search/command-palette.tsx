import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { SEARCH_KIND_ITEM_LABELS } from '@complivue/shared/schemas/search';
import { Search } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSearch } from './api.ts';
import { Snippet } from './snippet.tsx';

const RESULTS_SHOWN = 8;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Cmd/Ctrl-K: search as you type; arrows move, Enter opens the highlighted result (or the full
 * results page when nothing is highlighted), Escape closes.
 */
export default function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebounced(query.trim(), 150);
  const results = useSearch({ q: debounced, page: 1 });
  const items = debounced ? (results.data?.items ?? []).slice(0, RESULTS_SHOWN) : [];
  const listId = useId();

  const close = () => {
    onOpenChange(false);
    setQuery('');
    setActive(0);
  };
  const openPath = (path: string) => {
    close();
    void navigate(path);
  };
  const allResults = () => openPath(`${paths.search}?q=${encodeURIComponent(query.trim())}`);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, Math.max(items.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item) openPath(item.path);
      else if (query.trim()) allResults();
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 rounded-lg bg-white shadow-xl">
          <Dialog.Title className="sr-only">Search</Dialog.Title>
          <Dialog.Description className="sr-only">
            Search the compliance library. Use the arrow keys to choose a result and Enter to open
            it.
          </Dialog.Description>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <Search aria-hidden="true" className="size-5 text-slate-500" />
            <input
              autoFocus
              role="combobox"
              aria-expanded={items.length > 0}
              aria-controls={listId}
              aria-activedescendant={items[active] ? `${listId}-${active}` : undefined}
              aria-label="Search compliance articles, regulations..."
              placeholder="Search compliance articles, regulations..."
              className="h-14 w-full bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-500"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label="Results"
            className="max-h-[55vh] overflow-y-auto p-2"
          >
            {items.map((item, index) => (
              <li
                key={`${item.kind}-${item.refId}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => openPath(item.path)}
                className={cn(
                  'cursor-pointer rounded-md px-3 py-2',
                  index === active ? 'bg-brand-50' : 'hover:bg-slate-50',
                )}
              >
                <span className="block text-sm font-medium text-slate-900">{item.title}</span>
                <span className="block text-xs text-slate-600">
                  {SEARCH_KIND_ITEM_LABELS[item.kind]}
                  {item.area ? ` · ${REGULATION_AREA_INFO[item.area].tag}` : ''} ·{' '}
                  <Snippet pieces={item.snippet.slice(0, 5)} />
                </span>
              </li>
            ))}
            {debounced && results.data && items.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-700" role="presentation">
                Nothing matches “{debounced}”.
              </li>
            )}
            {debounced && results.isError && (
              // A refusal (a lapsed plan) or a failure says why instead of an empty list.
              <li className="px-3 py-2 text-sm text-red-800" role="presentation">
                {results.error.message}
              </li>
            )}
          </ul>
          {query.trim() && (
            <div className="border-t border-slate-200 px-4 py-2 text-right">
              <button
                type="button"
                onClick={allResults}
                className="text-sm font-medium text-brand-700 underline"
              >
                See all results
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
