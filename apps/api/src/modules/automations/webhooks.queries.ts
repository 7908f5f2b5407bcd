import type { Db } from '@complivue/db/database';
import {
  webhookDeliveries,
  webhookEndpoints,
  type WebhookAttempt,
} from '@complivue/db/schema/automations';
import type { WebhookDelivery, WebhookEndpoint } from '@complivue/shared/schemas/automations';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';

/*
 * The webhook tables' reads, each scoped to one institution: an endpoint or a delivery of
 * another institution reads as missing (DESIGN.md convention 6).
 */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How many of the newest deliveries an endpoint's log shows. */
export const DELIVERY_LOG_SIZE = 50;

/** An endpoint of the institution that is not deleted, or undefined. */
export async function findLiveEndpointRow(
  db: Db,
  companyId: string,
  endpointId: string,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.companyId, companyId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  return row;
}

/** The institution's endpoints that are not deleted, oldest first. */
export function findLiveEndpointRows(db: Db, companyId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

/** A delivery of the institution whose endpoint is not deleted, with that endpoint. */
export async function findDeliveryWithEndpoint(
  db: Db,
  companyId: string,
  deliveryId: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookEndpoints.companyId, companyId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  return row;
}

/** An endpoint's newest deliveries, newest first. */
export function findDeliveryRows(db: Db, endpointId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
}

/** Each endpoint's newest delivery. */
export async function findLatestDeliveries(
  db: Db,
  endpointIds: string[],
): Promise<Map<string, DeliveryRow>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(
      webhookDeliveries.endpointId,
      desc(webhookDeliveries.createdAt),
      desc(webhookDeliveries.id),
    );
  return new Map(rows.map((row) => [row.endpointId, row]));
}

const lastAttempt = (delivery: DeliveryRow): WebhookAttempt | undefined =>
  delivery.attempts[delivery.attempts.length - 1];

/** An endpoint as administrators read it: never its secret, only the secret's last four. */
export function toWebhookEndpoint(
  row: EndpointRow,
  latest: DeliveryRow | undefined,
): WebhookEndpoint {
  const attempt = latest ? lastAttempt(latest) : undefined;
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    secretHint: row.secret.slice(-4),
    lastDelivery: latest
      ? {
          status: latest.status,
          at: attempt?.at ?? latest.createdAt.toISOString(),
          responseStatus: attempt?.responseStatus ?? null,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    runId: row.runId,
    createdAt: row.createdAt.toISOString(),
  };
}
