import type { Db } from '@complivue/db/database';
import { webhookEndpoints } from '@complivue/db/schema/automations';
import { AUTOMATION_LIMITS, AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  updateWebhookEndpointRequestSchema,
  webhookEndpointRequestSchema,
  webhookEndpointWithSecretSchema,
} from '@complivue/shared/schemas/automations';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { lockCompany } from '../companies/institution.ts';
import { attemptDelivery, insertDelivery } from './webhook-deliveries.ts';
import { checkWebhookUrl, webhookSendOptions } from './webhook-send.ts';
import { createWebhookSecret } from './webhook-signature.ts';
import {
  findDeliveryRows,
  findDeliveryWithEndpoint,
  findLatestDeliveries,
  findLiveEndpointRow,
  findLiveEndpointRows,
  toWebhookDelivery,
  toWebhookEndpoint,
  type EndpointRow,
} from './webhooks.queries.ts';

/*
 * An institution's outbound webhook endpoints, as its administrators manage them (docs/webhooks.md
 * for the receiving side). The signing secret leaves the server twice only: in the answer that
 * creates the endpoint and in the one that rotates it; never in a list, a log or the audit trail.
 * Test sends and redeliveries are one attempt each, at once, whether or not the endpoint is
 * turned on (that switch is for automations: an administrator may test before turning it on).
 */

type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
type CreateInput = z.output<typeof webhookEndpointRequestSchema>;
type UpdateInput = z.output<typeof updateWebhookEndpointRequestSchema>;

/** The event type of a test delivery. */
const PING_EVENT = 'ping';

/** The address as stored, or 400 `validation_failed` on `url` with the reason. */
function requireWebhookUrl(deps: ServiceDeps, raw: string): string {
  const checked = checkWebhookUrl(raw, webhookSendOptions(deps.env));
  if ('error' in checked) {
    throw AppError.validationFailed([{ path: '/url', message: checked.error }], checked.error);
  }
  return checked.url.href;
}

async function requireEndpoint(deps: ServiceDeps, actor: Actor, endpointId: string) {
  const row = await findLiveEndpointRow(deps.db, actor.companyId, endpointId);
  if (!row) throw new AppError('not_found', AUTOMATION_MESSAGES.endpoint_not_found);
  return row;
}

/** At most AUTOMATION_LIMITS.webhookEndpoints live endpoints (counted under the lock). */
async function requireRoomForEndpoint(tx: Db, companyId: string): Promise<void> {
  await lockCompany(tx, companyId);
  const [row] = await tx
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), isNull(webhookEndpoints.deletedAt)));
  if ((row?.total ?? 0) >= AUTOMATION_LIMITS.webhookEndpoints) {
    throw new AppError('too_many_webhook_endpoints');
  }
}

/** Changes an endpoint unless it was removed meanwhile (then 404). */
async function updateLiveEndpoint(
  tx: Db,
  endpointId: string,
  values: Partial<Pick<EndpointRow, 'name' | 'url' | 'enabled' | 'secret' | 'deletedAt'>>,
): Promise<EndpointRow> {
  const [updated] = await tx
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.deletedAt)))
    .returning();
  if (!updated) throw new AppError('not_found', AUTOMATION_MESSAGES.endpoint_not_found);
  return updated;
}

/** What the audit trail keeps of an endpoint (never its secret). */
const auditView = (row: Pick<EndpointRow, 'name' | 'url' | 'enabled'>) => ({
  name: row.name,
  url: row.url,
  enabled: row.enabled,
});

const auditEvent = (actor: Actor, endpointId: string) => ({
  actorUserId: actor.actorUserId,
  companyId: actor.companyId,
  targetType: 'webhook_endpoint',
  targetId: endpointId,
});

async function withLatestDelivery(db: Db, row: EndpointRow): Promise<WebhookEndpoint> {
  const latest = await findLatestDeliveries(db, [row.id]);
  return toWebhookEndpoint(row, latest.get(row.id));
}

/** The institution's endpoints, each with its latest delivery. */
export async function findWebhookEndpoints(
  deps: ServiceDeps,
  options: { actor: Actor },
): Promise<WebhookEndpoint[]> {
  const rows = await findLiveEndpointRows(deps.db, options.actor.companyId);
  const latest = await findLatestDeliveries(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWebhookEndpoint(row, latest.get(row.id)));
}

/** A new endpoint with a new secret, answered with the secret this once; audited. */
export async function createWebhookEndpoint(
  deps: ServiceDeps,
  options: { actor: Actor; input: CreateInput },
): Promise<WebhookEndpointWithSecret> {
  const { actor, input } = options;
  const url = requireWebhookUrl(deps, input.url);
  const row = await deps.db.transaction(async (tx) => {
    await requireRoomForEndpoint(tx, actor.companyId);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: actor.companyId,
        name: input.name,
        url,
        secret: createWebhookSecret(),
        enabled: input.enabled,
        createdBy: actor.actorUserId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'webhooks.endpoint_created',
      ...auditEvent(actor, created!.id),
      after: auditView(created!),
    });
    return created!;
  });
  return { ...toWebhookEndpoint(row, undefined), secret: row.secret };
}

