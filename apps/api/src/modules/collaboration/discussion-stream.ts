import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { discussionTopic } from '../../lib/realtime-bus.ts';
import type { Subject } from './discussion-subjects.ts';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for one object's discussion: `event: discussion` with the comment or task
 * that changed and how (added, edited, deleted), once per change, from whichever instance wrote
 * it. Events carry no text: the page reads the discussion again through its own, checked,
 * request. The caller has checked that the member may see the subject.
 */
export function streamDiscussion(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { companyId: string; subject: Subject; openStreams: Set<() => void> },
): void {
  const { subject, openStreams } = options;
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write('retry: 3000\n\n');

  let sequence = 0;
  const unsubscribe = app.realtime.subscribe(
    discussionTopic(options.companyId, subject.type, subject.id),
    (event) => {
      if (event.kind !== 'discussion') return;
      sequence += 1;
      const data = JSON.stringify({ record: event.record, id: event.id, change: event.change });
      response.write(`id: ${sequence}\nevent: discussion\ndata: ${data}\n\n`);
    },
  );
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);

  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    openStreams.delete(close);
    unsubscribe();
    clearInterval(heartbeat);
    response.end();
  }
  request.raw.on('close', close);
  openStreams.add(close);
}
