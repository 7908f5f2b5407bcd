import { sessionResponseSchema } from '@complivue/shared/schemas/auth';
import type { UpdateProfileRequest } from '@complivue/shared/schemas/profile';
import { apiRequest } from './api-client.ts';

/** Saves the signed-in member's profile; the answer is the updated session. */
export const updateProfile = (body: UpdateProfileRequest) =>
  apiRequest('/api/profile', { method: 'PATCH', body, schema: sessionResponseSchema });
