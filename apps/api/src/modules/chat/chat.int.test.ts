import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { indexArticle } from '@complivue/db/library/load-library';
import { libraryArticles } from '@complivue/db/schema/library';
import { chatMessages } from '@complivue/db/schema/activity';
import {
  createTestCompany,
  createTestSubscription,
  daysFromNow,
} from '@complivue/db/testing/factories';
import { CHAT_TEXTS, CHAT_CONVERSATION_ID } from '@complivue/shared/schemas/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { RATE_LIMITS } from '../../lib/rate-limits.ts';

interface ChatEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a `text/event-stream` body. */
function parseEvents(body: string): ChatEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? '';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

function done(events: ChatEvent[]) {
  const last = events.at(-1);
  expect(last?.event).toBe('done');
  return last!.data as {
    kind: string;
    content: string;
    sources: { title: string; path: string; citation?: string }[];
    messageId: string | null;
  };
}

const TRID_QUESTION = 'What are the TRID Loan Estimate timing requirements?';
const UNKNOWN_QUESTION = 'What are the mortgage rules for unicorn ranch zoning permits?';

async function ask(t: TestApp, message: string, options: { cookie?: string; ip?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    payload: { message },
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? freshIp(),
  });
  return {
    response,
    events: response.statusCode === 200 ? parseEvents(response.body) : [],
  };
}

