import {
  CHAT_TEXTS,
  type ChatAnswerKind,
  type ChatDone,
  type ChatSource,
  type ChatStreamEventName,
} from '@complivue/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';

/** A piece of an answer as it is composed, or the order to discard the pieces sent so far. */
export type ChatPiece = { text: string } | { reset: true };

export interface ComposedReply {
  kind: ChatAnswerKind;
  /** What the answer quotes; known once the passages are retrieved. */
  sources: ChatSource[];
  pieces: AsyncIterable<ChatPiece>;
}

export async function* piecesOf(texts: readonly string[]): AsyncGenerator<ChatPiece> {
  for (const text of texts) yield { text };
}

/** One server-sent event (JSON never contains a raw newline, so `data` is one line). */
export function serverSentEvent(name: ChatStreamEventName, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The reply as server-sent events: each piece as `delta` the moment it is composed, `reset` when
 * the composer starts over, then `done` with the whole answer once `finish` (which stores it)
 * has succeeded. Any failure, before or during the answer, ends the stream with `error` and the
 * spec's failure text: the person is never left with a silent, half-written reply.
 */
export async function* chatEventStream(options: {
  compose: () => Promise<ComposedReply>;
  finish: (answer: { content: string; reply: ComposedReply }) => Promise<{
    messageId: string | null;
    createdAt: Date;
  }>;
  log: FastifyBaseLogger;
}): AsyncGenerator<string> {
  try {
    const reply = await options.compose();
    let content = '';
    for await (const piece of reply.pieces) {
      if ('reset' in piece) {
        content = '';
        yield serverSentEvent('reset', {});
        continue;
      }
      if (!piece.text) continue;
      content += piece.text;
      yield serverSentEvent('delta', { text: piece.text });
    }
    content = content.trim();
    if (!content) throw new Error('the composer produced no answer');
    const saved = await options.finish({ content, reply });
    const done: ChatDone = {
      kind: reply.kind,
      content,
      sources: reply.sources,
      messageId: saved.messageId,
      createdAt: saved.createdAt.toISOString(),
    };
    yield serverSentEvent('done', done);
  } catch (error) {
    options.log.error({ err: error }, 'chat answer failed');
    yield serverSentEvent('error', { message: CHAT_TEXTS.failure });
  }
}
