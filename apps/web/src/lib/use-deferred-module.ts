import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { logWarning } from './log.ts';

type Loader<T> = () => Promise<T>;

/** Where `requestIdleCallback` is missing, how long after mounting a deferred module loads. */
const IDLE_FALLBACK_DELAY_MS = 200;

// Per loader (a module-level function), so that every component using it shares one download
// and a component mounted later renders the loaded module at once.
const loadedModules = new WeakMap<Loader<unknown>, unknown>();
const pendingLoads = new WeakMap<Loader<unknown>, Promise<unknown>>();

function startLoad<T>(loader: Loader<T>): Promise<T> {
  let promise = pendingLoads.get(loader) as Promise<T> | undefined;
  if (!promise) {
    promise = loader().then(
      (module) => {
        loadedModules.set(loader, module);
        return module;
      },
      (error: unknown) => {
        // Forgotten, so that the next attempt (a click) downloads it again.
        pendingLoads.delete(loader);
        logWarning('A part of the page could not be loaded', error);
        throw error;
      },
    );
    pendingLoads.set(loader, promise);
  }
  return promise;
}

/**
 * A module the first paint does not need (a menu's or a drawer's library), kept out of the
 * signed-in app's initial JavaScript (DESIGN.md budget): it loads once the browser is idle after
 * the page shows, or at once when `load` is called because the person reached for it first.
 * Null until it has loaded. `loader` must be a module-level function (`() => import(...)`).
 */
export function useDeferredModule<T>(loader: Loader<T>): [T | null, () => void] {
  const [module, setModule] = useState<T | null>(
    () => (loadedModules.get(loader) as T | undefined) ?? null,
  );
  const load = useCallback(() => {
    startLoad(loader).then(
      (loaded) => setModule(() => loaded),
      // Logged in startLoad; what was shown stays, and the next attempt retries.
      () => undefined,
    );
  }, [loader]);

  useEffect(() => {
    if (module) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    // Safari has no requestIdleCallback: shortly after the page shows instead.
    const handle = window.setTimeout(load, IDLE_FALLBACK_DELAY_MS);
    return () => window.clearTimeout(handle);
  }, [module, load]);

  return [module, load];
}

/**
 * A dropdown menu whose code (Radix's menu and popper) is deferred with `useDeferredModule`.
 * Until it arrives, the header renders the same trigger button with `fallbackTriggerProps`: a
 * press, Enter, Space or ArrowDown loads the menu, which `defaultOpen` opens on arrival. The
 * loaded menu's trigger gets `loadedTriggerProps`: focus carries over if the button had it.
 */
export function useDeferredMenu<T>(loader: Loader<T>) {
  const [module, load] = useDeferredModule(loader);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = () => {
    setOpenOnLoad(true);
    load();
  };
  return {
    module,
    defaultOpen: openOnLoad,
    fallbackTriggerProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      // On pointer down, as the loaded menu opens: if its code arrives between the press and the
      // release, the button is replaced and the click never happens, but the menu still opens.
      onPointerDown: open,
      // Enter and Space on a button, and assistive technologies, click without a pointer.
      onClick: open,
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open();
      },
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
    },
    loadedTriggerProps: { autoFocus: focused },
  };
}
