import { sql } from 'kysely';
import type { Services } from '../services.ts';
import { RunContext, type RunRow } from './run-context.ts';

/**
 * A sent e-mail as its recipient got it, for its view-online link (`GET /t/v/{token}`): rendered again from the
 * run's revision and the delivery's version for the subscriber as they are now, with the same tracked links
 * (opening it is not counted as an open: the pixel's token is the delivery's, and a browser view is a view).
 * Undefined for a delivery that is not an e-mail's or whose message cannot be rendered any more.
 */
export async function viewOnlineHtml(services: Services, deliveryId: number): Promise<string | undefined> {
  const rows = await sql<
    RunRow & {
      delivery_id: string;
      subscriber_id: number;
      variation: number;
      subscriber: Record<string, unknown>;
    }
  >`
    SELECT r.id, r.organization_id, r.activity_id, r.revision_id, r.channel, r.status, d.id::text AS delivery_id,
      d.subscriber_id, d.variation, to_jsonb(s) - 'scores' - 'partition_ids' AS subscriber
    FROM delivery d JOIN deployment_run r ON r.id = d.run_id
    JOIN subscriber s ON s.id = d.subscriber_id AND s.organization_id = d.organization_id
    WHERE d.id = ${deliveryId} AND s.anonymized_at IS NULL`.execute(services.db);
  const row = rows.rows[0];
  if (!row || row.channel !== 'email') return undefined;
  const run: RunRow = { ...row, id: Number(row.id) };
  const context = await RunContext.open(services.db, services, run);
  if (!context) return undefined;
  const composed = await context.compose({
    id: deliveryId,
    subscriberId: row.subscriber_id,
    variation: row.variation,
    attempts: 0,
    subscriber: row.subscriber,
  });
  return 'message' in composed && 'html' in composed.message ? String(composed.message.html) : undefined;
}
