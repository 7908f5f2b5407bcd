import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { RECORD_KIND_LABELS, SEARCH_KIND_ITEM_LABELS } from '@complivue/shared/schemas/search';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { useRecordSearch, useSearch } from './api.ts';

/** How many library results a suggestion list shows; the results page has the rest. */
const LIBRARY_SHOWN = 5;

export interface Suggestion {
  key: string;
  title: string;
  detail: string;
  path: string;
}

export interface SuggestionGroup {
  label: string;
  suggestions: Suggestion[];
}

export function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * What the search suggests as the person types: the institution's own records by kind (changes,
 * deadlines, risks, …), then the library's best matches. A plan that does not open the library
 * leaves its group out and says why (`libraryError`).
 */
export function useSuggestions(query: string) {
  const debounced = useDebounced(query.trim(), 150);
  const records = useRecordSearch(debounced);
  const library = useSearch({ q: debounced, page: 1 });
  const groups: SuggestionGroup[] = [];
  if (debounced) {
    for (const group of records.data?.groups ?? []) {
      groups.push({
        label: RECORD_KIND_LABELS[group.kind],
        suggestions: group.items.map((item) => ({
          key: `${group.kind}-${item.id}`,
          title: item.label,
          detail: item.detail,
          path: item.path,
        })),
      });
    }
    const found = (library.data?.items ?? []).slice(0, LIBRARY_SHOWN);
    if (found.length > 0) {
      groups.push({
        label: 'Compliance library',
        suggestions: found.map((item) => ({
          key: `${item.kind}-${item.refId}`,
          title: item.title,
          detail: `${SEARCH_KIND_ITEM_LABELS[item.kind]}${item.area ? ` · ${REGULATION_AREA_INFO[item.area].tag}` : ''}`,
          path: item.path,
        })),
      });
    }
  }
  return {
    debounced,
    groups,
    options: groups.flatMap((group) => group.suggestions),
    settled: Boolean(debounced) && !records.isFetching && !library.isFetching,
    libraryError: debounced && library.isError ? library.error.message : null,
  };
}

/**
 * Arrow keys move through the options, Enter opens the highlighted one (or `onSubmit` when none
 * is), Escape calls `onEscape`.
 */
export function useSuggestionKeys(options: {
  count: number;
  onOpen: (index: number) => void;
  onSubmit: () => void;
  onEscape?: () => void;
}) {
  const [active, setActive] = useState(-1);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, options.count - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0 && active < options.count) options.onOpen(active);
      else options.onSubmit();
    } else if (event.key === 'Escape' && options.onEscape) {
      event.preventDefault();
      options.onEscape();
    }
  };
  return { active, setActive, onKeyDown };
}

/** The suggestions as a listbox of labelled groups; `listId-N` is the N-th option's id. */
export function SuggestionList({
  listId,
  groups,
  active,
  onActive,
  onOpen,
  emptyText,
  errorText,
  className,
}: {
  listId: string;
  groups: SuggestionGroup[];
  active: number;
  onActive: (index: number) => void;
  onOpen: (path: string) => void;
  emptyText: string | null;
  errorText: string | null;
  className?: string;
}) {
  // Each group's first option's position in the flat list the keys move through.
  const offsets = groups.map((_, groupIndex) =>
    groups.slice(0, groupIndex).reduce((sum, group) => sum + group.suggestions.length, 0),
  );
  return (
    <div className={className}>
      <div id={listId} role="listbox" aria-label="Suggestions">
        {groups.map((group, groupIndex) => (
          <div
            key={group.label}
            role="group"
            aria-labelledby={`${listId}-group-${groupIndex}`}
            className="py-1"
          >
            <div
              id={`${listId}-group-${groupIndex}`}
              role="presentation"
              className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {group.label}
            </div>
            {group.suggestions.map((suggestion, indexInGroup) => {
              const position = offsets[groupIndex]! + indexInGroup;
              return (
                <div
                  key={suggestion.key}
                  id={`${listId}-${position}`}
                  role="option"
                  aria-selected={position === active}
                  // Keeps the input's focus, so that the list does not close before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => onActive(position)}
                  onClick={() => onOpen(suggestion.path)}
                  className={cn(
                    'cursor-pointer rounded-md px-3 py-1.5',
                    position === active ? 'bg-brand-50' : 'hover:bg-slate-50',
                  )}
                >
                  <span className="block truncate text-sm font-medium text-slate-900">
                    {suggestion.title}
                  </span>
                  {suggestion.detail && (
                    <span className="block truncate text-xs text-slate-600">
                      {suggestion.detail}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {emptyText && <p className="px-3 py-2 text-sm text-slate-700">{emptyText}</p>}
      {errorText && <p className="px-3 py-2 text-sm text-red-800">{errorText}</p>}
    </div>
  );
}
