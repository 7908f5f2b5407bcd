import type { EventSourceMessage } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { apiErrorSchema } from '@complivue/shared/errors';
import {
  CHAT_TEXTS,
  chatClearedSchema,
  chatDeltaSchema,
  chatDoneSchema,
  chatErrorEventSchema,
  chatHistorySchema,
  type ChatDone,
} from '@complivue/shared/schemas/chat';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const CHAT_MESSAGES_PATH = '/api/chat/messages';

/** A failed message: `message` is what the person reads (the spec's failure text by default). */
export class ChatReplyError extends Error {
  constructor(message: string = CHAT_TEXTS.failure) {
    super(message);
    this.name = 'ChatReplyError';
  }
}

export interface ChatReplyHandlers {
  /** A piece of the answer, as the server composes it. */
  onDelta: (text: string) => void;
  /** Discard the pieces so far: the server starts the answer over. */
  onReset: () => void;
}

/** Acts on one event of the reply; returns the final answer on `done`. */
function handleEvent(event: EventSourceMessage, handlers: ChatReplyHandlers): ChatDone | null {
  const data: unknown = JSON.parse(event.data);
  switch (event.event) {
    case 'delta':
      handlers.onDelta(chatDeltaSchema.parse(data).text);
      return null;
    case 'reset':
      handlers.onReset();
      return null;
    case 'done':
      return chatDoneSchema.parse(data);
    case 'error':
      throw new ChatReplyError(chatErrorEventSchema.parse(data).message);
    default:
      return null;
  }
}

/**
 * Sends a message and reads the reply as it streams (server-sent events over a POST, read with
 * fetch: EventSource cannot send a body). Resolves with the whole answer; throws
 * `ChatReplyError` with the text to show when anything fails.
 */
export async function sendChatMessage(
  message: string,
  handlers: ChatReplyHandlers & { signal?: AbortSignal; fetchImpl?: typeof fetch },
): Promise<ChatDone> {
  let response: Response;
  try {
    response = await (handlers.fetchImpl ?? fetch)(CHAT_MESSAGES_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message }),
      signal: handlers.signal,
    });
  } catch (error) {
    if (handlers.signal?.aborted) throw error;
    throw new ChatReplyError();
  }
  if (!response.ok || !response.body) {
    // A refusal the person can act on (too many messages, too long, an account to fix) says
    // so; anything else gets the spec's failure text.
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = apiErrorSchema.safeParse(payload);
    const actionable = [400, 403, 429].includes(response.status);
    throw new ChatReplyError(actionable && parsed.success ? parsed.data.error.message : undefined);
  }

  // eventsource-parser reads the text/event-stream format (any chunking, CR/LF line ends,
  // comments); an event the stream never closed with a blank line is dropped, as the standard says.
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<EventSourceMessage>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (handlers.signal?.aborted) throw error;
        throw new ChatReplyError();
      }
      if (chunk.done) break;
      const done = handleEvent(chunk.value, handlers);
      if (done) return done;
    }
  } catch (error) {
    if (error instanceof ChatReplyError || handlers.signal?.aborted) throw error;
    // A malformed event: the reply cannot be trusted.
    throw new ChatReplyError();
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  // The stream ended without `done`: the answer is incomplete.
  throw new ChatReplyError();
}

export const loadChatHistory = (signal?: AbortSignal) =>
  apiRequest(CHAT_MESSAGES_PATH, { schema: chatHistorySchema, signal });

export const clearChatHistory = () =>
  apiRequest(CHAT_MESSAGES_PATH, { method: 'DELETE', schema: chatClearedSchema });

/** Only whether someone is signed in (the website does not load the session otherwise). */
const signedInSchema = z.object({ user: z.object({ id: z.string() }) }).nullable();

export async function isSignedIn(signal?: AbortSignal): Promise<boolean> {
  return (await apiRequest('/api/auth/session', { schema: signedInSchema, signal })) !== null;
}
