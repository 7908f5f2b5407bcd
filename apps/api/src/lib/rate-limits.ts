import {
  PASSWORD_RESET_MESSAGES,
  SIGNIN_MESSAGES,
  SIGNUP_MESSAGES,
} from '@complivue/shared/schemas/auth';
import { CHAT_MESSAGES } from '@complivue/shared/schemas/chat';
import { CONTACT_MESSAGES } from '@complivue/shared/schemas/contact';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { consumeRateLimits, type RateLimitRule } from './rate-limiter.ts';

/** What a rule counts by: the client's address, the signed-in user, or the email a form names. */
export type RateLimitPart = 'ip' | 'user' | 'email';

export interface RateLimitDeclaration {
  /** Each rule is a fixed window; the attempt is refused when any rule is over its limit. */
  rules: readonly {
    per: RateLimitPart;
    limit: number;
    windowSeconds: number;
    /** Counted only when the request has this part (the chat's user, for a signed-in member). */
    optional?: true;
  }[];
  /** The 429's message (the spec's texts where it gives one). */
  message: string;
}

const MINUTE = 60;
const HOUR = 3600;

/**
 * Every rate limit of the API, in one place. A route names its limit in its configuration
 * (`config: { rateLimit: 'sign-up' }`), and its handler calls `enforceRateLimit` where an
 * attempt counts: after the form's own checks, so that a mistyped form is not an attempt.
 * A refusal is a 429 `rate_limit` with `Retry-After`. The key of a bucket is
 * `<name>:<part>:<value>` (`sign-in:ip:203.0.113.7`), shared by all API instances through
 * `rate_limit_buckets`.
 *
 * Sign-in is also slowed per account by `modules/auth/sign-in-throttle.ts` (a doubling delay
 * after failed passwords, decision 0014): not a window of attempts, so it keeps its own numbers
 * there, and answers the same 429 `rate_limit`.
 */
export const RATE_LIMITS = {
  'sign-in': {
    rules: [{ per: 'ip', limit: 30, windowSeconds: 15 * MINUTE }],
    message: SIGNIN_MESSAGES.rate_limit,
  },
  'two-factor': {
    rules: [{ per: 'ip', limit: 10, windowSeconds: 5 * MINUTE }],
    message: SIGNIN_MESSAGES.rate_limit,
  },
  'sign-up': {
    rules: [
      { per: 'ip', limit: 10, windowSeconds: HOUR },
      { per: 'email', limit: 5, windowSeconds: HOUR },
    ],
    message: SIGNUP_MESSAGES.rate_limit,
  },
  /** Asking for a reset email: the same answer for every address, so only the count limits it. */
  reset: {
    rules: [
      { per: 'ip', limit: 10, windowSeconds: 10 * MINUTE },
      { per: 'email', limit: 3, windowSeconds: 10 * MINUTE },
    ],
    message: PASSWORD_RESET_MESSAGES.rate_limit,
  },
  /** Submitting a new password with a reset token. */
  'reset-submit': {
    rules: [{ per: 'ip', limit: 20, windowSeconds: 10 * MINUTE }],
    message: PASSWORD_RESET_MESSAGES.rate_limit,
  },
  /** The current password is a second proof for a borrowed session: it must not be guessable. */
  'password-change': {
    rules: [{ per: 'user', limit: 5, windowSeconds: 15 * MINUTE }],
    message: SIGNIN_MESSAGES.change_rate_limit,
  },
  /** Turning two-factor off asks for a current code: as unguessable as the password. */
  'two-factor-disable': {
    rules: [{ per: 'user', limit: 5, windowSeconds: 15 * MINUTE }],
    message: SIGNIN_MESSAGES.rate_limit,
  },
  /** First-run setup, open only while no user exists. */
  setup: {
    rules: [{ per: 'ip', limit: 10, windowSeconds: HOUR }],
    message: 'Too many attempts. Please wait a few minutes.',
  },
  /** Invitations an administrator sends. */
  invite: {
    rules: [{ per: 'user', limit: 50, windowSeconds: HOUR }],
    message: SIGNUP_MESSAGES.rate_limit,
  },
  /** Opening and accepting an invitation link (the token is the only secret). */
  invitation: {
    rules: [{ per: 'ip', limit: 30, windowSeconds: HOUR }],
    message: SIGNUP_MESSAGES.rate_limit,
  },
  /** Messages a member may send, and a network (guests included), per ten minutes. */
  chat: {
    rules: [
      { per: 'ip', limit: 60, windowSeconds: 10 * MINUTE },
      { per: 'user', limit: 30, windowSeconds: 10 * MINUTE, optional: true },
    ],
    message: CHAT_MESSAGES.rate_limit,
  },
  /** Per network: generous for an office behind one address, tight enough to stop a flood. */
  contact: {
    rules: [{ per: 'ip', limit: 5, windowSeconds: HOUR }],
    message: CONTACT_MESSAGES.rate_limit,
  },
  /** Opening support tickets. */
  support: {
    rules: [{ per: 'user', limit: 20, windowSeconds: HOUR }],
    message: SIGNUP_MESSAGES.rate_limit,
  },
  /** Replying in a support ticket. */
  'support-reply': {
    rules: [{ per: 'user', limit: 120, windowSeconds: HOUR }],
    message: SIGNUP_MESSAGES.rate_limit,
  },
  /** Test sends and redeliveries: each makes this server post to an outside address. */
  'webhook-send': {
    rules: [{ per: 'user', limit: 30, windowSeconds: 10 * MINUTE }],
    message: 'Too many webhook sends in a short time. Please wait a few minutes and try again.',
  },
} as const satisfies Record<string, RateLimitDeclaration>;

