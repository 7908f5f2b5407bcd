import type { Db } from '@complivue/db/database';
import { webhookDeliveries, type WebhookAttempt } from '@complivue/db/schema/automations';
import { ACTION_RETRY_MINUTES, AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import { and, eq, sql } from 'drizzle-orm';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_USER_AGENT,
  signPayload,
} from './webhook-signature.ts';
import { sendWebhook, type WebhookSendOptions } from './webhook-send.ts';
import { findLiveEndpointRow, type DeliveryRow, type EndpointRow } from './webhooks.queries.ts';

/*
 * A delivery is one payload for one endpoint; each try to post it is an attempt appended to it.
 * The body is the same on every attempt (`{ id, type, createdAt, data }`, the id being the
 * delivery's), so a receiver that saw it once can tell it again by `Complivue-Delivery`; only
 * the signature's timestamp changes. The rule engine sends through `attemptWebhookDelivery`;
 * administrators' test sends and redeliveries through `attemptDelivery`.
 */

/** The JSON posted for a delivery. */
export function webhookBody(delivery: DeliveryRow): string {
  return JSON.stringify({
    id: delivery.id,
    type: delivery.eventType,
    createdAt: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });
}

/** When the engine tries a failed action again after `attempts` attempts (for the log to show). */
function retryAt(now: Date, attempts: number): Date {
  const minutes =
    ACTION_RETRY_MINUTES[Math.min(attempts, ACTION_RETRY_MINUTES.length) - 1] ??
    ACTION_RETRY_MINUTES[0];
  return new Date(now.getTime() + minutes * 60_000);
}

export interface AttemptOptions {
  /** Whether a failure is final ('failed') or will be tried again ('retrying'). */
  final: boolean;
  send: WebhookSendOptions;
  now: Date;
}

/**
 * Posts a stored delivery to its endpoint once, signed with the endpoint's secret, and records
 * the attempt and the delivery's new status. Answers the delivery as it now is.
 */
export async function attemptDelivery(
  db: Db,
  delivery: DeliveryRow,
  endpoint: EndpointRow,
  options: AttemptOptions,
): Promise<{ delivery: DeliveryRow; attempt: WebhookAttempt }> {
  const { now } = options;
  const body = webhookBody(delivery);
  const result = await sendWebhook(
    {
      url: endpoint.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [SIGNATURE_HEADER]: signPayload(endpoint.secret, body, now),
        [EVENT_HEADER]: delivery.eventType,
        [DELIVERY_HEADER]: delivery.id,
      },
    },
    options.send,
  );
  const attempt: WebhookAttempt = {
    at: now.toISOString(),
    responseStatus: result.responseStatus,
    durationMs: result.durationMs,
    error: result.error,
  };
  const status = result.ok ? 'succeeded' : options.final ? 'failed' : 'retrying';
  const [updated] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb`,
      status,
      nextAttemptAt: status === 'retrying' ? retryAt(now, delivery.attempts.length + 1) : null,
      leasedUntil: null,
    })
    .where(eq(webhookDeliveries.id, delivery.id))
    .returning();
  return { delivery: updated!, attempt };
}

/** A new delivery of `eventType` with `payload` to an endpoint, not yet attempted. */
export async function insertDelivery(
  db: Db,
  values: {
    companyId: string;
    endpointId: string;
    runActionId?: string | null;
    runId?: string | null;
    eventType: string;
    payload: Record<string, unknown>;
    now: Date;
  },
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      companyId: values.companyId,
      endpointId: values.endpointId,
      runActionId: values.runActionId ?? null,
      runId: values.runId ?? null,
      eventType: values.eventType,
      payload: values.payload,
      status: 'pending',
      createdAt: values.now,
    })
    // Two instances running the same action at once: one delivery, whichever inserts first.
    .onConflictDoNothing({ target: webhookDeliveries.runActionId })
    .returning();
  return row;
}

function findDeliveryOfRunAction(db: Db, companyId: string, runActionId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.runActionId, runActionId),
        eq(webhookDeliveries.companyId, companyId),
      ),
    )
    .then((rows) => rows[0]);
}

export interface WebhookAttemptResult {
  ok: boolean;
  /** The delivery attempted; null when nothing was recorded (the endpoint cannot be used). */
  deliveryId: string | null;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * The rule engine's webhook action: one attempt to deliver `payload` to an endpoint of the
 * institution. The delivery is found by `runActionId` (unique) or made, so each retry of the
 * action is a new attempt on the same delivery, and a delivery that already succeeded is not
 * posted again (answered ok at once). An endpoint that is not the institution's, deleted or
 * turned off is refused with the reason, nothing sent and nothing recorded.
 */
export async function attemptWebhookDelivery(
  db: Db,
  input: {
    companyId: string;
    endpointId: string;
    /** The run action sending it: the delivery row is found by it (unique), so each retry of the action is a new attempt on the same delivery. */
    runActionId: string | null;
    runId: string | null;
    eventType: string;
    payload: Record<string, unknown>;
    /** Whether a failure of this attempt is final ('failed') or will be retried ('retrying'). */
    final: boolean;
    send: { blockPrivateAddresses: boolean };
    now?: Date;
  },
): Promise<WebhookAttemptResult> {
  const now = input.now ?? new Date();
  const refused = (error: string): WebhookAttemptResult => ({
    ok: false,
    deliveryId: null,
    responseStatus: null,
    durationMs: 0,
    error,
  });
  const endpoint = await findLiveEndpointRow(db, input.companyId, input.endpointId);
  if (!endpoint) return refused(AUTOMATION_MESSAGES.endpoint_not_found);
  if (!endpoint.enabled) return refused(AUTOMATION_MESSAGES.endpoint_disabled);

  const found = input.runActionId
    ? await findDeliveryOfRunAction(db, input.companyId, input.runActionId)
    : undefined;
  const delivery =
    found ??
    (await insertDelivery(db, { ...input, now })) ??
    (await findDeliveryOfRunAction(db, input.companyId, input.runActionId!));
  if (!delivery) return refused(AUTOMATION_MESSAGES.delivery_not_found);
  if (delivery.endpointId !== endpoint.id) return refused(AUTOMATION_MESSAGES.endpoint_not_found);
  if (delivery.status === 'succeeded') {
    const last = delivery.attempts[delivery.attempts.length - 1];
    return {
      ok: true,
      deliveryId: delivery.id,
      responseStatus: last?.responseStatus ?? null,
      durationMs: 0,
      error: null,
    };
  }

  const { attempt } = await attemptDelivery(db, delivery, endpoint, {
    final: input.final,
    send: input.send,
    now,
  });
  return {
    ok: attempt.error === null,
    deliveryId: delivery.id,
    responseStatus: attempt.responseStatus,
    durationMs: attempt.durationMs,
    error: attempt.error,
  };
}
