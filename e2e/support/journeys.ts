import type { BillingInterval, PaidPlanName } from '@complivue/shared/plans';
import type { signInResponseSchema, signUpResponseSchema } from '@complivue/shared/schemas/auth';
import type { ChangeDetail, CreateChangeRequest } from '@complivue/shared/schemas/changes';
import type { Page } from 'playwright-core';
import type { z } from 'zod';

type SignUpResponse = z.infer<typeof signUpResponseSchema>;
type SignInResponse = z.infer<typeof signInResponseSchema>;

export const E2E_PASSWORD = 'Examiner-ready 2026';

export const uniqueEmail = (label: string) =>
  `${label}-${crypto.randomUUID().slice(0, 8)}@firstcu.org`;

/**
 * Signs up through the form; resolves once the app has navigated away from /signup. A new
 * account landing on the dashboard meets the onboarding wizard, which is skipped unless the
 * test wants it (`onboarding: 'keep'`).
 */
export async function signUpInBrowser(
  page: Page,
  baseUrl: string,
  options: { email: string; query?: string; institution?: string; onboarding?: 'skip' | 'keep' },
) {
  await page.goto(`${baseUrl}/signup${options.query ?? ''}`);
  await page.getByLabel('Full name').fill('Dana Reyes');
  await page.getByLabel('Work email').fill(options.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page
    .getByLabel('Institution name')
    .fill(options.institution ?? 'First Community Credit Union');
  await page.getByLabel('Institution type').selectOption('credit_union');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname !== '/signup');
  if (options.onboarding !== 'keep' && new URL(page.url()).pathname === '/dashboard') {
    await skipOnboarding(page);
  }
}

export const onboardingDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Welcome to Complivue' });

