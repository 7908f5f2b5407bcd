import { contactResponseSchema, type ContactRequest } from '@complivue/shared/schemas/contact';
import { apiRequest } from '@/lib/api-client';

/**
 * Sends the contact form; the answer is the message to show. A plain request rather than a
 * mutation hook: the public website runs without a query client
 * (docs/decisions/0008-prerendered-website.md), and nothing of this answer is cached.
 */
export const sendContactMessage = (body: ContactRequest) =>
  apiRequest('/api/contact', { method: 'POST', body, schema: contactResponseSchema });
