export interface ServerSentEvent {
  id?: string;
  event?: string;
  data: string;
}

/**
 * A minimal server-sent-events reader over fetch (no EventSource in Node): `next()` resolves
 * with the next event, comments and `retry:` lines are skipped.
 */
export async function readServerSentEvents(
  url: string,
  options: { cookie: string; lastEventId?: string },
) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      cookie: options.cookie,
      accept: 'text/event-stream',
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) {
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: ServerSentEvent[] = [];
  let buffer = '';

  async function next(): Promise<ServerSentEvent> {
    for (;;) {
      const ready = events.shift();
      if (ready) return ready;
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
      let boundary = buffer.indexOf('\n\n');
      while (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const event: ServerSentEvent = { data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) event.data += line.slice(6);
        }
        if (event.event) events.push(event);
        boundary = buffer.indexOf('\n\n');
      }
    }
  }

  return {
    next,
    /** Events received so far and not yet taken. */
    pending: () => events.length,
    close: () => controller.abort(),
  };
}
