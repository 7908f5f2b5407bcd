import type { Env } from '../../env.ts';

/**
 * The optional language model: an OpenAI-compatible `/chat/completions` endpoint, called with
 * `stream: true`, that only phrases the passages the library search retrieved. Off unless
 * `LLM_BASE_URL`, `LLM_API_KEY` and `LLM_MODEL` are all set; any failure is the caller's cue to
 * fall back to the composed answer.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export function llmConfigFrom(env: Env): LlmConfig | null {
  if (!env.LLM_BASE_URL || !env.LLM_API_KEY || !env.LLM_MODEL) return null;
  return { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL };
}

export interface LlmPassage {
  title: string;
  path: string;
  quote: string;
  citations: string[];
}

/** A model that does not answer within this time is abandoned for the composed answer. */
const LLM_TIMEOUT_MS = 60_000;
/** An answer is short; a model that runs on is cut here. */
const MAX_ANSWER_CHARS = 6000;

export const LLM_INSTRUCTION = [
  'You are the compliance assistant of Complivue, a mortgage compliance product for US credit unions, community banks and mortgage companies.',
  'Answer the question using ONLY the numbered passages from the compliance library given below. Do not use any other knowledge.',
  'Begin with a direct answer of one or two sentences that states the deadline, number or amount asked for and its CFR section, taken from the passage that holds it (passage 1 holds the best match). Then give the supporting passages.',
  'Quote or closely paraphrase the passages. After each statement cite its source as a markdown link exactly as given, e.g. [Article title](/compliance/articles/slug), followed by its CFR section(s).',
  'If the passages do not answer the question, say "I could not find this in the compliance library." and suggest the library search (/search) and the Help & Support page (/support). Never invent a rule, deadline, number or citation.',
  'Keep the answer under 200 words, in plain sentences or a short list. End with: "This is general information, not legal advice."',
].join('\n');

export function llmMessages(question: string, passages: readonly LlmPassage[]) {
  const context = passages
    .map(
      (passage, index) =>
        `[${index + 1}] [${passage.title}](${passage.path})\nCFR: ${passage.citations.join('; ') || 'none'}\nPassage: ${passage.quote}`,
    )
    .join('\n\n');
  return [
    { role: 'system', content: LLM_INSTRUCTION },
    { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/**
 * Whether a model's answer cites one of the passages it was given (a link to one, or one of their
 * CFR sections): an answer that cites none cannot be checked against the library and is not kept.
 */
export function citesAPassage(answer: string, passages: readonly LlmPassage[]): boolean {
  return passages.some(
    (passage) =>
      answer.includes(`(${passage.path})`) ||
      passage.citations.some((citation) => answer.includes(citation)),
  );
}

/** The text pieces of an OpenAI-style stream body (`data: {json}` lines, `data: [DONE]`). */
export async function* completionDeltas(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  try {
    yield* deltasOfLines();
  } finally {
    // Stopping early (an answer cut at its length, a client gone) releases the connection.
    await reader.cancel().catch(() => undefined);
  }

  async function* deltasOfLines(): AsyncGenerator<string> {
    for (;;) {
      const { value, done } = await reader.read();
      // OpenAI-style streams end with [DONE]; without it the answer may have been cut off.
      if (done) throw new Error('the language model stream ended before [DONE]');
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice('data:'.length).trim();
        if (data === '[DONE]') return;
        if (!data) continue;
        const parsed = JSON.parse(data) as {
          error?: { message?: string };
          choices?: { delta?: { content?: unknown } }[];
        };
        if (parsed.error) throw new Error(`language model error: ${parsed.error.message ?? ''}`);
        const content = parsed.choices?.[0]?.delta?.content;
        if (typeof content === 'string' && content) yield content;
      }
    }
  }
}

/** Streams the model's answer in the pieces it sends; throws on any failure. */
export async function* streamLlmAnswer(
  config: LlmConfig,
  input: { question: string; passages: readonly LlmPassage[] },
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): AsyncGenerator<string> {
  const timeout = AbortSignal.timeout(LLM_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await (options.fetchImpl ?? fetch)(
    `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        model: config.model,
        stream: true,
        temperature: 0,
        messages: llmMessages(input.question, input.passages),
      }),
      signal,
    },
  );
  if (!response.ok || !response.body) {
    throw new Error(`language model answered ${response.status}`);
  }
  let length = 0;
  for await (const delta of completionDeltas(response.body)) {
    length += delta.length;
    yield delta;
    if (length >= MAX_ANSWER_CHARS) return;
  }
}
