import { CHAT_TEXTS } from '@complivue/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import { ChatReplyError, sendChatMessage } from './chat-api.ts';
import { spokenText } from './use-chat.ts';

const done = {
  kind: 'answer',
  content: 'One. Two.',
  sources: [{ title: 'Loan Estimate', path: '/compliance/articles/x' }],
  messageId: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** A fetch double answering with a streamed body, in the given chunks. */
function streaming(chunks: string[], init: ResponseInit = { status: 200 }) {
  const calls: RequestInit[] = [];
  const fetchImpl = (async (_url: string, request: RequestInit) => {
    calls.push(request);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, init);
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

describe('sendChatMessage', () => {
  it('reports each piece as it arrives and resolves with the whole answer', async () => {
    const { fetchImpl, calls } = streaming([
      event('delta', { text: 'One. ' }).slice(0, 10),
      event('delta', { text: 'One. ' }).slice(10) + event('reset', {}),
      event('delta', { text: 'One. ' }) + event('delta', { text: 'Two.' }),
      event('done', done),
    ]);
    const seen: string[] = [];
    const result = await sendChatMessage('What is TRID?', {
      fetchImpl,
      onDelta: (text) => seen.push(text),
      onReset: () => seen.push('<reset>'),
    });
    expect(seen).toEqual(['One. ', '<reset>', 'One. ', 'Two.']);
    expect(result).toEqual(done);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ message: 'What is TRID?' }),
    });
  });

  it('fails with the spec’s text on an error event, a cut stream or a server error', async () => {
    const handlers = { onDelta: () => {}, onReset: () => {} };
    for (const chunks of [
      [event('delta', { text: 'One.' }), event('error', { message: CHAT_TEXTS.failure })],
      [event('delta', { text: 'One.' })],
      ['event: delta\ndata: not json\n\n'],
    ]) {
      const { fetchImpl } = streaming(chunks);
      await expect(sendChatMessage('TRID?', { ...handlers, fetchImpl })).rejects.toEqual(
        new ChatReplyError(CHAT_TEXTS.failure),
      );
    }
    const serverError = streaming(['{"error":{"code":"internal_error","message":"Boom"}}'], {
      status: 500,
    });
    await expect(
      sendChatMessage('TRID?', { ...handlers, fetchImpl: serverError.fetchImpl }),
    ).rejects.toThrow(CHAT_TEXTS.failure);
    const network = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(sendChatMessage('TRID?', { ...handlers, fetchImpl: network })).rejects.toThrow(
      CHAT_TEXTS.failure,
    );
  });

  it('shows a rate limit’s own message', async () => {
    const limited = streaming(['{"error":{"code":"rate_limit","message":"Please wait."}}'], {
      status: 429,
    });
    await expect(
      sendChatMessage('TRID?', {
        onDelta: () => {},
        onReset: () => {},
        fetchImpl: limited.fetchImpl,
      }),
    ).rejects.toThrow('Please wait.');
  });
});

describe('spokenText', () => {
  it('reads an answer without its markup', () => {
    expect(spokenText('Here:\n\n- [Loan Estimate](/x): “quote”\n- **Basic**: $99')).toBe(
      'Here: Loan Estimate: “quote” Basic: $99',
    );
  });
});
