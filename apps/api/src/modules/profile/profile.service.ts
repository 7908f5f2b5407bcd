import { randomBytes } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { analyticsEvents } from '@complivue/db/schema/activity';
import { user } from '@complivue/db/schema/auth';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { UpdateProfileRequest } from '@complivue/shared/schemas/profile';
import { and, eq, isNull } from 'drizzle-orm';
import type { Caller } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import type { ImageType } from '../../lib/image-type.ts';

export const AVATAR_URL_PREFIX = '/api/files/avatars/';

/** Saves the profile fields, keeps the account's name in step, and records `profile_updated`. */
export async function updateProfile(
  db: Db,
  options: { userId: string; companyId: string | null; changes: UpdateProfileRequest },
) {
  const { userId, companyId, changes } = options;
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .update(userProfiles)
      .set({
        fullName: changes.fullName,
        jobTitle: changes.jobTitle || null,
        phone: changes.phone || null,
        timezone: changes.timezone || null,
        ...(changes.notificationPreferences && {
          notificationPreferences: changes.notificationPreferences,
        }),
      })
      .where(eq(userProfiles.userId, userId))
      .returning();
    await tx.update(user).set({ name: changes.fullName }).where(eq(user.id, userId));
    await tx.insert(analyticsEvents).values({
      userId,
      companyId,
      eventType: 'profile_updated',
      eventData: { fields: Object.keys(changes) },
    });
    return profile!;
  });
}

export function avatarKey(imageUrl: string | null | undefined): string | null {
  return imageUrl?.startsWith(AVATAR_URL_PREFIX)
    ? `avatars/${imageUrl.slice(AVATAR_URL_PREFIX.length)}`
    : null;
}

/** Stores the new picture, points the account at it, and removes the previous one. */
export async function replaceAvatar(
  db: Db,
  storage: FileStorage,
  options: {
    userId: string;
    previousImage: string | null | undefined;
    data: Buffer;
    type: ImageType;
  },
): Promise<string> {
  const fileName = `${randomBytes(12).toString('hex')}.${options.type.extension}`;
  await storage.put(`avatars/${options.userId}/${fileName}`, options.data);
  const image = `${AVATAR_URL_PREFIX}${options.userId}/${fileName}`;
  await db.update(user).set({ image }).where(eq(user.id, options.userId));
  const previous = avatarKey(options.previousImage);
  if (previous) await storage.delete(previous);
  return image;
}

export async function removeAvatar(
  db: Db,
  storage: FileStorage,
  options: { userId: string; previousImage: string | null | undefined },
) {
  await db.update(user).set({ image: null }).where(eq(user.id, options.userId));
  const previous = avatarKey(options.previousImage);
  if (previous) await storage.delete(previous);
}

/** Records that the member finished the onboarding wizard (the first time only). */
export async function completeOnboarding(db: Db, userId: string, now: Date) {
  await db
    .update(userProfiles)
    .set({ onboardingCompletedAt: now })
    .where(and(eq(userProfiles.userId, userId), isNull(userProfiles.onboardingCompletedAt)));
}

/**
 * A member's picture, for their institution's members (and the platform operator), like the
 * rest of their profile; to anyone else it does not exist (404).
 */
export async function getAvatar(
  deps: { db: Db; storage: FileStorage },
  options: { caller: Caller; userId: string; fileName: string },
): Promise<Buffer> {
  const { caller, userId } = options;
  if (userId !== caller.actorUserId && caller.role !== 'super_admin') {
    const [owner] = await deps.db
      .select({ companyId: userProfiles.companyId })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId));
    if (!owner?.companyId || owner.companyId !== caller.companyId) {
      throw new AppError('not_found');
    }
  }
  const data = await deps.storage.get(`avatars/${userId}/${options.fileName}`);
  if (!data) throw new AppError('not_found');
  return data;
}
