import {
  CHAT_CONVERSATION_ID,
  CHAT_GUEST_USER_ID,
  CHAT_HISTORY_LIMIT,
  CHAT_TEXTS,
  chatMessageSchema,
  type ChatMessage,
} from '@complivue/shared/schemas/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { clearGuestChat, readGuestChat, storeGuestChat } from '@/lib/browser-storage';
import { logWarning } from '@/lib/log';
import {
  ChatReplyError,
  clearChatHistory,
  isSignedIn,
  loadChatHistory,
  sendChatMessage,
} from './chat-api.ts';

export interface ChatEntry extends ChatMessage {
  /** `streaming` while the reply arrives; `error` when it failed (shown, never stored). */
  status: 'done' | 'streaming' | 'error';
}

export type HistoryState = 'loading' | 'ready' | 'error';

const guestConversationSchema = z.object({
  userId: z.literal(CHAT_GUEST_USER_ID),
  conversationId: z.literal(CHAT_CONVERSATION_ID),
  messages: z.array(chatMessageSchema),
});

function readGuestConversation(): ChatEntry[] {
  const parsed = guestConversationSchema.safeParse(readGuestChat());
  return parsed.success
    ? parsed.data.messages.map((message) => ({ ...message, status: 'done' }))
    : [];
}

let localIds = 0;
/** Ids for messages not yet stored (crypto.randomUUID needs a secure context). */
const localId = () => `local-${Date.now()}-${(localIds += 1)}`;

/** The answer as a screen reader should hear it once: link targets and markup left out. */
export function spokenText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/^\s*[-*]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The conversation of the widget: loaded when it opens (a member's from the server, a guest's
 * from this tab's storage), one message at a time (a message sent while a reply streams, or an
 * empty one, is ignored), and a guest's kept in the tab as it grows.
 */
export function useChat(options: { signedIn?: boolean }) {
  const [member, setMember] = useState<boolean | null>(options.signedIn ?? null);
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [history, setHistory] = useState<HistoryState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  /** What screen readers announce: the whole reply once it is complete, or a failure. */
  const [announcement, setAnnouncement] = useState('');
  // Synchronous guard: two Enter presses in one frame must not send twice.
  const busyRef = useRef(false);
  const replyRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    async function load() {
      let signedIn = options.signedIn;
      if (signedIn === undefined) {
        signedIn = await isSignedIn(controller.signal).catch((error: unknown) => {
          // The server decides who is asking anyway; without an answer, act as a guest.
          if (!controller.signal.aborted) logWarning('Could not check the session', error);
          return false;
        });
      }
      if (controller.signal.aborted) return;
      setMember(signedIn);
      if (!signedIn) {
        setEntries(readGuestConversation());
        setHistory('ready');
        return;
      }
      try {
        const loaded = await loadChatHistory(controller.signal);
        setEntries(loaded.messages.map((message) => ({ ...message, status: 'done' })));
        setHistory('ready');
      } catch (error) {
        if (controller.signal.aborted) return;
        logWarning('Could not load the conversation', error);
        setHistory('error');
      }
    }
    void load();
    return () => controller.abort();
  }, [options.signedIn, attempt]);

  // A reply still streaming when the widget closes is abandoned.
  useEffect(() => () => replyRef.current?.abort(), []);

  // A guest's conversation lives in the tab (never on the server): kept as it grows.
  useEffect(() => {
    if (member !== false || history !== 'ready') return;
    const messages = entries
      .filter((entry) => entry.status === 'done')
      .slice(-CHAT_HISTORY_LIMIT)
      .map(({ status: _status, ...message }) => message);
    storeGuestChat({ userId: CHAT_GUEST_USER_ID, conversationId: CHAT_CONVERSATION_ID, messages });
  }, [entries, member, history]);

  const updateEntry = (id: string, change: (entry: ChatEntry) => ChatEntry) =>
    setEntries((current) => current.map((entry) => (entry.id === id ? change(entry) : entry)));

  /** Sends a message; false when it was ignored (empty, or a reply is still coming). */
  const send = useCallback((text: string): boolean => {
    const message = text.trim();
    if (!message || busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    setAnnouncement('');
    const now = new Date().toISOString();
    const replyId = localId();
    setEntries((current) => [
      ...current,
      {
        id: localId(),
        role: 'user',
        content: message,
        sources: [],
        createdAt: now,
        status: 'done',
      },
      {
        id: replyId,
        role: 'assistant',
        content: '',
        sources: [],
        createdAt: now,
        status: 'streaming',
      },
    ]);
    const controller = new AbortController();
    replyRef.current = controller;
    void sendChatMessage(message, {
      signal: controller.signal,
      onDelta: (piece) =>
        updateEntry(replyId, (entry) => ({ ...entry, content: entry.content + piece })),
      onReset: () => updateEntry(replyId, (entry) => ({ ...entry, content: '' })),
    })
      .then((done) => {
        updateEntry(replyId, () => ({
          id: done.messageId ?? replyId,
          role: 'assistant',
          content: done.content,
          sources: done.sources,
          createdAt: done.createdAt,
          status: 'done',
        }));
        setAnnouncement(`Assistant: ${spokenText(done.content)}`);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ChatReplyError ? error.message : CHAT_TEXTS.failure;
        if (!(error instanceof ChatReplyError)) logWarning('The chat reply failed', error);
        updateEntry(replyId, (entry) => ({
          ...entry,
          content: failure,
          sources: [],
          status: 'error',
        }));
        setAnnouncement(failure);
      })
      .finally(() => {
        if (replyRef.current === controller) replyRef.current = null;
        busyRef.current = false;
        setBusy(false);
      });
    return true;
  }, []);

  const clear = useCallback(async () => {
    replyRef.current?.abort();
    try {
      if (member) await clearChatHistory();
      else clearGuestChat();
      setEntries([]);
      setAnnouncement('The conversation was cleared.');
    } catch (error) {
      logWarning('Could not clear the conversation', error);
      setAnnouncement('The conversation could not be cleared. Please try again.');
    }
  }, [member]);

  return {
    member,
    entries,
    history,
    busy,
    announcement,
    send,
    clear,
    retryHistory: () => {
      setHistory('loading');
      setAttempt((value) => value + 1);
    },
  };
}
