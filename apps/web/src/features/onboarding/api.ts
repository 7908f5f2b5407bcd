import { okResponseSchema } from '@complivue/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';

/** Records completion on the server, so that a sign-out (which clears storage) keeps it. */
export const markOnboardingComplete = () =>
  apiRequest('/api/profile/onboarding-complete', { method: 'POST', schema: okResponseSchema });
