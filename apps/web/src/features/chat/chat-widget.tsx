import { CHAT_MESSAGE_MAX_LENGTH, CHAT_WIDGET } from '@complivue/shared/schemas/chat';
import { Bot, ChevronUp, Minus, SendHorizontal, Trash2, X } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { ChatLink, ChatText, type ChatLinkComponent } from './chat-text.tsx';
import { textareaRows } from './textarea-rows.ts';
import { useChat, type ChatEntry } from './use-chat.ts';
import type { ChatWidgetState } from './widget-state.ts';

export interface ChatWidgetProps {
  state: Exclude<ChatWidgetState, 'closed'>;
  /** True inside the app (the layout knows); unset on the website, which asks the server. */
  signedIn?: boolean;
  linkComponent?: ChatLinkComponent;
  /** Move focus into the widget when it opens (not when it reappears on a new page). */
  focusOnOpen: boolean;
  onMinimize: () => void;
  onRestore: () => void;
  onClose: () => void;
}

const HEADER_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white';

function HeaderButton({
  label,
  onClick,
  children,
  buttonRef,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={HEADER_BUTTON}
    >
      {children}
    </button>
  );
}

function TypingIndicator() {
  return (
    <div role="status" className="flex items-center gap-1 px-1 py-2" data-testid="chat-typing">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="size-2 animate-bounce rounded-full bg-slate-500 motion-reduce:animate-none"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
      <span className="sr-only">The assistant is typing</span>
    </div>
  );
}