export type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rate limit (`RATE_LIMITS`); its handler calls `enforceRateLimit`. */
    rateLimit?: RateLimitName;
  }
}

/** The parts of a key the request itself does not carry. */
export interface RateLimitSubject {
  /** The email the form names, normalized. */
  email?: string;
  /** The caller; defaults to the signed-in user of the request. */
  userId?: string;
}

/** The buckets one attempt counts against (a required part that is missing is a bug). */
export function rateLimitRules(
  name: RateLimitName,
  parts: { ip: string; email?: string; userId?: string },
): RateLimitRule[] {
  const declaration: RateLimitDeclaration = RATE_LIMITS[name];
  const values: Record<RateLimitPart, string | undefined> = {
    ip: parts.ip,
    email: parts.email,
    user: parts.userId,
  };
  return declaration.rules.flatMap((rule) => {
    const value = values[rule.per];
    if (value === undefined) {
      if (rule.optional) return [];
      throw new Error(`Rate limit ${name} counts by ${rule.per}, which the request lacks`);
    }
    return [
      { key: `${name}:${rule.per}:${value}`, limit: rule.limit, windowSeconds: rule.windowSeconds },
    ];
  });
}

/**
 * Counts this attempt against the route's declared limit (`config.rateLimit`) and refuses it,
 * when over, with 429 `rate_limit`, the limit's message and `Retry-After`.
 */
export async function enforceRateLimit(
  request: FastifyRequest,
  subject: RateLimitSubject = {},
): Promise<void> {
  const name = request.routeOptions.config.rateLimit;
  if (!name) {
    throw new Error(`Route ${request.routeOptions.url} enforces a rate limit it does not declare`);
  }
  const rules = rateLimitRules(name, {
    ip: request.ip,
    email: subject.email,
    userId: subject.userId ?? request.auth?.user.id,
  });
  const { limited, retryAfterSeconds } = await consumeRateLimits(request.server.database.db, rules);
  if (limited) throw AppError.rateLimited(retryAfterSeconds, RATE_LIMITS[name].message);
}
