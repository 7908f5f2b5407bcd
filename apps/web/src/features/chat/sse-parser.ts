/** One server-sent event: its name (`message` when the stream names none) and its data. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of a `text/event-stream` body (the HTML standard's format): feed it the
 * text as it arrives, in chunks cut anywhere, and it returns the events completed so far.
 * Comments (`: …`) and `retry:` are skipped; several `data:` lines join with a newline.
 */
export function createServerSentEventParser() {
  let buffer = '';
  let pendingCarriageReturn = false;
  let event = '';
  let data: string[] = [];
  let id: string | undefined;

  function dispatch(events: ServerSentEvent[]) {
    if (data.length > 0) {
      events.push({ event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) });
    }
    event = '';
    data = [];
  }

  function line(text: string, events: ServerSentEvent[]) {
    if (text === '') {
      dispatch(events);
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }

  return {
    /** The events a chunk completes. */
    push(chunk: string): ServerSentEvent[] {
      const events: ServerSentEvent[] = [];
      let text = chunk;
      // A "\r\n" may be cut between two chunks: its "\n" ends nothing new.
      if (pendingCarriageReturn && text.startsWith('\n')) text = text.slice(1);
      pendingCarriageReturn = text.endsWith('\r');
      buffer += text;
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const each of lines) line(each, events);
      return events;
    },
    /** At the end of the stream: an event not closed by a blank line is discarded (per the standard). */
    end(): ServerSentEvent[] {
      buffer = '';
      event = '';
      data = [];
      return [];
    },
  };
}
