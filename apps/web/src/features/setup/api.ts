import { signUpResponseSchema } from '@complivue/shared/schemas/auth';
import {
  demoWorkspaceResponseSchema,
  setupStatusResponseSchema,
} from '@complivue/shared/schemas/setup';
import { apiRequest } from '@/lib/api-client';

export const setupQueryKey = ['setup'] as const;

export const getSetupStatus = () => apiRequest('/api/setup', { schema: setupStatusResponseSchema });

export const createFirstAdministrator = (body: {
  email: string;
  password: string;
  fullName: string;
  companyName: string;
}) => apiRequest('/api/setup', { method: 'POST', body, schema: signUpResponseSchema });

export const createDemoWorkspace = () =>
  apiRequest('/api/setup/demo-workspace', {
    method: 'POST',
    schema: demoWorkspaceResponseSchema,
    // Hashing three passwords and writing a week of data can take a few seconds.
    timeoutMs: 60_000,
  });
