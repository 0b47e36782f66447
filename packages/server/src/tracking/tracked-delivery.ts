import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { trackingOrganizationOf } from '../domains/tracking-host.ts';
import type { Services } from '../services.ts';
import type { TrackingKind, TrackingPayload } from './tracking-token.ts';

/** The delivery a tracking token stands for, with what its pages and events need. */
export interface TrackedDelivery {
  payload: TrackingPayload;
  deliveryId: string;
  organizationId: number;
  organizationName: string;
  runId: number;
  activityId: number;
  campaignId: number | null;
  subscriberId: number;
  /** The activity's target expression (canonical text), for the unsubscribe rule. */
  target: string | null;
}

/**
 * Reads a token on its own kind's route and finds its delivery, or answers undefined for every way it can fail
 * (not signed here, altered, another kind's, an unknown delivery, another organization's tracking domain) so
 * the routes answer all of them with the same 404. On a verified tracking domain only that organization's
 * deliveries are found; on any other host (the public URL, however a proxy names it) the signature suffices.
 */
export async function trackedDelivery(
  services: Services,
  token: string,
  kind: TrackingKind,
  host: string,
): Promise<TrackedDelivery | undefined> {
  const payload = services.trackingTokens.read(token);
  if (!payload || payload.kind !== kind) return undefined;
  const delivery = await deliveryOfPayload(services.db, payload);
  if (!delivery) return undefined;
  if (!isPublicHost(services, host)) {
    const hostOrganization = await trackingOrganizationOf(services.db, host);
    if (hostOrganization !== undefined && hostOrganization !== delivery.organizationId) return undefined;
  }
  return delivery;
}

/** The delivery a token's payload (already verified) names, unless it is gone or its subscriber anonymized. */
export async function deliveryOfPayload(
  db: Kysely<Database>,
  payload: TrackingPayload,
): Promise<TrackedDelivery | undefined> {
  const row = await sql<{
    organization_id: number;
    organization_name: string;
    run_id: string;
    activity_id: number;
    campaign_id: number | null;
    subscriber_id: number;
    target: string | null;
  }>`
    SELECT d.organization_id, o.name AS organization_name, d.run_id, d.activity_id, a.campaign_id,
      d.subscriber_id, a.target
    FROM delivery d
    JOIN organization o ON o.id = d.organization_id
    JOIN subscriber s ON s.id = d.subscriber_id AND s.organization_id = d.organization_id
    LEFT JOIN activity a ON a.id = d.activity_id AND a.organization_id = d.organization_id
    WHERE d.id = ${payload.deliveryId}::bigint AND s.anonymized_at IS NULL`
    .execute(db)
    .then((result) => result.rows[0]);
  if (!row) return undefined;
  return {
    payload,
    deliveryId: payload.deliveryId,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    runId: Number(row.run_id),
    activityId: row.activity_id,
    campaignId: row.campaign_id,
    subscriberId: row.subscriber_id,
    target: row.target,
  };
}

function isPublicHost(services: Services, host: string): boolean {
  return new URL(services.config.publicUrl).hostname.toLowerCase() === host.toLowerCase();
}

/** One event in the subscriber's history for a tracked request: the one write an open or a click makes. */
export async function recordTrackingEvent(
  db: Kysely<Database> | Transaction<Database>,
  delivery: TrackedDelivery,
  kind: 'opened' | 'clicked' | 'unsubscribed' | 'listsubscribed',
  details: Record<string, unknown>,
  listId: number | null = null,
): Promise<number> {
  const { id } = await db
    .insertInto('subscriber_event')
    .values({
      organization_id: delivery.organizationId,
      subscriber_id: delivery.subscriberId,
      kind,
      activity_id: delivery.activityId,
      campaign_id: delivery.campaignId,
      list_id: listId,
      details: JSON.stringify({ deliveryId: delivery.deliveryId, ...details }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
