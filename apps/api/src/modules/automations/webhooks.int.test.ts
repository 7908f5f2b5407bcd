import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { auditLog } from '@complivue/db/schema/audit';
import {
  automationEvents,
  automationRules,
  automationRunActions,
  automationRuns,
  webhookDeliveries,
  webhookEndpoints,
} from '@complivue/db/schema/automations';
import { AUTOMATION_LIMITS, AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import type { WebhookDelivery, WebhookEndpoint } from '@complivue/shared/schemas/automations';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { setCompanyPlan } from '../../../test/feed-items.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { isLocalHostName, isNonPublicAddress } from '../feeds/feed-fetch.ts';
import { attemptWebhookDelivery } from './webhook-deliveries.ts';
import { verifySignature } from './webhook-signature.ts';

/*
 * Outbound webhooks through the HTTP layer, delivered to a receiver written here as an
 * institution's developer would write it: it checks the signature with the function the docs
 * give (docs/webhooks.md) and answers what each test tells it to.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const answer = answers.get(path) ?? { status: 204 };
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    answer: (path: string, answer: Answer) => answers.set(path, answer),
    /** What a path received, oldest first. */
    at: (path: string) => received.filter((entry) => entry.path === path),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let paths = 0;
/** A path of its own for each endpoint, so that tests do not read each other's requests. */
const freshPath = () => `/hooks/${(paths += 1)}`;

type EngineInput = Parameters<typeof attemptWebhookDelivery>[1];

/** The helpers of one test app, which allows private addresses or not (`send`). */
function webhookKit(app: () => TestApp, send: EngineInput['send']) {
  const { call, institution } = changeTestKit(app);

  /** The rule engine's call; what a test leaves out is a final `ping` of no run. */
  const attempt = (input: Pick<EngineInput, 'companyId' | 'endpointId'> & Partial<EngineInput>) =>
    attemptWebhookDelivery(app().db, {
      runActionId: null,
      runId: null,
      eventType: 'ping',
      payload: {},
      final: true,
      send,
      ...input,
    });

  async function enterprise() {
    const members = await institution();
    await setCompanyPlan(app().db, members.companyId, 'enterprise');
    return members;
  }

  async function createEndpoint(cookie: string, body: Record<string, unknown>) {
    const response = await call(cookie, 'POST', '/api/automations/webhooks', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookEndpoint & { secret: string }>();
  }

  async function deliveriesOf(cookie: string, endpointId: string) {
    const response = await call(
      cookie,
      'GET',
      `/api/automations/webhooks/${endpointId}/deliveries`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ deliveries: WebhookDelivery[] }>().deliveries;
  }

  /** A rule, an event, a run and its webhook action, as the rule engine writes them. */
  async function runAction(companyId: string, endpointId: string) {
    const { db } = app();
    const definition = { type: 'webhook' as const, endpointId };
    const [rule] = await db
      .insert(automationRules)
      .values({
        companyId,
        name: 'Post final rules to the GRC system',
        triggerType: 'update_published',
        trigger: { type: 'update_published' },
        conditions: [],
        actions: [definition],
      })
      .returning();
    const [event] = await db
      .insert(automationEvents)
      .values({
        companyId,
        triggerType: 'update_published',
        dedupeKey: `update:${crypto.randomUUID()}`,
        summary: 'Final rule: Amendments to Regulation Z',
        fields: {},
      })
      .returning();
    const [run] = await db
      .insert(automationRuns)
      .values({
        companyId,
        ruleId: rule!.id,
        ruleVersion: 1,
        ruleName: rule!.name,
        eventId: event!.id,
        triggerType: 'update_published',
      })
      .returning();
    const [action] = await db
      .insert(automationRunActions)
      .values({
        runId: run!.id,
        companyId,
        position: 0,
        type: 'webhook',
        definition,
        summary: 'Post to a webhook',
      })
      .returning();
    return { runId: run!.id, runActionId: action!.id };
  }

  return { call, institution, enterprise, createEndpoint, deliveriesOf, runAction, attempt };
}

const PAYLOAD = {
  trigger: 'update_published',
  summary: 'Final rule: Amendments to Regulation Z (TRID)',
  link: 'https://app.example/regulatory-feeds/items/1',
};

describe('outbound webhooks', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    // The test environment allows private addresses (FEED_ALLOW_PRIVATE_ADDRESSES unset outside
    // production): the receiver is on 127.0.0.1, over http.
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  const { call, institution, enterprise, createEndpoint, deliveriesOf, runAction, attempt } =
    webhookKit(() => t, { blockPrivateAddresses: false });

  it('adds, lists, changes and removes endpoints, showing the secret only when made or rotated', async () => {
    const { admin, companyId } = await enterprise();
    const created = await createEndpoint(admin.cookie, {
      name: '  GRC system  ',
      url: `${receiver.url('/grc')}#fragment`,
    });
    expect(created).toMatchObject({
      name: 'GRC system',
      url: receiver.url('/grc'),
      enabled: true,
      lastDelivery: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.secretHint).toBe(created.secret.slice(-4));

    const listed = await call(admin.cookie, 'GET', '/api/automations/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().endpoints).toEqual([
      {
        id: created.id,
        name: 'GRC system',
        url: receiver.url('/grc'),
        enabled: true,
        secretHint: created.secretHint,
        lastDelivery: null,
        createdAt: created.createdAt,
      },
    ]);
    expect(listed.body).not.toContain(created.secret);

    const renamed = await call(admin.cookie, 'PATCH', `/api/automations/webhooks/${created.id}`, {
      name: 'GRC (production)',
      enabled: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'GRC (production)', enabled: false });
    expect(renamed.body).not.toContain(created.secret);
    // Only what is sent changes.
    const turnedOn = await call(admin.cookie, 'PATCH', `/api/automations/webhooks/${created.id}`, {
      enabled: true,
    });
    expect(turnedOn.json()).toMatchObject({ name: 'GRC (production)', enabled: true });

    const rotated = await call(
      admin.cookie,
      'POST',
      `/api/automations/webhooks/${created.id}/rotate-secret`,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    expect(rotated.json().secretHint).toBe(secret.slice(-4));
    expect((await call(admin.cookie, 'GET', '/api/automations/webhooks')).body).not.toContain(
      secret,
    );

    const removed = await call(admin.cookie, 'DELETE', `/api/automations/webhooks/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(admin.cookie, 'GET', '/api/automations/webhooks')).json().endpoints).toEqual(
      [],
    );
    expect(
      (await call(admin.cookie, 'DELETE', `/api/automations/webhooks/${created.id}`)).statusCode,
    ).toBe(404);
    // Kept on record, marked deleted.
    const [row] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(row!.deletedAt).not.toBeNull();

    // Every change is in the audit trail, and no secret is.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'webhooks.%')));
    expect(audits.map((entry) => entry.action).sort()).toEqual([
      'webhooks.endpoint_created',
      'webhooks.endpoint_deleted',
      'webhooks.endpoint_updated',
      'webhooks.endpoint_updated',
      'webhooks.secret_rotated',
    ]);
    expect(audits.every((entry) => entry.actorUserId === admin.userId)).toBe(true);
    const trail = JSON.stringify(audits);
    expect(trail).not.toContain(created.secret);
    expect(trail).not.toContain(secret);
  });

  it('signs every delivery: the receiver verifies the signature and reads the headers', async () => {
    const { admin, companyId } = await enterprise();
    const path = freshPath();
    const endpoint = await createEndpoint(admin.cookie, {
      name: 'Receiver',
      url: receiver.url(path),
    });

    const tested = await call(
      admin.cookie,
      'POST',
      `/api/automations/webhooks/${endpoint.id}/test`,
    );
    expect(tested.statusCode, tested.body).toBe(200);
    const ping = tested.json<WebhookDelivery>();
    expect(ping).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'ping',
      status: 'succeeded',
      nextAttemptAt: null,
      runId: null,
      attempts: [{ responseStatus: 204, error: null }],
    });
    expect(ping.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);

    const [request] = receiver.at(path);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Complivue-Webhooks/1.0',
      'complivue-event': 'ping',
      'complivue-delivery': ping.id,
    });
    const signature = request!.headers['complivue-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(endpoint.secret, request!.body, signature)).toBe(true);
    expect(verifySignature(endpoint.secret, `${request!.body} `, signature)).toBe(false);
    expect(verifySignature('whsec_someone-else', request!.body, signature)).toBe(false);
    expect(JSON.parse(request!.body)).toEqual({
      id: ping.id,
      type: 'ping',
      createdAt: ping.createdAt,
      data: {
        message: expect.any(String),
        endpoint: { id: endpoint.id, name: 'Receiver' },
      },
    });

    // What the rule engine sends, signed alike; after a rotation, with the new secret only.
    const rotated = (
      await call(admin.cookie, 'POST', `/api/automations/webhooks/${endpoint.id}/rotate-secret`)
    ).json<{ secret: string }>();
    const { runId, runActionId } = await runAction(companyId, endpoint.id);
    const engineSends = () =>
      attempt({
        companyId,
        endpointId: endpoint.id,
        runActionId,
        runId,
        eventType: 'update_published',
        payload: PAYLOAD,
        final: false,
      });
    const result = await engineSends();
    expect(result).toMatchObject({ ok: true, responseStatus: 204, error: null });
    const engine = receiver.at(path)[1]!;
    expect(engine.headers['complivue-event']).toBe('update_published');
    expect(engine.headers['complivue-delivery']).toBe(result.deliveryId);
    const header = engine.headers['complivue-signature'] as string;
    expect(verifySignature(rotated.secret, engine.body, header)).toBe(true);
    expect(verifySignature(endpoint.secret, engine.body, header)).toBe(false);
    expect(JSON.parse(engine.body)).toMatchObject({
      id: result.deliveryId,
      type: 'update_published',
      data: PAYLOAD,
    });

    // The endpoint shows its latest delivery; the log lists both, newest first, with the run.
    const [listed] = (await call(admin.cookie, 'GET', '/api/automations/webhooks')).json<{
      endpoints: WebhookEndpoint[];
    }>().endpoints;
    expect(listed!.lastDelivery).toMatchObject({ status: 'succeeded', responseStatus: 204 });
    const log = await deliveriesOf(admin.cookie, endpoint.id);
    expect(log.map((delivery) => [delivery.id, delivery.eventType, delivery.runId])).toEqual([
      [result.deliveryId, 'update_published', runId],
      [ping.id, 'ping', null],
    ]);

    // A succeeded delivery is not posted again when its action runs again.
    const again = await engineSends();
    expect(again).toMatchObject({ ok: true, deliveryId: result.deliveryId });
    expect(receiver.at(path)).toHaveLength(2);
  });

  it('logs each failed attempt with its status and duration, retrying until the engine says final', async () => {
    const { admin, companyId } = await enterprise();
    const path = freshPath();
    receiver.answer(path, {
      status: 500,
      // A long answer with a NUL in it: only its first 500 characters are kept, storable.
      body: `boom\u0000 ${'x'.repeat(100_000)}`,
      headers: { 'content-type': 'text/plain' },
    });
    const endpoint = await createEndpoint(admin.cookie, { name: 'Flaky', url: receiver.url(path) });
    const { runId, runActionId } = await runAction(companyId, endpoint.id);
    const tryAt = (final: boolean, now: Date) =>
      attempt({
        companyId,
        endpointId: endpoint.id,
        runActionId,
        runId,
        eventType: 'deadline_missed',
        payload: { deadline: 'HMDA LAR submission' },
        final,
        now,
      });

    const first = new Date('2026-11-27T12:00:00Z');
    const failed = await tryAt(false, first);
    expect(failed).toMatchObject({ ok: false, responseStatus: 500 });
    expect(failed.deliveryId).toEqual(expect.any(String));
    expect(failed.error).toMatch(
      /^The endpoint answered HTTP 500 Internal Server Error\. It said: boom x+$/,
    );
    expect(failed.error!.length).toBeLessThanOrEqual(600);
    expect(failed.error!.match(/x/g)!.length).toBeLessThan(500);

    let [delivery] = await deliveriesOf(admin.cookie, endpoint.id);
    expect(delivery).toMatchObject({
      id: failed.deliveryId,
      status: 'retrying',
      runId,
      // The engine's first wait: ACTION_RETRY_MINUTES[0] = 1 minute.
      nextAttemptAt: '2026-11-27T12:01:00.000Z',
      attempts: [
        {
          at: first.toISOString(),
          responseStatus: 500,
          error: failed.error,
          durationMs: expect.any(Number),
        },
      ],
    });

    const second = await tryAt(false, new Date('2026-11-27T12:01:00Z'));
    expect(second.deliveryId).toBe(failed.deliveryId);
    [delivery] = await deliveriesOf(admin.cookie, endpoint.id);
    expect(delivery).toMatchObject({
      status: 'retrying',
      nextAttemptAt: '2026-11-27T12:06:00.000Z',
    });

    const last = await tryAt(true, new Date('2026-11-27T12:06:00Z'));
    expect(last).toMatchObject({ ok: false, deliveryId: failed.deliveryId, responseStatus: 500 });
    const log = await deliveriesOf(admin.cookie, endpoint.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(log[0]!.attempts.map((entry) => entry.responseStatus)).toEqual([500, 500, 500]);

    // Every attempt carried the same delivery and body; each was signed when it was sent.
    const requests = receiver.at(path);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers['complivue-delivery']))).toEqual(
      new Set([failed.deliveryId]),
    );
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    const [, timestamp] = /t=(\d+)/.exec(requests[2]!.headers['complivue-signature'] as string)!;
    expect(Number(timestamp)).toBe(Date.parse('2026-11-27T12:06:00Z') / 1000);
  });

  it('treats a redirect and an unreachable endpoint as failures, without following', async () => {
    const { admin, companyId } = await enterprise();
    const path = freshPath();
    const target = freshPath();
    receiver.answer(path, { status: 302, headers: { location: receiver.url(target) } });
    const endpoint = await createEndpoint(admin.cookie, { name: 'Moved', url: receiver.url(path) });
    const tested = (
      await call(admin.cookie, 'POST', `/api/automations/webhooks/${endpoint.id}/test`)
    ).json<WebhookDelivery>();
    expect(tested).toMatchObject({
      status: 'failed',
      attempts: [
        {
          responseStatus: 302,
          error: 'The endpoint redirected; webhooks do not follow redirects.',
        },
      ],
    });
    expect(receiver.at(target)).toEqual([]);

    // Nothing listens on port 9 of 127.0.0.1.
    const [closed] = await t.db
      .insert(webhookEndpoints)
      .values({ companyId, name: 'Closed', url: 'http://127.0.0.1:9/hook', secret: 'whsec_x' })
      .returning();
    const result = await attempt({ companyId, endpointId: closed!.id });
    expect(result).toMatchObject({
      ok: false,
      responseStatus: null,
      error: 'Could not reach 127.0.0.1: the connection was refused (ECONNREFUSED).',
    });
  });

  it('redelivers a delivery as a new one, leaving the original as it was', async () => {
    const { admin } = await enterprise();
    const path = freshPath();
    receiver.answer(path, { status: 503 });
    const endpoint = await createEndpoint(admin.cookie, { name: 'Later', url: receiver.url(path) });
    const original = (
      await call(admin.cookie, 'POST', `/api/automations/webhooks/${endpoint.id}/test`)
    ).json<WebhookDelivery>();
    // A manual send is tried once: its failure is final.
    expect(original).toMatchObject({ status: 'failed', attempts: [{ responseStatus: 503 }] });

    receiver.answer(path, { status: 200, body: 'ok' });
    const redelivered = await call(
      admin.cookie,
      'POST',
      `/api/automations/webhook-deliveries/${original.id}/redeliver`,
    );
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    const copy = redelivered.json<WebhookDelivery>();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'ping',
      status: 'succeeded',
      attempts: [{ responseStatus: 200, error: null }],
    });

    const [first, second] = receiver.at(path);
    expect(second!.headers['complivue-delivery']).toBe(copy.id);
    expect(JSON.parse(second!.body).data).toEqual(JSON.parse(first!.body).data);
    expect(
      verifySignature(
        endpoint.secret,
        second!.body,
        second!.headers['complivue-signature'] as string,
      ),
    ).toBe(true);

    const log = await deliveriesOf(admin.cookie, endpoint.id);
    expect(log.map((delivery) => delivery.id)).toEqual([copy.id, original.id]);
    expect(log[1]).toEqual(original);
  });

  it('keeps endpoints and deliveries inside the institution: another one cannot list, change, test or redeliver them', async () => {
    const a = await enterprise();
    const b = await enterprise();
    const path = freshPath();
    const endpoint = await createEndpoint(a.admin.cookie, {
      name: 'A’s GRC',
      url: receiver.url(path),
    });
    const delivery = (
      await call(a.admin.cookie, 'POST', `/api/automations/webhooks/${endpoint.id}/test`)
    ).json<WebhookDelivery>();
    const [before] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));

    expect(
      (await call(b.admin.cookie, 'GET', '/api/automations/webhooks')).json().endpoints,
    ).toEqual([]);
    for (const [method, url, body] of [
      [
        'PATCH',
        `/api/automations/webhooks/${endpoint.id}`,
        { name: 'Mine now', url: receiver.url('/b') },
      ],
      ['DELETE', `/api/automations/webhooks/${endpoint.id}`, undefined],
      ['POST', `/api/automations/webhooks/${endpoint.id}/rotate-secret`, undefined],
      ['POST', `/api/automations/webhooks/${endpoint.id}/test`, undefined],
      ['GET', `/api/automations/webhooks/${endpoint.id}/deliveries`, undefined],
      ['POST', `/api/automations/webhook-deliveries/${delivery.id}/redeliver`, undefined],
    ] as const) {
      const response = await call(b.admin.cookie, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain(endpoint.secret);
    }
    // Nor can a rule of B post to A's endpoint.
    const refused = await attempt({ companyId: b.companyId, endpointId: endpoint.id });
    expect(refused).toEqual({
      ok: false,
      deliveryId: null,
      responseStatus: null,
      durationMs: 0,
      error: AUTOMATION_MESSAGES.endpoint_not_found,
    });

    const [after] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toEqual(before);
    expect(receiver.at(path)).toHaveLength(1);
    expect((await deliveriesOf(a.admin.cookie, endpoint.id)).map((entry) => entry.id)).toEqual([
      delivery.id,
    ]);
  });

  it('does not send to an endpoint that is turned off or removed', async () => {
    const { admin, companyId } = await enterprise();
    const path = freshPath();
    const endpoint = await createEndpoint(admin.cookie, {
      name: 'Off',
      url: receiver.url(path),
      enabled: false,
    });
    const ruleSends = () => attempt({ companyId, endpointId: endpoint.id, final: false });
    expect(await ruleSends()).toMatchObject({
      ok: false,
      deliveryId: null,
      error: AUTOMATION_MESSAGES.endpoint_disabled,
    });
    await call(admin.cookie, 'DELETE', `/api/automations/webhooks/${endpoint.id}`);
    expect(await ruleSends()).toMatchObject({
      ok: false,
      deliveryId: null,
      error: AUTOMATION_MESSAGES.endpoint_not_found,
    });
    expect(receiver.at(path)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toEqual([]);
  });

  it('is for the administrators of an institution whose plan includes custom integrations', async () => {
    const { admin, user, manager, companyId } = await enterprise();
    for (const member of [user, manager]) {
      const response = await call(member.cookie, 'GET', '/api/automations/webhooks');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('role_required');
    }
    const byUser = await call(user.cookie, 'POST', '/api/automations/webhooks', {
      name: 'Sneaky',
      url: receiver.url('/sneaky'),
    });
    expect(byUser.statusCode).toBe(403);

    await setCompanyPlan(t.db, companyId, 'professional');
    const professional = await call(admin.cookie, 'GET', '/api/automations/webhooks');
    expect(professional.statusCode).toBe(403);
    expect(professional.json().error.code).toBe('feature_unavailable');
    const other = await institution();
    expect((await call(other.admin.cookie, 'GET', '/api/automations/webhooks')).statusCode).toBe(
      403,
    );
  });

  it('answers bad input with a 4xx and the reason, never a server error', async () => {
    const { admin } = await enterprise();
    const post = (body: unknown) => call(admin.cookie, 'POST', '/api/automations/webhooks', body);
    const refusals: [unknown, number, string][] = [
      [{ url: receiver.url('/x') }, 400, 'validation_failed'],
      [{ name: '   ', url: receiver.url('/x') }, 400, 'validation_failed'],
      [{ name: 'Long', url: `https://example.com/${'a'.repeat(3000)}` }, 400, 'validation_failed'],
      [{ name: 'No url' }, 400, 'validation_failed'],
      [{ name: 'Not a url', url: 'not a url' }, 400, 'validation_failed'],
      [{ name: 'FTP', url: 'ftp://example.com/hooks' }, 400, 'validation_failed'],
      [{ name: 'Creds', url: 'https://user:pass@example.com/hooks' }, 400, 'validation_failed'],
      [{ name: 'Enabled?', url: receiver.url('/x'), enabled: 'yes' }, 400, 'validation_failed'],
      ['not json', 415, 'unsupported_media_type'],
    ];
    for (const [body, status, code] of refusals) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    expect((await post({ name: 'Not a url', url: 'not a url' })).json().error.message).toBe(
      AUTOMATION_MESSAGES.webhook_url_invalid,
    );
    expect(
      (await post({ name: 'Creds', url: 'https://u:p@example.com/' })).json().error.message,
    ).toBe(AUTOMATION_MESSAGES.webhook_url_credentials);

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, status] of [
      ['PATCH', `/api/automations/webhooks/${unknown}`, 404],
      ['DELETE', `/api/automations/webhooks/${unknown}`, 404],
      ['POST', `/api/automations/webhooks/${unknown}/rotate-secret`, 404],
      ['POST', `/api/automations/webhooks/${unknown}/test`, 404],
      ['GET', `/api/automations/webhooks/${unknown}/deliveries`, 404],
      ['POST', `/api/automations/webhook-deliveries/${unknown}/redeliver`, 404],
      ['PATCH', '/api/automations/webhooks/not-a-uuid', 400],
      ['GET', '/api/automations/webhooks/not-a-uuid/deliveries', 400],
      ['POST', '/api/automations/webhook-deliveries/42/redeliver', 400],
    ] as const) {
      const response = await call(
        admin.cookie,
        method,
        url,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(status);
    }

    const endpoint = await createEndpoint(admin.cookie, {
      name: 'Edge',
      url: receiver.url(freshPath()),
    });
    const patch = (body: unknown) =>
      call(admin.cookie, 'PATCH', `/api/automations/webhooks/${endpoint.id}`, body);
    expect((await patch({})).statusCode).toBe(200);
    expect((await patch({ name: '' })).statusCode).toBe(400);
    expect((await patch({ url: 'https://exa mple.com' })).statusCode).toBe(400);
    expect((await patch({ enabled: null })).statusCode).toBe(400);

    // A removed endpoint's log and deliveries are gone with it.
    const delivery = (
      await call(admin.cookie, 'POST', `/api/automations/webhooks/${endpoint.id}/test`)
    ).json<WebhookDelivery>();
    await call(admin.cookie, 'DELETE', `/api/automations/webhooks/${endpoint.id}`);
    expect(
      (await call(admin.cookie, 'GET', `/api/automations/webhooks/${endpoint.id}/deliveries`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          admin.cookie,
          'POST',
          `/api/automations/webhook-deliveries/${delivery.id}/redeliver`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it(`allows at most ${AUTOMATION_LIMITS.webhookEndpoints} endpoints; removed ones do not count`, async () => {
    const { admin, companyId } = await enterprise();
    await t.db.insert(webhookEndpoints).values(
      Array.from({ length: AUTOMATION_LIMITS.webhookEndpoints }, (_, index) => ({
        companyId,
        name: `Endpoint ${index + 1}`,
        url: `https://hooks.example/${index + 1}`,
        secret: 'whsec_x',
      })),
    );
    const over = await call(admin.cookie, 'POST', '/api/automations/webhooks', {
      name: 'One more',
      url: 'https://hooks.example/more',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'too_many_webhook_endpoints',
      message: AUTOMATION_MESSAGES.too_many_endpoints,
    });
    const [first] = (await call(admin.cookie, 'GET', '/api/automations/webhooks')).json<{
      endpoints: WebhookEndpoint[];
    }>().endpoints;
    await call(admin.cookie, 'DELETE', `/api/automations/webhooks/${first!.id}`);
    await createEndpoint(admin.cookie, { name: 'One more', url: 'https://hooks.example/more' });
  });
});

describe('outbound webhooks where private addresses are refused (production)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ env: { FEED_ALLOW_PRIVATE_ADDRESSES: 'false' } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  const { call, enterprise, createEndpoint, attempt } = webhookKit(() => t, {
    blockPrivateAddresses: true,
  });

  it('refuses endpoints at private or internal addresses and over plain http', async () => {
    const { admin } = await enterprise();
    for (const [url, message] of [
      ['https://127.0.0.1/x', AUTOMATION_MESSAGES.webhook_url_private],
      ['https://localhost/x', AUTOMATION_MESSAGES.webhook_url_private],
      ['https://169.254.169.254/', AUTOMATION_MESSAGES.webhook_url_private],
      ['https://[::1]/x', AUTOMATION_MESSAGES.webhook_url_private],
      ['https://10.0.0.8/x', AUTOMATION_MESSAGES.webhook_url_private],
      ['https://0x7f000001/x', AUTOMATION_MESSAGES.webhook_url_private],
      ['https://metadata.local/x', AUTOMATION_MESSAGES.webhook_url_private],
      ['http://example.com/hooks', AUTOMATION_MESSAGES.webhook_url_https],
      [receiver.url('/x'), AUTOMATION_MESSAGES.webhook_url_https],
    ] as const) {
      const response = await call(admin.cookie, 'POST', '/api/automations/webhooks', {
        name: 'Internal',
        url,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        message,
        details: [{ path: '/url', message }],
      });
    }
    // A public https address is accepted (its name is resolved, and checked, when sending).
    const endpoint = await createEndpoint(admin.cookie, {
      name: 'Public',
      url: 'https://hooks.example.com/complivue',
    });
    const moved = await call(admin.cookie, 'PATCH', `/api/automations/webhooks/${endpoint.id}`, {
      url: 'https://169.254.169.254/latest/meta-data',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(AUTOMATION_MESSAGES.webhook_url_private);
  });

  it('refuses to send to an address that is, or resolves to, a private one', async (context) => {
    const { companyId } = await enterprise();
    const path = freshPath();
    // Endpoints saved while private addresses were allowed (or names that later resolve inward).
    const endpointAt = async (url: string) => {
      const [row] = await t.db
        .insert(webhookEndpoints)
        .values({ companyId, name: url, url, secret: 'whsec_x' })
        .returning();
      return attempt({ companyId, endpointId: row!.id });
    };
    expect(await endpointAt(receiver.url(path))).toMatchObject({
      ok: false,
      error: AUTOMATION_MESSAGES.webhook_url_https,
    });
    expect(await endpointAt(`https://127.0.0.1:${receiver.port}${path}`)).toMatchObject({
      ok: false,
      error: AUTOMATION_MESSAGES.webhook_url_private,
    });

    // A name that is not plainly local but resolves to a loopback address (the machine's own
    // name does, through /etc/hosts): only the check on the connection's address can catch it.
    const name = hostname();
    const { address } = await lookup(name).catch(() => ({ address: '' }));
    if (!address || !isNonPublicAddress(address) || isLocalHostName(name)) context.skip();
    const resolved = await endpointAt(`https://${name}:${receiver.port}${path}`);
    expect(resolved).toMatchObject({
      ok: false,
      responseStatus: null,
      error: AUTOMATION_MESSAGES.webhook_url_private,
    });
    expect(resolved.error).not.toContain(address);
    expect(receiver.at(path)).toEqual([]);
  });
});
