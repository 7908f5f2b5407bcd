import { describe, expect, it } from 'vitest';
import { createServerSentEventParser } from './sse-parser.ts';

describe('createServerSentEventParser', () => {
  it('returns each event once its blank line arrives, whatever the chunking', () => {
    const body =
      'event: delta\ndata: {"text":"One. "}\n\nevent: delta\ndata: {"text":"Two."}\n\nevent: done\ndata: {"kind":"answer"}\n\n';
    for (const size of [1, 3, 7, body.length]) {
      const parser = createServerSentEventParser();
      const events = [];
      for (let start = 0; start < body.length; start += size) {
        events.push(...parser.push(body.slice(start, start + size)));
      }
      expect(events, `chunks of ${size}`).toEqual([
        { event: 'delta', data: '{"text":"One. "}' },
        { event: 'delta', data: '{"text":"Two."}' },
        { event: 'done', data: '{"kind":"answer"}' },
      ]);
    }
  });

  it('handles CRLF and CR line ends, also split between chunks', () => {
    const parser = createServerSentEventParser();
    expect(parser.push('event: delta\r\ndata: a\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'delta', data: 'a' }]);
    expect(parser.push('data: b\r\r')).toEqual([{ event: 'message', data: 'b' }]);
  });

  it('skips comments and retry, joins data lines, keeps the id, and ignores empty events', () => {
    const parser = createServerSentEventParser();
    expect(
      parser.push(
        ': keep-alive\n\nretry: 3000\n\nid: 7\nevent: note\ndata: line one\ndata:line two\n\n',
      ),
    ).toEqual([{ event: 'note', data: 'line one\nline two', id: '7' }]);
  });

  it('drops an event the stream never closed', () => {
    const parser = createServerSentEventParser();
    expect(parser.push('event: done\ndata: {}')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});
