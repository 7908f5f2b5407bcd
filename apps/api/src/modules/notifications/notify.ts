import type { Db } from '@complivue/db/database';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { NotificationPriority } from '@complivue/shared/schemas/notifications';
import {
  resolveNotificationPreferences,
  type NotificationCategory,
} from '@complivue/shared/schemas/profile';
import { companies } from '@complivue/db/schema/companies';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { notificationEmail } from '../../lib/email/templates.ts';
import type { Mailer } from '../../lib/email/mailer.ts';
import type { RealtimeBus } from '../../lib/realtime-bus.ts';

export interface NotifyDependencies {
  db: Db;
  bus: RealtimeBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
}

/** The service's dependencies, as the app holds them. */
export function notifyDependencies(app: FastifyInstance): NotifyDependencies {
  return {
    db: app.database.db,
    bus: app.realtime,
    mailer: app.mailer,
    log: app.log,
    appUrl: app.env.APP_URL,
  };
}

export interface NotificationInput {
  /**
   * Recipients are always active members of this company: a notification never crosses
   * tenants, and anyone else in `userIds` (moved away, deactivated) is left out.
   */
  companyId: string;
  userIds: string[];
  type: string;
  /**
   * Which preference decides whether it is also emailed (profile → notifications); without
   * one (account notices such as a role change) it is in-app only.
   */
  category?: NotificationCategory;
  priority?: NotificationPriority;
  title: string;
  body?: string;
  /** An app path such as `/users/team`. */
  link?: string | null;
  /**
   * `digest_only`: never emailed at once, only carried by the recipient's digest (an
   * automation's "add to the digest"); by default emailed as the recipient chose.
   */
  email?: 'as_chosen' | 'digest_only';
}

/**
 * The one way any module notifies people: an in-app notification for each recipient, always,
 * delivered live to their open sessions on every instance; and an email at once when the
 * recipient wants this category by email without a digest (with a daily or weekly digest, the
 * digest carries it). Called after the change it reports has committed. Returns the ids of
 * the notifications created (none when no recipient is an active member of the company).
 */
export async function notify(
  deps: NotifyDependencies,
  input: NotificationInput,
): Promise<string[]> {
  if (input.userIds.length === 0) return [];
  const recipients = await deps.db
    .select({
      userId: userProfiles.userId,
      email: userProfiles.email,
      fullName: userProfiles.fullName,
      preferences: userProfiles.notificationPreferences,
      companyDefaults: companies.notificationDefaults,
    })
    .from(userProfiles)
    .innerJoin(companies, eq(companies.id, userProfiles.companyId))
    .where(
      and(
        inArray(userProfiles.userId, input.userIds),
        eq(userProfiles.companyId, input.companyId),
        // A deactivated member cannot sign in to read it, and must not be emailed about the
        // institution's work any more.
        eq(userProfiles.status, 'active'),
      ),
    );
  if (recipients.length === 0) return [];
  const rows = await deps.db
    .insert(notifications)
    .values(
      recipients.map((recipient) => ({
        companyId: input.companyId,
        userId: recipient.userId,
        type: input.type,
        priority: input.priority ?? 'normal',
        title: input.title,
        body: input.body ?? '',
        link: input.link ?? null,
        category: input.category ?? null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });

  await Promise.all(
    rows.map((row) =>
      deps.bus
        .publish({ kind: 'notification', userId: row.userId, id: row.id })
        .catch((error: unknown) => deps.log.error({ err: error }, 'realtime publish failed')),
    ),
  );

  const category = input.category;
  if (!category || input.email === 'digest_only') return rows.map((row) => row.id);
  for (const recipient of recipients) {
    const preferences = resolveNotificationPreferences(
      recipient.preferences,
      recipient.companyDefaults,
    );
    if (!preferences.categories[category].email || preferences.email_digest !== 'off') continue;
    try {
      await deps.mailer.send(
        notificationEmail({
          to: recipient.email,
          name: recipient.fullName ?? recipient.email.split('@')[0] ?? 'there',
          title: input.title,
          body: input.body ?? '',
          url: input.link ? new URL(input.link, deps.appUrl).toString() : null,
        }),
      );
    } catch (error) {
      // The in-app notification stands; an email failure must not undo or block it.
      deps.log.warn({ err: error, userId: recipient.userId }, 'notification email failed');
    }
  }
  return rows.map((row) => row.id);
}
