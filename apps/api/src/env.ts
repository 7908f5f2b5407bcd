import { isIP } from 'node:net';
import { z } from 'zod';

/** Names proxy-addr understands for the usual private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none by default, so a
 * client cannot choose the address every per-IP limit and audit entry uses; a hop count (`1`
 * behind one load balancer); or a comma-separated list of proxy addresses and CIDR ranges.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma-separated list of proxy addresses (not: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The server's configuration, parsed once at start. Nothing else reads `process.env`.
 * Every variable is documented in the README with its default.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app is. */
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  /** Serve the built web app from the API; on by default in production (`npm start` sets it). */
  SERVE_WEB_APP: z.enum(['true', 'false']).optional(),
  /** The public origin users reach the app at; state-changing requests must come from it. */
  APP_URL: z.url().default('http://localhost:3000'),
  TRUST_PROXY: trustProxySchema,
  /** Requests with bigger bodies are refused with 413. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Signs session cookies and encrypts two-factor secrets. Required in production. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: emails go to the outbox table and log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Complivue <no-reply@complivue.local>'),
  /** Stripe: the secret key turns the Stripe provider on; every price id and the webhook secret are then required. */
  STRIPE_SECRET_KEY: z.string().min(10).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
  STRIPE_PRICE_BASIC_MONTHLY: z.string().min(3).optional(),
  STRIPE_PRICE_BASIC_ANNUAL: z.string().min(3).optional(),
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: z.string().min(3).optional(),
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: z.string().min(3).optional(),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: z.string().min(3).optional(),
  STRIPE_PRICE_ENTERPRISE_ANNUAL: z.string().min(3).optional(),
  /** Another Stripe API address (stripe-mock, a test double); unset: Stripe's own. */
  STRIPE_API_BASE: z.url().optional(),
  /** Allows the test checkout (no charge) in production, for demonstrations. */
  PAYMENTS_SANDBOX: z.enum(['0', '1']).default('0'),
  /** Where contact-form messages are sent; unset: they are kept (and shown to super admins) only. */
  CONTACT_EMAIL: z.email().optional(),
  /** A web-analytics script, loaded only for visitors who accept analytics cookies. */
  ANALYTICS_SCRIPT_URL: z.url().optional(),
  /** An advertising pixel script, loaded only for visitors who accept marketing cookies. */
  MARKETING_PIXEL_URL: z.url().optional(),
  /**
   * An OpenAI-compatible chat-completions endpoint (e.g. `https://api.openai.com/v1`) that phrases
   * the assistant's answers from the retrieved library passages; all three set, or none (off).
   */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /**
   * Whether feed sources may be on private, loopback or link-local addresses. Unset: refused in
   * production (an institution must not make the server read internal services), allowed
   * elsewhere (tests and local development serve feeds from 127.0.0.1).
   */
  FEED_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).optional(),
  PASSWORD_RESET_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC_MONTHLY',
  'STRIPE_PRICE_BASIC_ANNUAL',
  'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
  'STRIPE_PRICE_PROFESSIONAL_ANNUAL',
  'STRIPE_PRICE_ENTERPRISE_MONTHLY',
  'STRIPE_PRICE_ENTERPRISE_ANNUAL',
] as const;

const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (LLM_VARIABLES.some((name) => env[name])) {
    for (const name of LLM_VARIABLES) {
      if (!env[name])
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when any of ${LLM_VARIABLES.join(', ')} is set`,
        });
    }
  }
  if (!env.STRIPE_SECRET_KEY) return;
  for (const name of STRIPE_REQUIRED) {
    if (!env[name])
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
  }
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "unset" (a common result of `FOO= npm start`).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  // Unset APP_URL follows PORT, or every email, .ics and invitation link would name :3000. A port
  // picked at start (PORT=0, tests) is unknown here, so that case keeps the schema's default.
  const port = envSchema.shape.PORT.safeParse(present.PORT);
  if (present.APP_URL === undefined && port.success && port.data !== 0) {
    present.APP_URL = `http://localhost:${port.data}`;
  }
  const result = checkedEnvSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * Names of variables whose values must never reach the browser. The secret scan of the built
 * web assets checks each of them; later capabilities add theirs (auth secret, Stripe keys, SMTP).
 */
export const SERVER_ONLY_ENV_NAMES = [
  'DATABASE_URL',
  'AUTH_SECRET',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'LLM_API_KEY',
] as const satisfies readonly (keyof Env)[];
