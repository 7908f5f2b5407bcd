import { contactRequests } from '@complivue/db/schema/site';
import { CONTACT_MESSAGES } from '@complivue/shared/schemas/contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createMailer } from '../../lib/email/mailer.ts';
import { deliverPendingContactRequests } from './contact-delivery.ts';

const TEAM = 'team@complivue.example';

const validMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield',
  email: 'Dana@Prairie-CU.example',
  institution: 'Prairie Federal Credit Union',
  topic: 'demo',
  message: 'Could you show our team how the HMDA calendar works?',
  ...overrides,
});

function send(t: TestApp, payload: Record<string, unknown>, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
}

describe('contact form, delivered to a real SMTP receiver', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, CONTACT_EMAIL: TEAM } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores the message and emails it to the team, with the sender as reply-to', async () => {
    const response = await send(t, validMessage());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.received });
    const email = await smtp.nextEmail();
    expect(email.to).toEqual([TEAM]);
    expect(email.body).toContain('Could you show our team how the HMDA calendar works?');
    expect(email.body).toMatch(/Reply-To: dana@prairie-cu\.example/i);
    const rows = await t.db.select().from(contactRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'dana@prairie-cu.example',
      topic: 'demo',
      deliveryAttempts: 1,
      lastDeliveryError: null,
    });
    expect(rows[0]!.deliveredAt).toBeInstanceOf(Date);
  });

  it('answers each invalid field with its message', async () => {
    const response = await send(t, { name: ' ', email: 'nope', topic: 'lunch', message: 'short' });
    expect(response.statusCode).toBe(400);
    const details = response.json().error.details as { path: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { path: '/name', message: CONTACT_MESSAGES.name },
        { path: '/email', message: CONTACT_MESSAGES.email },
        { path: '/topic', message: CONTACT_MESSAGES.topic },
        { path: '/message', message: CONTACT_MESSAGES.messageShort },
      ]),
    );
  });

  it('answers a filled honeypot like any message and keeps nothing', async () => {
    const before = (await t.db.select().from(contactRequests)).length;
    const response = await send(t, validMessage({ website: 'https://spam.example' }));
    expect(response.statusCode).toBe(201);
    expect((await t.db.select().from(contactRequests)).length).toBe(before);
  });

  it('limits one network to five messages an hour', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await send(t, validMessage(), ip)).statusCode).toBe(201);
    }
    const limited = await send(t, validMessage(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limit',
      message: CONTACT_MESSAGES.rate_limit,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // drain what the five sent
    for (let index = 0; index < 5; index += 1) await smtp.nextEmail();
  });
});

describe('contact form when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: every send fails.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_EMAIL: TEAM } });
  });
  afterAll(() => t.close());

  it('keeps the message, and the retry job delivers it exactly once when mail is back', async () => {
    const response = await send(
      t,
      validMessage({ message: 'Sent while the mail server was down.' }),
    );
    expect(response.statusCode).toBe(201);
    const [stored] = await t.db.select().from(contactRequests);
    expect(stored).toMatchObject({ deliveredAt: null, deliveryAttempts: 1 });
    expect(stored!.lastDeliveryError).toBeTruthy();

    const smtp = await startSmtpReceiver();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'test@complivue.example',
        db: t.db,
        log: t.app.log,
      });
      const first = await deliverPendingContactRequests({ db: t.db, mailer, contactEmail: TEAM });
      expect(first).toEqual({ delivered: 1, failed: 0 });
      expect((await smtp.nextEmail()).body).toContain('Sent while the mail server was down.');
      const second = await deliverPendingContactRequests({ db: t.db, mailer, contactEmail: TEAM });
      expect(second).toEqual({ delivered: 0, failed: 0 });
      expect(smtp.received).toHaveLength(0);
      const [delivered] = await t.db.select().from(contactRequests);
      expect(delivered).toMatchObject({ deliveryAttempts: 2, lastDeliveryError: null });
    } finally {
      await smtp.close();
    }
  });
});

describe('contact form without a team inbox configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the message without sending it', async () => {
    expect((await send(t, validMessage())).statusCode).toBe(201);
    const [stored] = await t.db.select().from(contactRequests);
    expect(stored).toMatchObject({ deliveredAt: null, deliveryAttempts: 0 });
  });
});
