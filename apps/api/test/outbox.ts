import { emailOutbox } from '@complivue/db/schema/platform';
import type { Db } from '@complivue/db/database';
import { desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';

/**
 * The newest outbox email to `to`. Some emails (password resets) are sent in the background
 * after the request has been answered, so this waits for it to arrive.
 */
export async function waitForOutboxEmail(db: Db, to: string) {
  return vi.waitFor(
    async () => {
      const [mail] = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, to))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      if (!mail) throw new Error(`no email to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 20 },
  );
}
