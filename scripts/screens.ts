/**
 * `npm run screens -- <label>`: screenshots of the screens an examiner-facing team lives in
 * (dashboard, library, an article, a change, the calendar), on the demo workspace as its
 * administrator, at 1440 and 390 px, into docs/screens/<screen>-<width>-<label>.png. The
 * production build on a throwaway PGlite data directory; run `npm run build` first.
 * Viewport-sized, not full-page: the first screen is the one that has to say what needs action.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from './chromium.ts';
import { startServerProcess } from './server-process.ts';

const label = process.argv[2] ?? 'after';
const OUT = fileURLToPath(new URL('../docs/screens/', import.meta.url));
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const OPERATOR = {
  email: 'screens-operator@complivue.example',
  password: 'Screens operator passphrase 1',
  fullName: 'Sam Operator',
  companyName: 'Complivue Operations',
};

async function call<T>(
  baseUrl: string,
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ body: T; cookie: string }> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const setCookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  return { body: (await response.json()) as T, cookie: setCookies.join('; ') || (cookie ?? '') };
}

const dataDir = await mkdtemp(join(tmpdir(), 'complivue-screens-'));
const server = await startServerProcess(
  { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString('base64url'), LOG_LEVEL: 'info' },
  { entry: 'compiled' },
);
try {
  const base = server.url;
  const operator = (await call(base, null, 'POST', '/api/setup', OPERATOR)).cookie;
  const { members } = (
    await call<{ members: { role: string; email: string; password: string }[] }>(
      base,
      operator,
      'POST',
      '/api/setup/demo-workspace',
    )
  ).body;
  const admin = members.find((member) => member.role === 'admin')!;
  const signedIn = (
    await call(base, null, 'POST', '/api/auth/sign-in', {
      email: admin.email,
      password: admin.password,
    })
  ).cookie;
  const library = await call<{ articles: { slug: string; appliesToInstitution: boolean }[] }>(
    base,
    signedIn,
    'GET',
    '/api/library',
  );
  const article = library.body.articles.find((entry) => entry.appliesToInstitution)!;
  const feed = await call<{ items: { id: string }[] }>(base, signedIn, 'GET', '/api/feeds/items');
  const change = await call<{ id: string }>(base, signedIn, 'POST', '/api/changes', {
    feedItemId: feed.body.items[0]!.id,
  });
  const screens = {
    dashboard: '/dashboard',
    library: '/compliance',
    article: `/compliance/articles/${article.slug}`,
    change: `/change-management?change=${change.body.id}`,
    calendar: '/regulatory-calendar',
    risks: '/risk-scoring',
    analytics: '/analytics',
    'analytics-deadlines': '/analytics/deadlines',
  };

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    await context.addCookies(
      signedIn.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: base };
      }),
    );
    // The cookie banner answered, so it does not cover the screen.
    await context.addInitScript(() =>
      localStorage.setItem(
        'complivue.cookie-consent',
        JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          personalization: false,
          timestamp: new Date().toISOString(),
          version: '1.0',
        }),
      ),
    );
    const page = await context.newPage();
    for (const [name, path] of Object.entries(screens)) {
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
      // Every spinner gone: the screen as a person sees it once it has loaded.
      await page
        .getByText(/^Loading/)
        .first()
        .waitFor({ state: 'hidden' });
      const file = join(OUT, `${name}-${viewport.width}-${label}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`${file}\n`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