/** Dismisses the onboarding wizard; resolves once the server has recorded it. */
export async function skipOnboarding(page: Page) {
  const dialog = onboardingDialog(page);
  await dialog.getByRole('button', { name: 'Skip for now' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function headingText(page: Page, level = 1): Promise<string> {
  const locator = page.getByRole('heading', { level }).first();
  await locator.waitFor();
  return (await locator.textContent()) ?? '';
}

/** The platform operator every server gets from its first-run setup (see `signInOperator`). */
export const OPERATOR = {
  email: 'operator@complivue.example',
  password: 'Operator passphrase 1',
  fullName: 'Pat Operator',
  companyName: 'Complivue Operations',
} as const;

/**
 * Who calls the API: a session cookie (a request from the test itself), or a browser page,
 * whose context sends its own cookies and keeps those the answer sets, as the app would.
 */
export type ApiCaller = string | Page | null;

interface ApiAnswer {
  status: number;
  body: unknown;
  /** The `Cookie` header for the session the answer started, if it set cookies. */
  cookie: string;
}

const cookieHeader = (setCookies: string[]) =>
  setCookies.map((cookie) => cookie.split(';')[0]).join('; ');

async function send(
  baseUrl: string,
  caller: ApiCaller,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const url = `${baseUrl}${path}`;
  // State-changing requests must come from the app's origin (DESIGN.md security baseline).
  const headers: Record<string, string> = { origin: baseUrl };
  if (caller !== null && typeof caller !== 'string') {
    const response = await caller.request.fetch(url, {
      method,
      headers,
      ...(body instanceof FormData
        ? { multipart: body }
        : body === undefined
          ? {}
          : { data: body }),
    });
    const text = await response.text();
    const isJson = response.headers()['content-type']?.includes('json') ?? false;
    return {
      status: response.status(),
      body: text && isJson ? (JSON.parse(text) as unknown) : text,
      cookie: cookieHeader(
        response
          .headersArray()
          .filter((header) => header.name.toLowerCase() === 'set-cookie')
          .map((header) => header.value),
      ),
    };
  }
  if (caller) headers.cookie = caller;
  if (body !== undefined && !(body instanceof FormData))
    headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return {
    status: response.status,
    body: text && isJson ? (JSON.parse(text) as unknown) : text,
    cookie: cookieHeader(response.headers.getSetCookie()),
  };
}

/**
 * One API call made to set up a journey's data; throws, with the server's answer, unless it
 * succeeded (any 2xx).
 */
export async function callApi<T = unknown>(
  baseUrl: string,
  caller: ApiCaller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await send(baseUrl, caller, method, path, body);
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

const operatorSessions = new Map<string, string>();

/**
 * A live session cookie of the platform operator on a server. The first call for a server runs
 * the first-run setup (it creates the operator, and only while the server has no user at all);
 * later calls, from any test, reuse that session, or sign in again when it has ended (signing
 * out ends every session of the user), so no test depends on which one came first. A file
 * whose server is its own calls it in `beforeAll`, before anything signs up there; the shared
 * server's operator is made by global-setup.ts. Call it where the session is used rather than
 * keeping its answer: another test may have signed the operator out since.
 */
export async function signInOperator(baseUrl: string): Promise<string> {
  const known = operatorSessions.get(baseUrl);
  if (known && (await send(baseUrl, known, 'GET', '/api/auth/session')).body !== null) {
    return known;
  }
  let cookie: string | undefined;
  if (!known) {
    const setup = await send(baseUrl, null, 'POST', '/api/setup', OPERATOR);
    if (setup.status === 201) cookie = setup.cookie;
    // 403: setup is closed, so the operator exists already (unless someone signed up first).
    else if (setup.status !== 403) throw new Error(`setup failed: ${setup.status}`);
  }
  cookie ??= await signInThroughApi(baseUrl, OPERATOR).catch((error: Error) => {
    throw new Error(
      `${error.message}. Did someone sign up on this server before its first-run setup? Call signInOperator before any sign-up.`,
    );
  });
  operatorSessions.set(baseUrl, cookie);
  return cookie;
}

export interface ApiAccount {
  email: string;
  password: string;
  fullName: string;
  institution: string;
  userId: string;
  companyId: string;
  /** The `Cookie` header of the account's session. */
  cookie: string;
}

/**
 * A new institution and its administrator, made through the API: as fast as a sign-up gets,
 * for a journey that is not about signing up. With `page`, that browser is the one signed in.
 * The onboarding wizard is recorded as done unless the journey wants it (`onboarding: 'keep'`).
 * Sign-ups are rate limited (10 an hour from one address, per server): a file that needs more
 * accounts than that uses the demo workspace's members for the rest.
 */
export async function signUpThroughApi(
  baseUrl: string,
  options: {
    page?: Page;
    label?: string;
    institution?: string;
    plan?: PaidPlanName;
    billing?: BillingInterval;
    onboarding?: 'skip' | 'keep';
  } = {},
): Promise<ApiAccount> {
  const account = {
    email: uniqueEmail(options.label ?? 'member'),
    password: E2E_PASSWORD,
    fullName: 'Dana Reyes',
    institution:
      options.institution ?? `First Community Credit Union ${crypto.randomUUID().slice(0, 6)}`,
  };
  const caller = options.page ?? null;
  const answer = await send(baseUrl, caller, 'POST', '/api/auth/sign-up', {
    email: account.email,
    password: account.password,
    fullName: account.fullName,
    companyName: account.institution,
    institutionType: 'credit_union',
    ...(options.plan ? { planType: options.plan, billing: options.billing ?? 'monthly' } : {}),
  });
  if (answer.status !== 201) {
    throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const { session } = answer.body as SignUpResponse;
  if (options.onboarding !== 'keep') {
    await callApi(baseUrl, caller ?? answer.cookie, 'POST', '/api/profile/onboarding-complete');
  }
  return {
    ...account,
    userId: session.user.id,
    companyId: session.company!.id,
    cookie: answer.cookie,
  };
}

/**
 * Signs in through the API; resolves to the session cookie. With `page`, that browser is the
 * one signed in (DESIGN.md: browser tests log in through the API unless signing in is the
 * journey).
 */
export async function signInThroughApi(
  baseUrl: string,
  credentials: { email: string; password: string },
  page?: Page,
): Promise<string> {
  const answer = await send(baseUrl, page ?? null, 'POST', '/api/auth/sign-in', {
    email: credentials.email,
    password: credentials.password,
  });
  const body = answer.body as SignInResponse;
  if (answer.status !== 200 || body.status !== 'signed_in') {
    throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(body)}`);
  }
  return answer.cookie;
}

/**
 * Puts the caller's institution on a paid plan through the sandbox's test checkout, as paying
 * on its page would (the server must run with PAYMENTS_SANDBOX=1, as startE2eServer's do).
 */
export async function payThroughSandbox(
  baseUrl: string,
  caller: ApiCaller,
  plan: PaidPlanName,
  billing: BillingInterval = 'monthly',
): Promise<void> {
  const { prices } = await callApi<{
    prices: { plan: string; billing: string; priceId: string }[];
  }>(baseUrl, caller, 'GET', '/api/plans');
  const price = prices.find((entry) => entry.plan === plan && entry.billing === billing);
  if (!price) throw new Error(`no ${billing} price for ${plan}`);
  const { sessionId } = await callApi<{ sessionId: string }>(
    baseUrl,
    caller,
    'POST',
    '/api/stripe/create-checkout-session',
    { priceId: price.priceId },
  );
  await callApi(baseUrl, caller, 'POST', `/api/payments/sandbox/${sessionId}/pay`);
}

/** A change made through the API by whoever `caller` is (their plan must include changes). */
export async function createChange(
  baseUrl: string,
  caller: ApiCaller,
  change: CreateChangeRequest,
): Promise<ChangeDetail> {
  return callApi<ChangeDetail>(baseUrl, caller, 'POST', '/api/changes', change);
}

export interface DemoMember {
  role: 'user' | 'manager' | 'admin';
  email: string;
  password: string;
}

/**
 * Creates the demo workspace as the operator (see `signInOperator`), or brings it back to its
 * starting picture: the members' roles, status and passwords (new ones), the institution's
 * settings, assessments and calendar. It does not take away what a test added (members who
 * joined, invitations, audit entries, two-factor enrolment, read notifications): a test that
 * leaves such traces, or counts them, uses an institution of its own.
 */
export async function seedDemoWorkspace(baseUrl: string) {
  const { members } = await callApi<{ members: DemoMember[] }>(
    baseUrl,
    await signInOperator(baseUrl),
    'POST',
    '/api/setup/demo-workspace',
  );
  const byRole = (role: DemoMember['role']) => members.find((member) => member.role === role)!;
  return { admin: byRole('admin'), manager: byRole('manager'), user: byRole('user') };
}

/** Signs in through /login; resolves on the dashboard. */
export async function signInInBrowser(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string },
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}