/** Renames, readdresses or turns an endpoint on or off; audited with what changed. */
export async function updateWebhookEndpoint(
  deps: ServiceDeps,
  options: { actor: Actor; endpointId: string; input: UpdateInput },
): Promise<WebhookEndpoint> {
  const { actor, input } = options;
  const current = await requireEndpoint(deps, actor, options.endpointId);
  const next = {
    name: input.name ?? current.name,
    url: input.url === undefined ? current.url : requireWebhookUrl(deps, input.url),
    enabled: input.enabled ?? current.enabled,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
    (key) => next[key] !== current[key],
  );
  if (changed.length === 0) return withLatestDelivery(deps.db, current);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateLiveEndpoint(tx, current.id, next);
    await recordAudit(tx, actor, {
      action: 'webhooks.endpoint_updated',
      ...auditEvent(actor, current.id),
      before: Object.fromEntries(changed.map((key) => [key, current[key]])),
      after: Object.fromEntries(changed.map((key) => [key, next[key]])),
    });
    return updated;
  });
  return withLatestDelivery(deps.db, row);
}

/**
 * Removes an endpoint: marked deleted, so that its deliveries stay on record and rules naming it
 * fail with "does not exist" instead of posting. Audited.
 */
export async function deleteWebhookEndpoint(
  deps: ServiceDeps,
  options: { actor: Actor; endpointId: string },
): Promise<void> {
  const { actor } = options;
  const current = await requireEndpoint(deps, actor, options.endpointId);
  await deps.db.transaction(async (tx) => {
    await updateLiveEndpoint(tx, current.id, { deletedAt: deps.clock() });
    await recordAudit(tx, actor, {
      action: 'webhooks.endpoint_deleted',
      ...auditEvent(actor, current.id),
      before: auditView(current),
    });
  });
}

/** A new secret for an endpoint, answered this once; the old one stops signing at once. */
export async function rotateWebhookSecret(
  deps: ServiceDeps,
  options: { actor: Actor; endpointId: string },
): Promise<WebhookEndpointWithSecret> {
  const { actor } = options;
  const current = await requireEndpoint(deps, actor, options.endpointId);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateLiveEndpoint(tx, current.id, { secret: createWebhookSecret() });
    await recordAudit(tx, actor, {
      action: 'webhooks.secret_rotated',
      ...auditEvent(actor, current.id),
      after: { name: updated.name },
    });
    return updated;
  });
  return { ...(await withLatestDelivery(deps.db, row)), secret: row.secret };
}

/** An endpoint's newest deliveries (DELIVERY_LOG_SIZE), newest first, with every attempt. */
export async function findWebhookDeliveries(
  deps: ServiceDeps,
  options: { actor: Actor; endpointId: string },
): Promise<WebhookDelivery[]> {
  const endpoint = await requireEndpoint(deps, options.actor, options.endpointId);
  return (await findDeliveryRows(deps.db, endpoint.id)).map(toWebhookDelivery);
}

/** Makes a delivery and attempts it once, now; a failure is final (nothing retries it). */
async function deliverNow(
  deps: ServiceDeps,
  endpoint: EndpointRow,
  values: { eventType: string; payload: Record<string, unknown>; runId: string | null },
): Promise<WebhookDelivery> {
  const now = deps.clock();
  const delivery = await insertDelivery(deps.db, {
    companyId: endpoint.companyId,
    endpointId: endpoint.id,
    ...values,
    now,
  });
  const attempted = await attemptDelivery(deps.db, delivery!, endpoint, {
    final: true,
    send: webhookSendOptions(deps.env),
    now,
  });
  return toWebhookDelivery(attempted.delivery);
}

/** Posts a `ping` to an endpoint, to check the address and the receiver's signature check. */
export async function sendTestDelivery(
  deps: ServiceDeps,
  options: { actor: Actor; endpointId: string },
): Promise<WebhookDelivery> {
  const { actor } = options;
  const endpoint = await requireEndpoint(deps, actor, options.endpointId);
  const delivery = await deliverNow(deps, endpoint, {
    eventType: PING_EVENT,
    payload: {
      message: 'A test delivery from Complivue: your endpoint is reachable.',
      endpoint: { id: endpoint.id, name: endpoint.name },
    },
    runId: null,
  });
  await recordAudit(deps.db, actor, {
    action: 'webhooks.test_sent',
    ...auditEvent(actor, endpoint.id),
    after: { name: endpoint.name, deliveryId: delivery.id, status: delivery.status },
  });
  return delivery;
}

/**
 * Sends a delivery's payload again as a new delivery (a new id), attempted at once; the
 * original stays as it was.
 */
export async function redeliverWebhook(
  deps: ServiceDeps,
  options: { actor: Actor; deliveryId: string },
): Promise<WebhookDelivery> {
  const { actor } = options;
  const found = await findDeliveryWithEndpoint(deps.db, actor.companyId, options.deliveryId);
  if (!found) throw new AppError('not_found', AUTOMATION_MESSAGES.delivery_not_found);
  const delivery = await deliverNow(deps, found.endpoint, {
    eventType: found.delivery.eventType,
    payload: found.delivery.payload,
    runId: found.delivery.runId,
  });
  await recordAudit(deps.db, actor, {
    action: 'webhooks.redelivered',
    ...auditEvent(actor, found.endpoint.id),
    after: {
      name: found.endpoint.name,
      originalDeliveryId: found.delivery.id,
      deliveryId: delivery.id,
      status: delivery.status,
    },
  });
  return delivery;
}
