import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.ts';

export const CONTACT_TOPICS = ['sales', 'demo', 'support', 'billing', 'security', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  sales: 'Plans and pricing',
  demo: 'A walkthrough for my team',
  support: 'Help with my account',
  billing: 'Billing',
  security: 'Security review or questionnaire',
  other: 'Something else',
};

export const CONTACT_LIMITS = { name: 120, email: 254, institution: 160, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter a valid email address',
  institution: 'Institution names are at most 160 characters.',
  topic: 'Please choose what your message is about.',
  messageShort: 'Please write a message of at least 10 characters.',
  messageLong: 'Messages are at most 5,000 characters.',
  rate_limit: 'Too many messages from your network. Please wait an hour or email us directly.',
  received:
    'Thank you. Your message has reached our team, and we will reply to the email address you gave.',
} as const;

/**
 * The contact form (public). `website` is a honeypot: hidden from people, filled in by bots;
 * a request that fills it is answered like any other and dropped.
 */
export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.name)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.name),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.email)
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.email),
  institution: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.institution, CONTACT_MESSAGES.institution)
    .default(''),
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_MESSAGES.topic }),
  message: z
    .string()
    .trim()
    .min(10, CONTACT_MESSAGES.messageShort)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageLong),
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/**
 * The contact form: the request, its topic select starting on "Choose a topic" (empty), which
 * is refused in the request's words.
 */
export const contactFormSchema = contactRequestSchema.extend({
  topic: z.string().pipe(contactRequestSchema.shape.topic),
});

export const contactResponseSchema = z.object({ message: z.string() });