function Message({
  entry,
  linkComponent,
}: {
  entry: ChatEntry;
  linkComponent?: ChatLinkComponent;
}) {
  if (entry.role === 'user') {
    return (
      <li className="flex justify-end" data-role="user">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-lg rounded-br-sm bg-brand-700 px-3 py-2 text-white">
          <span className="sr-only">You: </span>
          {entry.content}
        </div>
      </li>
    );
  }
  if (entry.status === 'streaming' && !entry.content) return null;
  return (
    <li className="flex justify-start" data-role="assistant" data-status={entry.status}>
      <div
        className={cn(
          'max-w-[90%] break-words rounded-lg rounded-bl-sm px-3 py-2',
          entry.status === 'error'
            ? 'border border-red-200 bg-red-50 text-red-800'
            : 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">Assistant: </span>
        <ChatText content={entry.content} linkComponent={linkComponent} />
        {entry.sources.length > 0 && (
          <div className="mt-2 border-t border-slate-200 pt-2">
            <p className="text-xs font-semibold text-slate-700">Sources</p>
            <ul className="mt-1 space-y-1 text-xs">
              {entry.sources.map((source) => (
                <li key={`${source.path}-${source.title}`}>
                  <ChatLink href={source.path} external={false} linkComponent={linkComponent}>
                    {source.title}
                  </ChatLink>
                  {source.citation && <span className="text-slate-700"> · {source.citation}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * The assistant's window (docs/product.md § Chat assistant): 384 × 500 px when open (never larger
 * than the screen), a 56 px bar when minimized. Loaded only when someone first opens the assistant.
 * Escape minimizes the open window and closes the minimized bar.
 */
export function ChatWidget({
  state,
  signedIn,
  linkComponent,
  focusOnOpen,
  onMinimize,
  onRestore,
  onClose,
}: ChatWidgetProps) {
  const chat = useChat({ signedIn });
  const [draft, setDraft] = useState('');
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'input' | 'restore' | null>(focusOnOpen ? 'input' : null);

  // Focus follows the state: into the input when the window opens, onto the bar's restore
  // button when it is minimized (so Escape or Enter there keeps working).
  useEffect(() => {
    if (focusNext.current === 'input' && state === 'open') inputRef.current?.focus();
    if (focusNext.current === 'restore' && state === 'minimized') restoreRef.current?.focus();
    focusNext.current = null;
  }, [state]);

  // The input grows with its text from 1 to 3 rows (docs/product.md § Chat assistant), then
  // scrolls.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.rows = CHAT_WIDGET.minRows;
    const style = getComputedStyle(input);
    input.rows = textareaRows({
      scrollHeight: input.scrollHeight,
      lineHeight: parseFloat(style.lineHeight),
      verticalPadding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
      minRows: CHAT_WIDGET.minRows,
      maxRows: CHAT_WIDGET.maxRows,
    });
  }, [draft, state]);

  // The newest message stays in view as it streams in.
  const lastEntry = chat.entries.at(-1);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [chat.entries.length, lastEntry?.content, chat.busy, state]);

  function minimize() {
    focusNext.current = 'restore';
    onMinimize();
  }

  function restore() {
    focusNext.current = 'input';
    onRestore();
  }

  function submit() {
    // Empty, whitespace-only or sent while a reply streams: ignored, the draft stays.
    if (chat.send(draft)) setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    if (state === 'open') minimize();
    else onClose();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter adds a line (docs/product.md § Chat assistant). Not while composing
    // with an IME.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const open = state === 'open';
  const greeting =
    chat.member === false
      ? 'Hello! Ask me about Complivue: plans and prices, the free trial, your account or support.'
      : 'Hello! Ask me a mortgage compliance question (TRID, QM, HMDA, fair lending and more). I answer from the compliance library and link the articles and CFR sections I quote.';

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="chat-widget"
      data-state={state}
      onKeyDown={onKeyDown}
      className="fixed right-4 bottom-4 z-40 flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-xl"
      style={{
        width: CHAT_WIDGET.width,
        height: open ? CHAT_WIDGET.height : CHAT_WIDGET.minimizedHeight,
        maxWidth: 'calc(100vw - 2rem)',
        maxHeight: 'calc(100dvh - 2rem)',
      }}
    >
      <header
        className="flex shrink-0 items-center gap-1 bg-brand-800 pr-2 pl-3 text-white"
        style={{ height: CHAT_WIDGET.minimizedHeight }}
      >
        <Bot aria-hidden="true" className="size-5 shrink-0" />
        <h2 id={titleId} className="ml-1 flex-1 truncate text-base font-semibold">
          Complivue Assistant
        </h2>
        {open && chat.entries.length > 0 && !chat.busy && (
          <HeaderButton label="Clear the conversation" onClick={() => void chat.clear()}>
            <Trash2 aria-hidden="true" className="size-4" />
          </HeaderButton>
        )}
        {open ? (
          <HeaderButton label="Minimize the assistant" onClick={minimize}>
            <Minus aria-hidden="true" className="size-5" />
          </HeaderButton>
        ) : (
          <HeaderButton label="Open the assistant" onClick={restore} buttonRef={restoreRef}>
            <ChevronUp aria-hidden="true" className="size-5" />
          </HeaderButton>
        )}
        <HeaderButton label="Close the assistant" onClick={onClose}>
          <X aria-hidden="true" className="size-5" />
        </HeaderButton>
      </header>

      {/* The conversation stays in memory while minimized; only the bar is drawn. */}
      <div aria-live="polite" className="sr-only">
        {chat.announcement}
      </div>
      {open && (
        <div className="flex min-h-0 flex-1 flex-col">
          <div
            ref={listRef}
            role="region"
            aria-label="Conversation"
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto px-3 py-3 focus-visible:outline-offset-[-2px]"
          >
            {chat.history === 'loading' && (
              <Spinner label="Loading your conversation" className="p-4" />
            )}
            {chat.history === 'error' && (
              <Alert variant="destructive" className="mb-3">
                We could not load your earlier messages.{' '}
                <button
                  type="button"
                  onClick={chat.retryHistory}
                  className="font-semibold underline underline-offset-2"
                >
                  Try again
                </button>
              </Alert>
            )}
            {chat.history !== 'loading' && (
              <ol className="space-y-3" aria-label="Messages">
                {chat.entries.length === 0 && (
                  <li className="rounded-lg bg-slate-100 px-3 py-2 text-slate-900">{greeting}</li>
                )}
                {chat.entries.map((entry) => (
                  <Message key={entry.id} entry={entry} linkComponent={linkComponent} />
                ))}
              </ol>
            )}
            {chat.busy && <TypingIndicator />}
          </div>
          <form
            className="shrink-0 border-t border-slate-200 p-3"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              Your message
            </label>
            <div className="flex items-end gap-2">
              <Textarea
                ref={inputRef}
                id={inputId}
                rows={CHAT_WIDGET.minRows}
                value={draft}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onInputKeyDown}
                aria-describedby={hintId}
                placeholder={
                  chat.member === false
                    ? 'Ask about plans, pricing or your account…'
                    : 'Ask a compliance question…'
                }
                className="min-h-0 resize-none overflow-y-auto leading-5"
              />
              <Button
                type="submit"
                size="md"
                className="size-10 shrink-0 px-0"
                disabled={chat.busy || !draft.trim()}
                aria-label="Send"
              >
                <SendHorizontal aria-hidden="true" className="size-4" />
              </Button>
            </div>
            <p id={hintId} className="mt-1.5 text-xs text-slate-600">
              Enter sends, Shift+Enter adds a line. Informational only, not legal advice.
            </p>
          </form>
        </div>
      )}
    </section>
  );
}
