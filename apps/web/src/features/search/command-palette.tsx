import { Search } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SuggestionList, useSuggestionKeys, useSuggestions } from './suggestions.tsx';

/**
 * Cmd/Ctrl-K (and the search button on small screens): the header box's suggestions in a dialog;
 * arrows move, Enter opens the highlighted result (or the full results page when nothing is
 * highlighted), Escape closes.
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
  const suggestions = useSuggestions(open ? query : '');
  const listId = useId();

  const close = () => {
    onOpenChange(false);
    setQuery('');
    keys.setActive(-1);
  };
  const openPath = (path: string) => {
    close();
    void navigate(path);
  };
  const allResults = () => {
    if (query.trim()) openPath(`${paths.search}?q=${encodeURIComponent(query.trim())}`);
  };
  const keys = useSuggestionKeys({
    count: suggestions.options.length,
    onOpen: (index) => openPath(suggestions.options[index]!.path),
    onSubmit: allResults,
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 rounded-lg bg-white shadow-xl">
          <Dialog.Title className="sr-only">Search</Dialog.Title>
          <Dialog.Description className="sr-only">
            Search your institution’s records and the compliance library. Use the arrow keys to
            choose a result and Enter to open it.
          </Dialog.Description>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <Search aria-hidden="true" className="size-5 text-slate-500" />
            <input
              autoFocus
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={suggestions.options.length > 0}
              aria-controls={listId}
              aria-activedescendant={keys.active >= 0 ? `${listId}-${keys.active}` : undefined}
              aria-label="Search compliance articles, regulations..."
              placeholder="Search compliance articles, regulations..."
              className="h-14 w-full bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-500"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                keys.setActive(-1);
              }}
              onKeyDown={keys.onKeyDown}
            />
          </div>
          <SuggestionList
            listId={listId}
            groups={suggestions.groups}
            active={keys.active}
            onActive={keys.setActive}
            onOpen={openPath}
            emptyText={
              suggestions.settled && suggestions.options.length === 0
                ? `Nothing matches “${suggestions.debounced}”.`
                : null
            }
            errorText={suggestions.libraryError}
            className="max-h-[55vh] overflow-y-auto p-2"
          />
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
