import type { Db } from '@complivue/db/database';
import { chatMessages } from '@complivue/db/schema/activity';
import {
  CHAT_CONVERSATION_ID,
  CHAT_HISTORY_LIMIT,
  type ChatHistory,
  type ChatSource,
} from '@complivue/shared/schemas/chat';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

export interface ChatOwner {
  userId: string;
  /** The member's institution; a history belongs to the user inside it. */
  companyId: string | null;
}

const ownedBy = (owner: ChatOwner) =>
  and(
    eq(chatMessages.userId, owner.userId),
    eq(chatMessages.conversationId, CHAT_CONVERSATION_ID),
    owner.companyId === null
      ? isNull(chatMessages.companyId)
      : eq(chatMessages.companyId, owner.companyId),
  );

/** The newest messages of the user's conversation, oldest first. */
export async function findChatHistory(db: Db, owner: ChatOwner): Promise<ChatHistory> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(ownedBy(owner))
    // A question and its answer may share a timestamp: the question comes first.
    .orderBy(
      desc(chatMessages.createdAt),
      desc(sql`CASE ${chatMessages.role} WHEN 'user' THEN 0 ELSE 1 END`),
    )
    .limit(CHAT_HISTORY_LIMIT);
  return {
    conversationId: CHAT_CONVERSATION_ID,
    messages: rows.reverse().map((row) => ({
      id: row.id,
      role: row.role,
      content: row.content,
      sources: row.sources ?? [],
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Stores a question and its answer together: a failed answer leaves no orphan question. */
export async function createChatExchange(
  db: Db,
  options: ChatOwner & {
    question: string;
    askedAt: Date;
    answer: string;
    sources: ChatSource[];
  },
): Promise<{ id: string; createdAt: Date }> {
  const answeredAt = new Date(Math.max(Date.now(), options.askedAt.getTime() + 1));
  const base = {
    userId: options.userId,
    companyId: options.companyId,
    conversationId: CHAT_CONVERSATION_ID,
  };
  const rows = await db
    .insert(chatMessages)
    .values([
      { ...base, role: 'user', content: options.question, createdAt: options.askedAt },
      {
        ...base,
        role: 'assistant',
        content: options.answer,
        sources: options.sources,
        createdAt: answeredAt,
      },
    ])
    .returning({ id: chatMessages.id, role: chatMessages.role, createdAt: chatMessages.createdAt });
  const answer = rows.find((row) => row.role === 'assistant')!;
  return { id: answer.id, createdAt: answer.createdAt };
}

export async function deleteChatHistory(db: Db, owner: ChatOwner): Promise<number> {
  const deleted = await db
    .delete(chatMessages)
    .where(ownedBy(owner))
    .returning({ id: chatMessages.id });
  return deleted.length;
}
