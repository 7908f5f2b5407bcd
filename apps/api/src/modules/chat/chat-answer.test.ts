import { CHAT_TEXTS } from '@complivue/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { chatEventStream, piecesOf } from './chat-stream.ts';
import { parseHelpArticle } from './help-centre.ts';
import { wordsOf } from './question-words.ts';
import {
  composeLibraryAnswer,
  isRelevant,
  readQuestion,
  retrievalQuery,
  type LibraryPassage,
} from './library-answer.ts';
import { completionDeltas } from './llm.ts';
import { composePlatformAnswer } from './platform-answer.ts';

const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const events: string[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('chatEventStream', () => {
  it('sends each piece, then the whole answer once stored', async () => {
    const events = await collect(
      chatEventStream({
        log,
        compose: async () => ({ kind: 'answer', sources: [], pieces: piecesOf(['One. ', 'Two.']) }),
        finish: async () => ({ messageId: 'm1', createdAt: new Date('2026-01-02T03:04:05Z') }),
      }),
    );
    expect(events).toEqual([
      'event: delta\ndata: {"text":"One. "}\n\n',
      'event: delta\ndata: {"text":"Two."}\n\n',
      `event: done\ndata: ${JSON.stringify({ kind: 'answer', content: 'One. Two.', sources: [], messageId: 'm1', createdAt: '2026-01-02T03:04:05.000Z' })}\n\n`,
    ]);
  });

  it('ends with the spec’s failure text when composing or storing fails', async () => {
    const failing = await collect(
      chatEventStream({
        log,
        compose: async () => {
          throw new Error('database down');
        },
        finish: async () => ({ messageId: null, createdAt: new Date() }),
      }),
    );
    expect(failing).toEqual([
      `event: error\ndata: ${JSON.stringify({ message: CHAT_TEXTS.failure })}\n\n`,
    ]);
    const unsaved = await collect(
      chatEventStream({
        log,
        compose: async () => ({ kind: 'answer', sources: [], pieces: piecesOf(['One.']) }),
        finish: async () => {
          throw new Error('insert failed');
        },
      }),
    );
    expect(unsaved.at(-1)).toContain('event: error');
    expect(unsaved.join('')).not.toContain('event: done');
  });
});

describe('library answers', () => {
  const document = (
    text: string,
    area: 'trid' | 'respa' | 'bsa_aml' = 'trid',
    citations: string[] = [],
  ) => ({ words: new Set(wordsOf(text)), area, citations });

  it('keeps a document only when it holds most of the question’s specific words', () => {
    const unicorn = readQuestion('What are the mortgage rules for unicorn ranch zoning permits?');
    expect(isRelevant(document('Mortgage rules for servicing'), unicorn)).toBe(false);
    const trid = readQuestion('TRID Loan Estimate timing?');
    expect(isRelevant(document('Loan Estimate delivery timing'), trid)).toBe(true);
    expect(isRelevant(document('Escrow statements', 'respa'), trid)).toBe(false);
    const cited = readQuestion('What does 1026.19(e) require?');
    expect(isRelevant(document('Anything', 'trid', ['12 CFR 1026.19(e)(1)(iii)']), cited)).toBe(
      true,
    );
    expect(isRelevant(document('Anything', 'trid', ['12 CFR 1026.38']), cited)).toBe(false);
  });

  it('reads an abbreviation and its spelled-out form as one term', () => {
    const ctr = readQuestion('When is a CTR due?');
    expect(isRelevant(document('File a currency transaction report', 'bsa_aml'), ctr)).toBe(true);
    expect(retrievalQuery(ctr)).toContain('"currency transaction report"');
    expect(retrievalQuery(readQuestion('When are currency transaction reports due?'))).toMatch(
      /\bctr\b/,
    );
  });

  const timing: LibraryPassage = {
    kind: 'article',
    title: 'Loan Estimate timing',
    path: '/compliance/articles/trid-loan-estimate-timing',
    quote: 'Deliver it within three business days.',
    citations: ['12 CFR 1026.19(e)(1)(iii)'],
  };

  it('puts the direct answer first with its section and source, then the other passages', () => {
    const answer = composeLibraryAnswer({
      direct: timing,
      supporting: [
        {
          kind: 'rule',
          title: 'TRID-LE-001',
          path: '/compliance/rules/TRID-LE-001',
          quote: 'Deliver the Loan Estimate.',
          citations: ['12 CFR 1026.19(e)(1)(iii)(A)'],
        },
      ],
    }).join('');
    expect(answer).toMatch(
      /^\*\*Deliver it within three business days\. \(12 CFR 1026\.19\(e\)\(1\)\(iii\)\)\*\*\nFrom \[Loan Estimate timing\]\(\/compliance\/articles\/trid-loan-estimate-timing\)/,
    );
    expect(answer).toContain(
      '- Rule [TRID-LE-001](/compliance/rules/TRID-LE-001) (12 CFR 1026.19(e)(1)(iii)(A)): “Deliver the Loan Estimate.”',
    );
    expect(answer).toContain('Citations: 12 CFR 1026.19(e)(1)(iii); 12 CFR 1026.19(e)(1)(iii)(A).');
  });

  it('quotes the passages when no sentence answers directly; says so when there is none', () => {
    const answer = composeLibraryAnswer({ direct: null, supporting: [timing] }).join('');
    expect(answer).toContain(
      '- [Loan Estimate timing](/compliance/articles/trid-loan-estimate-timing): “Deliver it within three business days.”',
    );
    expect(composeLibraryAnswer({ direct: null, supporting: [] }).join('')).toMatch(
      /^I could not find this in the compliance library/,
    );
  });
});

describe('guest answers', () => {
  const help = [
    parseHelpArticle(
      'reset-a-forgotten-password',
      "---\ntitle: 'How do I reset a forgotten password?'\ncategory: account-and-security\nsummary: \"Select Forgot your password? and you'll get a link.\"\norder: 1\n---\n\nThe reset link expires in one hour.",
    )!,
  ];

  it('reads the front matter of a help article', () => {
    expect(help[0]).toMatchObject({
      title: 'How do I reset a forgotten password?',
      summary: "Select Forgot your password? and you'll get a link.",
    });
  });

  it('answers prices from the plan catalogue and links help articles', () => {
    const pricing = composePlatformAnswer(help, 'What are your plan prices?');
    expect(pricing.pieces.join('')).toContain('**Enterprise**: $499 a month, or $4,788 a year');
    const reset = composePlatformAnswer(help, 'I forgot my password, how do I reset it?');
    expect(reset.pieces.join('')).toContain('(/help/reset-a-forgotten-password)');
    expect(composePlatformAnswer(help, 'Do you support Zorblax?').kind).toBe('not_found');
  });
});

describe('completionDeltas', () => {
  const body = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        // Split mid-line, as a network would.
        const bytes = new TextEncoder().encode(text);
        controller.enqueue(bytes.slice(0, 20));
        controller.enqueue(bytes.slice(20));
        controller.close();
      },
    });

  it('yields the content pieces of an OpenAI-style stream until [DONE]', async () => {
    const stream = [
      ': keep-alive',
      `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}`,
      `data: ${JSON.stringify({ choices: [{ delta: { content: 'Hello' } }] })}`,
      `data: ${JSON.stringify({ choices: [{ delta: { content: ' there' } }] })}`,
      'data: [DONE]',
      '',
    ].join('\r\n\r\n');
    expect(await collect(completionDeltas(body(stream)))).toEqual(['Hello', ' there']);
  });

  it('fails on an error event or a stream cut before [DONE]', async () => {
    await expect(
      collect(completionDeltas(body('data: {"error":{"message":"x"}}\n\n'))),
    ).rejects.toThrow();
    await expect(
      collect(
        completionDeltas(
          body(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Hi' } }] })}\n\n`),
        ),
      ),
    ).rejects.toThrow(/before \[DONE\]/);
  });
});
