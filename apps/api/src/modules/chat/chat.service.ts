import type { Db } from '@complivue/db/database';
import { decideAccess, requireFeature } from '@complivue/shared/access';
import { topicFilterReply } from '@complivue/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/session.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { piecesOf, type ChatPiece, type ComposedReply } from './chat-stream.ts';
import type { HelpArticle } from './help-centre.ts';
import {
  composeLibraryAnswer,
  findLibraryAnswer,
  NOT_FOUND_ANSWER,
  passagesOf,
  passageSource,
  PLAN_REQUIRED_ANSWER,
  type LibraryAnswer,
} from './library-answer.ts';
import { citesAPassage, streamLlmAnswer, type LlmConfig } from './llm.ts';
import { composePlatformAnswer } from './platform-answer.ts';

/**
 * The library answer's pieces: the language model's phrasing of the passages when one is
 * configured, else (or when it fails) the composed answer. A model that fails after it began,
 * or whose answer cites none of the passages, is discarded with `reset`, so the person never
 * keeps half of an unchecked answer.
 */
async function* libraryAnswerPieces(options: {
  question: string;
  answer: LibraryAnswer;
  llm: LlmConfig | null;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}): AsyncGenerator<ChatPiece> {
  const composed = composeLibraryAnswer(options.answer);
  if (options.llm) {
    const passages = passagesOf(options.answer);
    let began = false;
    let written = '';
    try {
      for await (const text of streamLlmAnswer(
        options.llm,
        { question: options.question, passages },
        { signal: options.signal },
      )) {
        began = true;
        written += text;
        yield { text };
      }
      if (began && citesAPassage(written, passages)) return;
      options.log.warn(
        began
          ? 'the language model cited none of the passages; the composed answer is used'
          : 'the language model sent an empty answer; the composed answer is used',
      );
    } catch (error) {
      if (options.signal.aborted) throw error;
      options.log.warn({ err: error }, 'the language model failed; the composed answer is used');
    }
    if (began) yield { reset: true };
  }
  yield* piecesOf(composed);
}

/**
 * A signed-in member's reply: the topic filter (docs/product.md § Topic filter), then the plan's
 * `ai_assistant` feature, then the library's direct answer to the question and the passages that
 * support it, quoted with their links and citations, or the plain statement that the library has
 * nothing on it.
 */
export async function composeMemberReply(
  db: Db,
  options: {
    auth: AuthContext;
    question: string;
    llm: LlmConfig | null;
    signal: AbortSignal;
    log: FastifyBaseLogger;
  },
): Promise<ComposedReply> {
  const { auth, question } = options;
  const filtered = topicFilterReply(question, 'member');
  if (filtered) return { kind: 'off_topic', sources: [], pieces: piecesOf([filtered]) };

  const subscription = await findCompanySubscription(db, auth.profile.companyId);
  const access = decideAccess(requireFeature('ai_assistant'), {
    role: auth.profile.role,
    subscription,
  });
  if (!access.allowed) {
    return {
      kind: 'plan_required',
      sources: [{ title: 'Subscription', path: '/subscription' }],
      pieces: piecesOf(PLAN_REQUIRED_ANSWER),
    };
  }

  const answer = await findLibraryAnswer(db, { companyId: auth.profile.companyId }, question);
  const passages = passagesOf(answer);
  if (passages.length === 0) {
    return { kind: 'not_found', sources: [], pieces: piecesOf(NOT_FOUND_ANSWER) };
  }
  return {
    kind: 'answer',
    sources: passages.map(passageSource),
    pieces: libraryAnswerPieces({ ...options, answer }),
  };
}

/**
 * A guest's reply: the topic filter (docs/product.md § Topic filter), then the plan catalogue and
 * the help centre.
 */
export function composeGuestReply(options: {
  helpCentre: readonly HelpArticle[];
  question: string;
}): ComposedReply {
  const filtered = topicFilterReply(options.question, 'guest');
  if (filtered) return { kind: 'off_topic', sources: [], pieces: piecesOf([filtered]) };
  const answer = composePlatformAnswer(options.helpCentre, options.question);
  return { kind: answer.kind, sources: answer.sources, pieces: piecesOf(answer.pieces) };
}
