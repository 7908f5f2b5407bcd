import { signUpResponseSchema } from '@complivue/shared/schemas/auth';
import { setupStatusResponseSchema } from '@complivue/shared/schemas/setup';
import { apiRequest } from '@/lib/api-client';

export const setupQueryKey = ['setup'] as const;

export const getSetupStatus = () => apiRequest('/api/setup', { schema: setupStatusResponseSchema });

export const createFirstAdministrator = (body: {
  email: string;
  password: string;
  fullName: string;
  companyName: string;
}) => apiRequest('/api/setup', { method: 'POST', body, schema: signUpResponseSchema });
