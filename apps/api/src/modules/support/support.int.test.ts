import { supportTickets } from '@complivue/db/schema/support';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { notifications } from '@complivue/db/schema/notifications';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_MESSAGES,
  SUPPORT_RESPONSE_TARGETS,
} from '@complivue/shared/schemas/support';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartForm,
  signedInMember,
  signUpThroughApi,
  type FormFile,
} from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PDF: FormFile = {
  field: 'attachments',
  fileName: 'closing-disclosure-error.pdf',
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};
const TICKET = {
  subject: 'Export of the activity log stops at 10,000 rows',
  category: 'technical',
  priority: 'high',
  description: 'The CSV export of User Activity for 2026 seems to stop early. Steps attached.',
};

describe('help & support tickets', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, CONTACT_EMAIL: 'support@complivue.test' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const open = (cookie: string, fields: Record<string, string>, files: FormFile[] = []) => {
    const form = multipartForm(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };
  const reply = (cookie: string, ticketId: string, body: string, files: FormFile[] = []) => {
    const form = multipartForm({ body }, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${ticketId}/messages`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  async function institution() {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const colleague = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin, companyId, user, colleague };
  }

  it('opens a ticket with an attachment, visible to the requester and the admins only', async () => {
    const { admin, user, colleague } = await institution();
    const other = await institution();

    const created = await open(user.cookie, TICKET, [PDF]);
    expect(created.statusCode).toBe(201);
    const { id, number } = created.json();
    expect(number).toBeGreaterThan(0);
    const inbox = await smtp.nextEmail();
    expect(inbox.to).toEqual(['support@complivue.test']);
    expect(inbox.body).toContain(`New ticket ${number} (high)`);

    const detail = await get(user.cookie, `/api/support/tickets/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      subject: TICKET.subject,
      status: 'open',
      responseTarget: SUPPORT_RESPONSE_TARGETS.standard,
      messages: [
        {
          body: TICKET.description,
          fromSupport: false,
          attachments: [{ fileName: PDF.fileName, contentType: 'application/pdf' }],
        },
      ],
    });
    const attachmentId = detail.json().messages[0].attachments[0].id;

    expect((await get(admin.cookie, '/api/support/tickets')).json().total).toBe(1);
    const download = await get(admin.cookie, `/api/support/attachments/${attachmentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.rawPayload.equals(PDF.data)).toBe(true);

    // A colleague who is not an admin, and another institution, see nothing of it.
    expect((await get(colleague.cookie, '/api/support/tickets')).json().total).toBe(0);
    expect((await get(colleague.cookie, `/api/support/tickets/${id}`)).statusCode).toBe(404);
    expect((await get(other.admin.cookie, '/api/support/tickets')).json().total).toBe(0);
    expect((await get(other.admin.cookie, `/api/support/tickets/${id}`)).statusCode).toBe(404);
    expect(
      (await get(other.admin.cookie, `/api/support/attachments/${attachmentId}`)).statusCode,
    ).toBe(404);
  });

  it('refuses replies and status changes on another institution’s ticket, which stays as it was', async () => {
    const a = await institution();
    const b = await institution();
    const { id } = (await open(a.user.cookie, TICKET, [PDF])).json();
    await smtp.nextEmail();
    const url = `/api/support/tickets/${id}`;
    const before = (await get(a.admin.cookie, url)).json();
    const patch = (cookie: string, ticketId: string, status: 'open' | 'closed') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/support/tickets/${ticketId}`,
        headers: { cookie },
        payload: { status },
      });

    const unknown = await patch(b.admin.cookie, crypto.randomUUID(), 'closed');
    expect(unknown.statusCode).toBe(404);
    for (const intruder of [b.admin, b.user]) {
      const replied = await reply(intruder.cookie, id, 'We will close this for you.', [PDF]);
      expect(replied.statusCode).toBe(404);
      expect(replied.json()).toEqual(unknown.json());
      for (const status of ['closed', 'open'] as const) {
        const changed = await patch(intruder.cookie, id, status);
        expect(changed.statusCode).toBe(404);
        expect(changed.json()).toEqual(unknown.json());
      }
    }
    // No reply reached the support inbox.
    expect(smtp.received).toEqual([]);

    // Read back as the institution: the same status, the one message, nothing added.
    expect((await get(a.admin.cookie, url)).json()).toEqual(before);
    expect(before).toMatchObject({ status: 'open', messages: [{ body: TICKET.description }] });
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const { user, companyId } = await institution();
    const tickets = async () =>
      (
        await t.db
          .select({ total: count() })
          .from(supportTickets)
          .where(eq(supportTickets.companyId, companyId))
      )[0]?.total;

    const noSubject = await open(user.cookie, { ...TICKET, subject: '' });
    expect(noSubject.statusCode).toBe(400);
    // The form's fields answer like a JSON body's: validation_failed with one entry per field.
    expect(noSubject.json().error).toMatchObject({
      code: 'validation_failed',
      details: [{ path: '/subject', message: 'Enter a subject of at least 5 characters.' }],
    });

    const tooLarge = await open(user.cookie, TICKET, [
      { ...PDF, data: Buffer.concat([PDF.data, Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES)]) },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(SUPPORT_MESSAGES.attachment_too_large);

    const html = await open(user.cookie, TICKET, [
      {
        field: 'attachments',
        fileName: 'report.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(SUPPORT_MESSAGES.attachment_type);

    const binaryText = await open(user.cookie, TICKET, [
      {
        field: 'attachments',
        fileName: 'notes.txt',
        contentType: 'text/plain',
        data: Buffer.from([0x4d, 0x5a, 0x00, 0x01]),
      },
    ]);
    expect(binaryText.statusCode).toBe(415);

    const six = await open(
      user.cookie,
      TICKET,
      Array.from({ length: 6 }, () => PDF),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().error.message).toBe(SUPPORT_MESSAGES.too_many_attachments);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { cookie: user.cookie },
      payload: TICKET,
    });
    expect(json.statusCode).toBe(415);
    expect(await tickets()).toBe(0);

    const text = await open(user.cookie, TICKET, [
      {
        field: 'attachments',
        fileName: 'steps.txt',
        contentType: 'text/plain',
        data: Buffer.from('1. Open User Activity\n2. Export — résumé\n'),
      },
    ]);
    expect(text.statusCode).toBe(201);
    expect(await tickets()).toBe(1);
    await smtp.nextEmail();
  });

  it('super admins answer: the requester is notified and emailed; replies and closing move the status', async () => {
    const { user } = await institution();
    const agent = await signedInMember(t.app, { companyId: null, role: 'super_admin' });
    const { id, number } = (await open(user.cookie, TICKET)).json();
    await smtp.nextEmail();

    const queue = await get(agent.cookie, '/api/support/tickets?status=open');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((ticket: { id: string }) => ticket.id)).toContain(id);

    const answered = await reply(
      agent.cookie,
      id,
      'Fixed in today’s release: the export now streams every row.',
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.json().status).toBe('answered');
    expect(answered.json().messages[1]).toMatchObject({ fromSupport: true });

    const email = await smtp.nextEmail();
    expect(email.to).toEqual([user.email]);
    expect(email.body).toContain(`[Ticket ${number}]`);
    expect(email.body).toContain('the export now streams every row');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.userId));
    expect(notice).toMatchObject({ type: 'support.reply', link: `/support/tickets/${id}` });

    const followUp = await reply(user.cookie, id, 'Confirmed, thank you.');
    expect(followUp.json().status).toBe('open');
    await smtp.nextEmail();

    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/support/tickets/${id}`,
      headers: { cookie: user.cookie },
      payload: { status: 'closed' },
    });
    expect(closed.json().status).toBe('closed');
    const late = await reply(agent.cookie, id, 'One more thing.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(SUPPORT_MESSAGES.closed);
  });

  it('shows the priority-support target on the enterprise plan', async () => {
    const { admin, companyId } = await institution();
    expect((await get(admin.cookie, '/api/support/overview')).json()).toEqual({
      prioritySupport: false,
      responseTarget: SUPPORT_RESPONSE_TARGETS.standard,
    });
    await t.db
      .update(subscriptions)
      .set({ planName: 'enterprise', status: 'active' })
      .where(eq(subscriptions.companyId, companyId));
    expect((await get(admin.cookie, '/api/support/overview')).json()).toEqual({
      prioritySupport: true,
      responseTarget: SUPPORT_RESPONSE_TARGETS.priority,
    });
    const { id } = (await open(admin.cookie, TICKET)).json();
    await smtp.nextEmail();
    expect((await get(admin.cookie, `/api/support/tickets/${id}`)).json()).toMatchObject({
      prioritySupport: true,
      responseTarget: SUPPORT_RESPONSE_TARGETS.priority,
    });
  });

  it('stays open to an institution whose trial ended: a ticket at the standard target', async () => {
    const { admin, companyId } = await institution();
    await t.db
      .update(subscriptions)
      .set({ planName: 'enterprise', status: 'expired' })
      .where(eq(subscriptions.companyId, companyId));
    expect((await get(admin.cookie, '/api/support/overview')).json()).toEqual({
      prioritySupport: false,
      responseTarget: SUPPORT_RESPONSE_TARGETS.standard,
    });
    const created = await open(admin.cookie, TICKET);
    expect(created.statusCode, created.body).toBe(201);
    await smtp.nextEmail();
    expect((await get(admin.cookie, '/api/support/tickets')).json().total).toBe(1);
    // The pages of the product stay closed.
    expect((await get(admin.cookie, '/api/calendar/events')).statusCode).toBe(403);
  });
});
