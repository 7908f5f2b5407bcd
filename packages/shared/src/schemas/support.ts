import { z } from 'zod';
import { DOCUMENT_FILE_TYPES } from '../file-types.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

export const SUPPORT_CATEGORIES = [
  'technical',
  'account_access',
  'billing',
  'compliance_content',
  'feature_request',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  technical: 'Technical problem',
  account_access: 'Account and access',
  billing: 'Billing and subscription',
  compliance_content: 'Compliance content',
  feature_request: 'Feature request',
  other: 'Other',
};

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low — a question, no deadline',
  normal: 'Normal — work continues',
  high: 'High — a task is blocked',
  urgent: 'Urgent — the team cannot work',
};

/** open: waiting for support; answered: waiting for the institution; closed: done. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
};

/**
 * Our first-response targets, in business hours (Monday–Friday, 8 a.m.–6 p.m. US Eastern):
 * the enterprise plan's `priority_support` feature shortens them.
 */
export const SUPPORT_RESPONSE_TARGETS = {
  standard: 'First response within 2 business days',
  priority: 'First response within 4 business hours',
} as const;

export const SUPPORT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const SUPPORT_ATTACHMENTS_PER_MESSAGE = 5;

/** What an attachment may be, checked from its bytes on the server (not from its name). */
export const SUPPORT_ATTACHMENT_TYPES = DOCUMENT_FILE_TYPES;

export const SUPPORT_MESSAGES = {
  attachment_too_large: 'Each attachment must be 10 MB or smaller.',
  attachment_type:
    'Attach PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files only.',
  too_many_attachments: 'Attach at most 5 files to one message.',
  not_found: 'This support ticket does not exist or is not visible to you.',
  closed: 'This ticket is closed. Reopen it to reply.',
  not_multipart: 'Send the ticket as multipart/form-data.',
} as const;

export const createTicketFieldsSchema = z.object({
  subject: z.string().trim().min(5, 'Enter a subject of at least 5 characters.').max(150),
  category: z.enum(SUPPORT_CATEGORIES, 'Choose a category.'),
  priority: z.enum(SUPPORT_PRIORITIES, 'Choose a priority.'),
  description: z
    .string()
    .trim()
    .min(20, 'Describe the problem in at least 20 characters.')
    .max(10_000, 'Keep the description under 10,000 characters.'),
});
export type CreateTicketFields = z.infer<typeof createTicketFieldsSchema>;

export const replyFieldsSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a reply.')
    .max(10_000, 'Keep the reply under 10,000 characters.'),
});

export const updateTicketRequestSchema = z.object({ status: z.enum(['open', 'closed']) });

export const ticketListQuerySchema = pageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
});

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  companyName: z.string().nullable(),
  requesterName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastMessageAt: z.iso.datetime({ offset: true }),
  /** The plan's target when the ticket was opened, kept with it. */
  prioritySupport: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketListResponseSchema = pageOf(ticketSummarySchema);

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  authorName: z.string(),
  fromSupport: z.boolean(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  messages: z.array(ticketMessageSchema),
  responseTarget: z.string(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const supportOverviewSchema = z.object({
  prioritySupport: z.boolean(),
  responseTarget: z.string(),
});
