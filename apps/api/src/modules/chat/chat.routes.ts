import { Readable } from 'node:stream';
import {
  CHAT_CONVERSATION_ID,
  chatClearedSchema,
  chatHistorySchema,
  chatRequestSchema,
} from '@complivue/shared/schemas/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { PUBLIC, SIGNED_IN } from '../../lib/route-access.ts';
import { loadAuthContext, requireAuth } from '../auth/access.ts';
import type { AuthContext } from '../auth/session.ts';
import { createChatExchange, deleteChatHistory, findChatHistory } from './chat-history.ts';
import { chatEventStream } from './chat-stream.ts';
import { composeGuestReply, composeMemberReply } from './chat.service.ts';
import { loadHelpCentre } from './help-centre.ts';
import { llmConfigFrom } from './llm.ts';

/**
 * The route is public, so the access hook does not stop a member it would stop elsewhere: an
 * inactive account, or one without the two-factor authentication its institution requires.
 */
function requireUsableSession(auth: AuthContext): void {
  if (auth.profile.role === 'super_admin') return;
  if (auth.profile.status !== 'active') {
    throw new AppError('account_inactive');
  }
  if (auth.company?.requireTwoFactor && !auth.user.twoFactorEnabled) {
    throw new AppError('two_factor_required');
  }
}

const ownerOf = (auth: AuthContext) => ({
  userId: auth.user.id,
  companyId: auth.profile.companyId,
});

/**
 * The chat assistant (docs/product.md § Chat assistant). Public: a guest gets platform help from
 * the plan catalogue and the help centre and keeps the conversation in the browser; a signed-in
 * member gets answers grounded in the compliance library, and their conversation is stored.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const helpCentre = await loadHelpCentre();
  const llm = llmConfigFrom(app.env);

  app.post(
    '/api/chat/messages',
    {
      config: { access: PUBLIC, rateLimit: 'chat' },
      schema: {
        tags: ['chat'],
        summary:
          'Ask the assistant. The answer is a text/event-stream: `delta` events ({text}) as it is composed, `reset` ({}) to discard them, then `done` ({kind, content, sources, messageId, createdAt}) or `error` ({message})',
        body: chatRequestSchema,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      // Public route: a session, when there is one, makes the caller a member.
      const auth = await loadAuthContext(app, request, reply);
      if (auth) requireUsableSession(auth);
      await enforceRateLimit(request, { userId: auth?.user.id });

      const question = request.body.message;
      const askedAt = new Date();
      // A reader who leaves stops the work (and the language model's call) behind the answer.
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const events = chatEventStream({
        log: request.log,
        compose: async () =>
          auth
            ? composeMemberReply(db, {
                auth,
                question,
                llm,
                signal: abort.signal,
                log: request.log,
              })
            : composeGuestReply({ helpCentre, question }),
        finish: async ({ content, reply: answer }) => {
          if (!auth) return { messageId: null, createdAt: new Date() };
          const saved = await createChatExchange(db, {
            ...ownerOf(auth),
            question,
            askedAt,
            answer: content,
            sources: answer.sources,
          });
          return { messageId: saved.id, createdAt: saved.createdAt };
        },
      });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(events));
    },
  );

  app.get(
    '/api/chat/messages',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['chat'],
        summary: `Your conversation with the assistant ('${CHAT_CONVERSATION_ID}'): the last 50 messages, oldest first`,
        response: { 200: chatHistorySchema },
      },
    },
    async (request) => findChatHistory(db, ownerOf(requireAuth(request))),
  );

  app.delete(
    '/api/chat/messages',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['chat'],
        summary: 'Clear your conversation with the assistant',
        response: { 200: chatClearedSchema },
      },
    },
    async (request) => ({
      deleted: await deleteChatHistory(db, ownerOf(requireAuth(request))),
    }),
  );
};
