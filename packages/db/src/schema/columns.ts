import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every timestamp is `timestamptz`: institutions span time zones and examiners read UTC. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();
