import { LoaderCircle, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import type { ChatLinkComponent } from './chat-text.tsx';
import type { ChatWidgetProps } from './chat-widget.tsx';
import { readWidgetState, storeWidgetState, type ChatWidgetState } from './widget-state.ts';

const LAUNCHER_CLASS =
  'fixed right-4 bottom-4 z-40 inline-flex h-12 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Shown when the widget's code cannot be loaded (offline, or a deploy replaced it). */
function WidgetUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="alert"
      className="fixed right-4 bottom-4 z-40 max-w-[calc(100vw-2rem)] rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 shadow-lg"
    >
      The assistant could not be loaded. Check your connection and reload the page.
      <button
        type="button"
        onClick={onClose}
        className="ml-2 font-semibold underline underline-offset-2"
      >
        Close
      </button>
    </div>
  );
}

// The widget's code (and the schemas it parses with) loads only when someone opens it.
const ChatWidget = lazy<ComponentType<ChatWidgetProps>>(() =>
  import('./chat-widget.tsx').then(
    (module) => ({ default: module.ChatWidget }),
    () => ({ default: (props: ChatWidgetProps) => <WidgetUnavailable onClose={props.onClose} /> }),
  ),
);

export interface ChatLauncherProps {
  /** The app knows its user is signed in; on the website the widget asks the server. */
  signedIn?: boolean;
  /** The app's router link, so that links in answers do not reload the app. */
  linkComponent?: ChatLinkComponent;
}

/**
 * The floating assistant's button (bottom right, on every page) and, once opened, its window.
 * Rendered after hydration only: the prerendered pages never contain it, and nothing but this
 * button ships with them.
 */
export function ChatLauncher({ signedIn, linkComponent }: ChatLauncherProps) {
  const hydrated = useHydrated();
  // Open or minimized on the previous page of this tab: so it stays.
  const [state, setState] = useState<ChatWidgetState>(() =>
    typeof window === 'undefined' ? 'closed' : readWidgetState(),
  );
  const [openedHere, setOpenedHere] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (state === 'closed' && returnFocus.current) {
      returnFocus.current = false;
      launcherRef.current?.focus();
    }
  }, [state]);

  function change(next: ChatWidgetState) {
    setState(next);
    storeWidgetState(next);
  }

  if (!hydrated) return null;
  return (
    <aside aria-label="Chat assistant" data-print="hide">
      {state === 'closed' ? (
        <button
          ref={launcherRef}
          type="button"
          className={LAUNCHER_CLASS}
          aria-haspopup="dialog"
          onClick={() => {
            setOpenedHere(true);
            change('open');
          }}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          <span className="sr-only sm:not-sr-only">Ask the assistant</span>
        </button>
      ) : (
        <Suspense
          fallback={
            <div role="status" className={LAUNCHER_CLASS}>
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              <span>Opening the assistant…</span>
            </div>
          }
        >
          <ChatWidget
            state={state}
            signedIn={signedIn}
            linkComponent={linkComponent}
            focusOnOpen={openedHere}
            onMinimize={() => change('minimized')}
            onRestore={() => change('open')}
            onClose={() => {
              returnFocus.current = true;
              change('closed');
            }}
          />
        </Suspense>
      )}
    </aside>
  );
}
