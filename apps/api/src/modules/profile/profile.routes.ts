import multipart from '@fastify/multipart';
import { okResponseSchema, sessionResponseSchema } from '@complivue/shared/schemas/auth';
import {
  MAX_AVATAR_BYTES,
  PROFILE_MESSAGES,
  avatarResponseSchema,
  updateProfileRequestSchema,
} from '@complivue/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { contentTypeOfExtension, detectImageType } from '../../lib/image-type.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { unreadableUpload } from '../../lib/uploads.ts';
import { requireAuth } from '../auth/access.ts';
import { requireCaller } from '../auth/actor.ts';
import { toSessionResponse } from '../auth/session.ts';
import {
  completeOnboarding,
  getAvatar,
  removeAvatar,
  replaceAvatar,
  updateProfile,
} from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.patch(
    '/api/profile',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary: 'Update your name, job title, phone, time zone and notification preferences',
        body: updateProfileRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const profile = await updateProfile(app.database.db, {
        userId: auth.user.id,
        companyId: auth.profile.companyId,
        changes: request.body,
      });
      return toSessionResponse({
        ...auth,
        user: { ...auth.user, name: request.body.fullName },
        profile,
      });
    },
  );

  app.post(
    '/api/profile/onboarding-complete',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary: 'Record that the onboarding wizard is done (kept across sign-outs)',
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!auth.profile.onboardingCompletedAt) {
        await completeOnboarding(app.database.db, auth.user.id, app.deps.clock());
      }
      return { ok: true as const };
    },
  );

  app.put(
    '/api/profile/avatar',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary:
          'Upload a profile picture (PNG, JPEG or WebP, up to 2 MB) as multipart field "file"',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', PROFILE_MESSAGES.avatar_type);
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch {
        throw unreadableUpload();
      }
      if (!part) throw new AppError('avatar_missing');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('avatar_too_large');
        throw unreadableUpload();
      }
      if (part.file.truncated) throw new AppError('avatar_too_large');
      const type = detectImageType(data);
      if (!type) throw new AppError('avatar_type');
      const image = await replaceAvatar(app.database.db, app.storage, {
        userId: auth.user.id,
        previousImage: auth.user.image,
        data,
        type,
      });
      return { image };
    },
  );

  app.delete(
    '/api/profile/avatar',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary: 'Remove your profile picture',
        response: { 200: avatarResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await removeAvatar(app.database.db, app.storage, {
        userId: auth.user.id,
        previousImage: auth.user.image,
      });
      return { image: null };
    },
  );

  app.get(
    '/api/files/avatars/:userId/:fileName',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary: 'A profile picture',
        params: z.object({
          userId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
          fileName: z.string().regex(/^[a-f0-9]{24}\.(png|jpg|webp)$/),
        }),
      },
    },
    async (request, reply) => {
      const { userId, fileName } = request.params;
      const data = await getAvatar(app.deps, { caller: requireCaller(request), userId, fileName });
      // File names are random and never reused, so the picture can be cached for good.
      return reply
        .type(contentTypeOfExtension(fileName) ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
};