describe('chat assistant', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpThroughApi>>;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpThroughApi(t.app);
  });
  afterAll(() => t.close());

  describe('topic filter (docs/product.md § Topic filter)', () => {
    it("answers a member's message without a compliance keyword with the spec's text", async () => {
      const { response, events } = await ask(t, 'Can you recommend a good pizza place?', {
        cookie: member.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(done(events)).toMatchObject({
        kind: 'off_topic',
        content: CHAT_TEXTS.complianceOnly,
        sources: [],
      });
    });

    it("answers a guest's message without a platform keyword with the spec's text", async () => {
      const { events } = await ask(t, 'What is the weather like in Denver today?');
      expect(done(events)).toMatchObject({
        kind: 'off_topic',
        content: CHAT_TEXTS.platformOnly,
        messageId: null,
      });
      // A compliance question is not a guest's topic either.
      const compliance = await ask(t, 'When is the HMDA LAR due?');
      expect(done(compliance.events).content).toBe(CHAT_TEXTS.platformOnly);
    });
  });

  describe('signed-in answers from the library', () => {
    it('answers a TRID question by quoting and citing a TRID article, in several pieces', async () => {
      const { events } = await ask(t, TRID_QUESTION, { cookie: member.cookie });
      const answer = done(events);
      expect(answer.kind).toBe('answer');
      expect(answer.content).toMatch(
        /\[Loan Estimate[^\]]*\]\(\/compliance\/articles\/trid-loan-estimate-timing\)/,
      );
      expect(answer.content).toMatch(/12 CFR 1026\.19\(e\)/);
      expect(answer.content).toContain('“');
      expect(
        answer.sources.some((source) => source.path.startsWith('/compliance/articles/trid-')),
      ).toBe(true);
      expect(answer.sources.every((source) => source.path.startsWith('/compliance/'))).toBe(true);

      const deltas = events.filter((event) => event.event === 'delta');
      expect(deltas.length).toBeGreaterThanOrEqual(3);
      expect(
        deltas
          .map((event) => event.data.text)
          .join('')
          .trim(),
      ).toBe(answer.content);
    });

    it('finds what a citation names', async () => {
      const answer = done(
        (await ask(t, 'What does 1026.19(e) require?', { cookie: member.cookie })).events,
      );
      expect(answer.kind).toBe('answer');
      expect(answer.sources.length).toBeGreaterThan(0);
      expect(answer.sources.every((source) => source.citation?.includes('1026.19(e)'))).toBe(true);
    });

    it('says the library has nothing on an unknown topic instead of inventing a rule', async () => {
      const answer = done((await ask(t, UNKNOWN_QUESTION, { cookie: member.cookie })).events);
      expect(answer).toMatchObject({ kind: 'not_found', sources: [] });
      expect(answer.content).toMatch(/^I could not find this in the compliance library/);
      expect(answer.content).toContain('(/search)');
      expect(answer.content).toContain('(/support)');
      expect(answer.content).not.toMatch(/CFR|\/compliance\//);
      // A citation the library does not have is not found either.
      const unknownSection = done(
        (await ask(t, 'What does 12 CFR 1026.99(z) say about escrow?', { cookie: member.cookie }))
          .events,
      );
      expect(unknownSection.kind).toBe('not_found');
    });

    it('asks for a plan with the assistant when the subscription has lapsed', async () => {
      const company = await createTestCompany(t.db, { name: 'Lapsed Credit Union' });
      await createTestSubscription(t.db, {
        companyId: company.id,
        planName: 'trial',
        status: 'expired',
        trialEnd: daysFromNow(-3),
      });
      const lapsed = await signedInMember(t.app, { companyId: company.id, role: 'admin' });
      const answer = done((await ask(t, TRID_QUESTION, { cookie: lapsed.cookie })).events);
      expect(answer.kind).toBe('plan_required');
      expect(answer.content).toContain('(/subscription)');
      expect(answer.content).not.toContain('/compliance/');
    });

    it('refuses a member the institution’s security settings stop elsewhere', async () => {
      const company = await createTestCompany(t.db, {
        name: 'Strict Credit Union',
        requireTwoFactor: true,
      });
      const withoutTwoFactor = await signedInMember(t.app, { companyId: company.id, role: 'user' });
      const { response } = await ask(t, TRID_QUESTION, { cookie: withoutTwoFactor.cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('two_factor_required');
    });

    it('quotes an institution’s own article to its members only', async () => {
      const owner = await signUpThroughApi(t.app);
      const stranger = await signUpThroughApi(t.app);
      const companyId = owner.body.session.company.id as string;
      const [article] = await t.db
        .insert(libraryArticles)
        .values({
          companyId,
          slug: 'quillfeather-escrow-procedure',
          title: 'Quillfeather escrow analysis procedure',
          area: 'respa',
          summary: 'How the Quillfeather branch runs the annual escrow analysis.',
          body: '## Overview\n\nQuillfeather branch staff run the escrow analysis every March.',
          citations: ['12 CFR 1024.17(c)'],
          lastReviewed: '2026-11-01',
          applicability: { institutionTypes: ['credit_union'], hmdaReportersOnly: false },
        })
        .returning();
      await indexArticle(t.db, { ...article!, companyId });
      const question = 'How does the Quillfeather branch handle escrow analysis?';
      const own = done((await ask(t, question, { cookie: owner.cookie })).events);
      expect(own.content).toContain('/compliance/articles/quillfeather-escrow-procedure');
      const other = done((await ask(t, question, { cookie: stranger.cookie })).events);
      expect(other.content).not.toContain('quillfeather');
      expect(other.sources.map((source) => source.path)).not.toContain(
        '/compliance/articles/quillfeather-escrow-procedure',
      );
    });
  });

  describe('history', () => {
    it('stores a member’s exchanges and returns them, oldest first, after reopening', async () => {
      const reader = await signUpThroughApi(t.app);
      await ask(t, TRID_QUESTION, { cookie: reader.cookie });
      await ask(t, 'Tell me a joke', { cookie: reader.cookie });

      const load = () =>
        t.app.inject({
          method: 'GET',
          url: '/api/chat/messages',
          headers: { cookie: reader.cookie },
        });
      const first = await load();
      expect(first.statusCode).toBe(200);
      const history = first.json() as {
        conversationId: string;
        messages: { role: string; content: string; sources: { path: string }[] }[];
      };
      expect(history.conversationId).toBe(CHAT_CONVERSATION_ID);
      expect(history.messages.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
      ]);
      expect(history.messages[0]!.content).toBe(TRID_QUESTION);
      expect(history.messages[1]!.sources.length).toBeGreaterThan(0);
      expect(history.messages[3]!.content).toBe(CHAT_TEXTS.complianceOnly);
      // Reopening the widget loads the same conversation.
      expect((await load()).json()).toEqual(history);

      const rows = await t.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.content, TRID_QUESTION));
      expect(rows.every((row) => row.conversationId === 'default-conversation')).toBe(true);

      // Another member never sees it.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/chat/messages',
        headers: { cookie: member.cookie },
      });
      expect(JSON.stringify(other.json())).not.toContain('Tell me a joke');

      const cleared = await t.app.inject({
        method: 'DELETE',
        url: '/api/chat/messages',
        headers: { cookie: reader.cookie },
      });
      expect(cleared.json()).toEqual({ deleted: 4 });
      expect((await load()).json().messages).toEqual([]);
    });

    it('keeps nothing of a guest’s conversation on the server', async () => {
      const before = (await t.db.select().from(chatMessages)).length;
      const { events } = await ask(t, 'How do I start a free trial?');
      expect(done(events).messageId).toBeNull();
      expect((await t.db.select().from(chatMessages)).length).toBe(before);
      const history = await t.app.inject({ method: 'GET', url: '/api/chat/messages' });
      expect(history.statusCode).toBe(401);
    });
  });

  describe('guest answers', () => {
    it('quotes the plan catalogue’s prices, not the spec’s canned $999', async () => {
      const answer = done((await ask(t, 'How much does a subscription cost?')).events);
      expect(answer.kind).toBe('platform');
      for (const price of [
        '$99 a month',
        '$299 a month',
        '$499 a month',
        '$948',
        '$2,868',
        '$4,788',
      ])
        expect(answer.content).toContain(price);
      expect(answer.content).not.toContain('$999');
      expect(answer.content).toContain('14-day free trial');
      expect(answer.sources.map((source) => source.path)).toContain('/pricing');
    });

    it('answers from the help centre with links to its articles', async () => {
      const answer = done((await ask(t, 'How do I reset my password if I forgot it?')).events);
      expect(answer.kind).toBe('platform');
      expect(answer.content).toContain('(/help/reset-a-forgotten-password)');
      const twoFactor = done(
        (await ask(t, 'How do I turn on two-factor authentication for my account?')).events,
      );
      expect(twoFactor.sources[0]?.path).toBe('/help/two-factor-authentication');
    });

    it('says when the help centre has no answer', async () => {
      const answer = done(
        (await ask(t, 'Does the platform integrate with Zorblax ledgers?')).events,
      );
      expect(answer.kind).toBe('not_found');
      expect(answer.content).toContain('(/help)');
      expect(answer.content).toContain('(/contact)');
    });
  });

  it('documents its routes in the API reference', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/chat/messages']).sort()).toEqual(['delete', 'get', 'post']);
  });

  describe('validation and limits', () => {
    it('refuses an empty, whitespace-only or too long message', async () => {
      for (const message of ['', '   \n\t ', 'x'.repeat(2001)]) {
        const { response } = await ask(t, message, { cookie: member.cookie });
        expect(response.statusCode).toBe(400);
      }
      const { response } = await ask(t, `  ${'trid '.repeat(399)}trid  `, {
        cookie: member.cookie,
      });
      expect(response.statusCode).toBe(200);
    });

    it('limits messages per member and per network', async () => {
      const [perIp, perUser] = RATE_LIMITS.chat.rules;
      const busy = await signUpThroughApi(t.app);
      for (let index = 0; index < perUser.limit; index += 1) {
        expect((await ask(t, 'hello', { cookie: busy.cookie })).response.statusCode).toBe(200);
      }
      const limited = await ask(t, 'hello', { cookie: busy.cookie });
      expect(limited.response.statusCode).toBe(429);
      expect(limited.response.json().error.code).toBe('rate_limit');
      expect(limited.response.headers['retry-after']).toBeDefined();

      const ip = '203.0.113.77';
      for (let index = 0; index < perIp.limit; index += 1) {
        expect((await ask(t, 'hello', { ip })).response.statusCode).toBe(200);
      }
      expect((await ask(t, 'hello', { ip })).response.statusCode).toBe(429);
      expect((await ask(t, 'hello', { ip: freshIp() })).response.statusCode).toBe(200);
    });
  });
});

