import { z } from 'zod';
import { regulatoryKeywords } from '../regulatory-terms.ts';

/**
 * docs/product.md § Chat assistant: every conversation is this one; guests' live only in their
 * browser.
 */
export const CHAT_CONVERSATION_ID = 'default-conversation';
/**
 * docs/product.md § Chat assistant: the user id a guest's messages carry (never stored on the
 * server).
 */
export const CHAT_GUEST_USER_ID = 'guest';

/**
 * docs/product.md § Chat assistant: 384 × 500 px open, a 56 px bar minimized; the input grows from
 * 1 to 3 rows.
 */
export const CHAT_WIDGET = {
  width: 384,
  height: 500,
  minimizedHeight: 56,
  minRows: 1,
  maxRows: 3,
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How much history a signed-in user's widget loads (the newest, shown oldest first). */
export const CHAT_HISTORY_LIMIT = 50;

/** docs/product.md § Topic filter and § Error messages, word for word. */
export const CHAT_TEXTS = {
  complianceOnly:
    "I'm specialized in mortgage compliance questions. Please ask me about regulations, compliance requirements, or related topics like HMDA, TRID, QM rules, fair lending, or other mortgage compliance matters.",
  platformOnly:
    'I can help you with platform questions, subscription plans, account support, and general information about the product. Please ask about our features, pricing, account setup, or technical support.',
  failure:
    "I apologize, but I'm having trouble processing your request right now. Please try again later.",
} as const;

export const CHAT_MESSAGES = {
  empty: 'Please type a message.',
  tooLong: 'Messages are at most 2,000 characters.',
  rate_limit: 'You have sent a lot of messages. Please wait a few minutes before asking again.',
} as const;

/**
 * The compliance keywords of docs/product.md § Topic filter ("for example hmda, trid, qm, cfpb,
 * fair lending, cra, bsa, aml, mortgage, disclosure, apr, tila, respa, escrow, redlining"), with
 * the library's other areas and the regulations' own names so that a question about them is not
 * turned away.
 */
export const COMPLIANCE_KEYWORDS = [
  'hmda',
  'trid',
  'qm',
  'cfpb',
  'fair lending',
  'cra',
  'bsa',
  'aml',
  'mortgage',
  'disclosure',
  'apr',
  'tila',
  'respa',
  'escrow',
  'redlining',
  'ecoa',
  'reg b',
  'reg c',
  'reg x',
  'reg z',
  'regulation b',
  'regulation c',
  'regulation x',
  'regulation z',
  'atr',
  'ability to repay',
  'qualified mortgage',
  'loan estimate',
  'closing disclosure',
  'hoepa',
  'hpml',
  'rescission',
  'flood insurance',
  'fcra',
  'udaap',
  // GLBA, SCRA, MLA and "Regulation P" come from the regulatory term table, below.
  'privacy',
  'reg p',
  'gramm-leach-bliley',
  'servicemember',
  'military lending',
  'safe act',
  'nmls',
  'cfr',
  'ofac',
  'suspicious activity',
  'currency transaction',
  'adverse action',
  'appraisal',
  'lending',
  'compliance',
  'fincen',
  'flood',
  'beneficial owner',
  'sanctions',
  'servicing',
  'servicer',
  'loss mitigation',
  'force-placed',
  'foreclosure',
  'rate spread',
  'points and fees',
  'tolerance',
  'consummation',
  'credit report',
  'credit score',
  'red flags',
  'identity theft',
  'loan originator',
  'reg bb',
  'regulation bb',
  'reg p',
  'reg v',
  'regulation v',
  'money laundering',
  'record retention',
] as const;

/**
 * The platform keywords of docs/product.md § Topic filter ("platform, subscription, pricing,
 * account, support, trial, login, billing, security and similar").
 */
export const PLATFORM_KEYWORDS = [
  'platform',
  'subscription',
  'subscribe',
  'pricing',
  'price',
  'cost',
  'plan',
  'account',
  'support',
  'trial',
  'login',
  'log in',
  'sign in',
  'sign up',
  'signup',
  'password',
  'billing',
  'invoice',
  'payment',
  'pay',
  'card',
  'security',
  'two-factor',
  '2fa',
  'feature',
  'complivue',
  'product',
  'demo',
  'cancel',
  'upgrade',
  'setup',
  'set up',
  'technical',
  'role',
  'team',
  'profile',
  'contact',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each keyword as a whole word or phrase, plural and simple inflections allowed. */
function keywordPattern(keywords: readonly string[]): RegExp {
  const alternatives = keywords.map((keyword) => escapeRegExp(keyword).replace(/ /g, '\\s+'));
  return new RegExp(
    `(?:^|[^\\p{L}\\p{N}])(?:${alternatives.join('|')})(?:s|es|ed|ing)?(?![\\p{L}\\p{N}])`,
    'iu',
  );
}

/**
 * The topic filter's words: the keywords above and every abbreviation and phrase of the
 * regulatory term table (CTR, SAR, LAR, CIP, "currency transaction report", …).
 */
const COMPLIANCE_PATTERN = keywordPattern([...COMPLIANCE_KEYWORDS, ...regulatoryKeywords()]);
const PLATFORM_PATTERN = keywordPattern(PLATFORM_KEYWORDS);
/** A section of the regulations the library covers ("1026.19", "§ 228.12") names its topic. */
const SECTION_PATTERN = /§|\b(?:10\d\d|228|345)\.\d{1,4}/;

export function isComplianceQuestion(message: string): boolean {
  return COMPLIANCE_PATTERN.test(message) || SECTION_PATTERN.test(message);
}

export function isPlatformQuestion(message: string): boolean {
  return PLATFORM_PATTERN.test(message);
}

export type ChatAudience = 'member' | 'guest';

/**
 * docs/product.md § Topic filter: the reply for a message outside the audience's topics, or null
 * when the message may be answered.
 */
export function topicFilterReply(message: string, audience: ChatAudience): string | null {
  if (audience === 'member')
    return isComplianceQuestion(message) ? null : CHAT_TEXTS.complianceOnly;
  return isPlatformQuestion(message) ? null : CHAT_TEXTS.platformOnly;
}

export const chatRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, CHAT_MESSAGES.empty)
    .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.tooLong),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** A document an answer quotes: a library article or rule, a help-centre article, a page. */
