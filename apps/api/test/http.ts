import { userProfiles } from '@complivue/db/schema/profiles';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The `cookie` header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

let addressCounter = 0;
/** A distinct client address, so that per-IP limits of one test do not meet another's. */
export function freshIp(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

export const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  email: `officer-${crypto.randomUUID().slice(0, 8)}@firstcu.org`,
  password: 'Examiner-ready 2026',
  fullName: 'Dana Reyes',
  jobTitle: 'Chief Compliance Officer',
  companyName: 'First Community Credit Union',
  institutionType: 'credit_union',
  assetsSize: '500m_1b',
  ...overrides,
});

/** Signs up through the API and returns the session cookie with the response body. */
export async function signUpThroughApi(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const payload = validSignUp(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload,
    remoteAddress: freshIp(),
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return { cookie: cookiesFrom(response), body: response.json(), input: payload };
}

export async function signInThroughApi(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}

/**
 * A signed-in member of `companyId` holding `role` (an account made the way the CLI or an
 * invitation makes one), with the session cookie.
 */
export async function signedInMember(
  app: FastifyInstance,
  options: { companyId: string | null; role: 'user' | 'manager' | 'admin' | 'super_admin' },
) {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@firstcu.org`;
  const password = 'Member passphrase 1';
  const { user } = await app.auth.api.signUpEmail({
    body: { email, password, name: 'Casey Member' },
  });
  await app.database.db.insert(userProfiles).values({
    userId: user.id,
    email,
    fullName: 'Casey Member',
    role: options.role,
    companyId: options.companyId,
  });
  const cookie = cookiesFrom(await signInThroughApi(app, email, password));
  return { cookie, userId: user.id, email };
}

export interface FormFile {
  field?: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it: text fields, then files. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----complivue${crypto.randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One request as a signed-in member (the cookie), with a JSON body when there is one. */
export function callAs(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