/** An OpenAI-compatible endpoint double: records requests, answers as each test says. */
function startLlmDouble() {
  const requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  let handler: (response: ServerResponse) => void | Promise<void> = () => {};
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: JSON.parse(raw) as Record<string, unknown> });
      void handler(response);
    });
  });
  return {
    requests,
    server,
    answerWith(next: typeof handler) {
      handler = next;
    },
    async listen() {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
  };
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('chat assistant with a language model', () => {
  const double = startLlmDouble();
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpThroughApi>>;
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await double.listen();
    t = await createTestApp({
      env: { LLM_BASE_URL: baseUrl, LLM_API_KEY: 'test-llm-key-0123', LLM_MODEL: 'double-1' },
    });
    member = await signUpThroughApi(t.app);
  });
  afterAll(async () => {
    await t.close();
    double.server.close();
  });

  it('phrases the retrieved passages through the model, told to use only them', async () => {
    double.answerWith((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('The Loan Estimate is due within three business days '));
      response.write(chunk('[Loan Estimate](/compliance/articles/trid-loan-estimate-timing) '));
      response.write(chunk('(12 CFR 1026.19(e)(1)(iii)).'));
      response.end('data: [DONE]\n\n');
    });
    const { events } = await ask(t, TRID_QUESTION, { cookie: member.cookie });
    const answer = done(events);
    expect(answer.kind).toBe('answer');
    expect(answer.content).toBe(
      'The Loan Estimate is due within three business days [Loan Estimate](/compliance/articles/trid-loan-estimate-timing) (12 CFR 1026.19(e)(1)(iii)).',
    );
    expect(events.filter((event) => event.event === 'delta')).toHaveLength(3);
    expect(answer.sources.some((source) => source.path.includes('trid-'))).toBe(true);

    const sent = double.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer test-llm-key-0123');
    expect(sent.body).toMatchObject({ model: 'double-1', stream: true });
    const messages = sent.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: 'system' });
    expect(messages[0]!.content).toMatch(/ONLY the numbered passages/);
    expect(messages[1]!.content).toContain('/compliance/articles/trid-loan-estimate-timing');
    expect(messages[1]!.content).toContain(TRID_QUESTION);
  });

  it('never asks the model when the library has nothing', async () => {
    const before = double.requests.length;
    const answer = done((await ask(t, UNKNOWN_QUESTION, { cookie: member.cookie })).events);
    expect(answer.kind).toBe('not_found');
    expect(double.requests.length).toBe(before);
  });

  it('falls back to the composed answer when the model fails', async () => {
    double.answerWith((response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"overloaded"}}');
    });
    const refused = await ask(t, TRID_QUESTION, { cookie: member.cookie });
    const composed = done(refused.events);
    expect(composed.kind).toBe('answer');
    expect(composed.content).toContain('(/compliance/articles/trid-loan-estimate-timing)');
    expect(refused.events.some((event) => event.event === 'reset')).toBe(false);

    // Failing half-way: what it sent is discarded, then the composed answer follows.
    double.answerWith((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('A model sentence cut short '));
      response.end('data: {"error":{"message":"The server had an error"}}\n\n');
    });
    const broken = await ask(t, TRID_QUESTION, { cookie: member.cookie });
    const names = broken.events.map((event) => event.event);
    expect(names[0]).toBe('delta');
    expect(names).toContain('reset');
    const final = done(broken.events);
    expect(final.content).toBe(composed.content);
    expect(final.content).not.toContain('A model sentence cut short');

    // An answer that cites none of the passages cannot be checked: the same.
    double.answerWith((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('The Loan Estimate is due whenever convenient.'));
      response.end('data: [DONE]\n\n');
    });
    const uncited = await ask(t, TRID_QUESTION, { cookie: member.cookie });
    expect(uncited.events.map((event) => event.event)).toContain('reset');
    expect(done(uncited.events).content).toBe(composed.content);

    // Cut off (no [DONE]): the same.
    double.answerWith((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(chunk('A model sentence cut short '));
    });
    const cut = await ask(t, TRID_QUESTION, { cookie: member.cookie });
    expect(cut.events.map((event) => event.event)).toContain('reset');
    expect(done(cut.events).content).toBe(composed.content);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/chat/messages',
      headers: { cookie: member.cookie },
    });
    expect(history.json().messages.at(-1).content).toBe(composed.content);
  });

  it('streams each piece to the browser as it is composed', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    double.answerWith(async (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('First piece. '));
      // The rest only once the browser has shown the first piece.
      await released;
      response.write(chunk('Second piece [LE](/compliance/articles/trid-loan-estimate-timing).'));
      response.end('data: [DONE]\n\n');
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookie },
      body: JSON.stringify({ message: TRID_QUESTION }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('First piece.')) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error('the stream ended before the first piece');
      received += value;
    }
    expect(received).not.toContain('event: done');
    release();
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      received += value;
    }
    const answer = done(parseEvents(received));
    expect(answer.content).toBe(
      'First piece. Second piece [LE](/compliance/articles/trid-loan-estimate-timing).',
    );
  });
});