export const chatSourceSchema = z.object({
  title: z.string(),
  /** A path of this app ("/compliance/articles/…", "/help/…"). */
  path: z.string(),
  /** The CFR sections it was quoted for, when it is a library document. */
  citation: z.string().optional(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  sources: z.array(chatSourceSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistorySchema = z.object({
  conversationId: z.literal(CHAT_CONVERSATION_ID),
  messages: z.array(chatMessageSchema),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const chatClearedSchema = z.object({ deleted: z.number().int() });

/**
 * What kind of answer a reply is: `answer` quotes the library, `not_found` says the library has
 * nothing on it, `off_topic` is the topic filter's reply, `plan_required` asks for a plan with
 * the assistant, `platform` answers a guest from the plan catalogue and help centre.
 */
export const CHAT_ANSWER_KINDS = [
  'answer',
  'not_found',
  'off_topic',
  'plan_required',
  'platform',
] as const;
export type ChatAnswerKind = (typeof CHAT_ANSWER_KINDS)[number];

/**
 * The reply to `POST /api/chat/messages` is a `text/event-stream` of these events:
 * `delta` (a piece of the answer, as it is composed), `reset` (discard the pieces so far: the
 * language model failed mid-answer and the composed answer follows), then `done` (the whole
 * answer, authoritative) or `error` (the failure text).
 */
export const CHAT_STREAM_EVENTS = ['delta', 'reset', 'done', 'error'] as const;
export type ChatStreamEventName = (typeof CHAT_STREAM_EVENTS)[number];

export const chatDeltaSchema = z.object({ text: z.string() });
export const chatDoneSchema = z.object({
  kind: z.enum(CHAT_ANSWER_KINDS),
  content: z.string(),
  sources: z.array(chatSourceSchema),
  /** The stored assistant message (signed-in users); null for guests. */
  messageId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatDone = z.infer<typeof chatDoneSchema>;
export const chatErrorEventSchema = z.object({ message: z.string() });
