import type { ListStats } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { LIST_COUNTS, type ListCounts } from './list-counts.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Recounts a list's statistics, stores them on the list and as today's entry of its history, and answers
 * them. Contactable: on the list and not unsubscribed from it, not globally unsubscribed, not invalid, not
 * anonymized. Imports call it after their batches so the numbers stay current while they run.
 */
export async function refreshListStats(
  db: Executor,
  organizationId: number,
  listId: number,
): Promise<ListStats> {
  const counted = (
    await sql<ListCounts>`
      SELECT ${LIST_COUNTS}
      FROM list_membership m JOIN subscriber s ON s.id = m.subscriber_id
      WHERE m.list_id = ${listId} AND m.organization_id = ${organizationId}`.execute(db)
  ).rows[0] ?? { subscribers: 0, contactable: 0, unsubscribed: 0, invalid: 0 };
  const updated = await sql<{ stats_updated_at: Date }>`
    UPDATE subscriber_list SET subscriber_count = ${counted.subscribers}, contactable_count = ${counted.contactable},
      unsubscribed_count = ${counted.unsubscribed}, invalid_count = ${counted.invalid}, stats_updated_at = now()
    WHERE id = ${listId} AND organization_id = ${organizationId} RETURNING stats_updated_at`.execute(db);
  await sql`
    INSERT INTO list_stats_day (list_id, organization_id, day, subscribers, contactable, unsubscribed, invalid)
    VALUES (${listId}, ${organizationId}, (now() AT TIME ZONE 'UTC')::date, ${counted.subscribers}, ${counted.contactable},
      ${counted.unsubscribed}, ${counted.invalid})
    ON CONFLICT (list_id, day) DO UPDATE SET subscribers = EXCLUDED.subscribers, contactable = EXCLUDED.contactable,
      unsubscribed = EXCLUDED.unsubscribed, invalid = EXCLUDED.invalid`.execute(db);
  const at = updated.rows[0]?.stats_updated_at;
  return { ...counted, updatedAt: at ? new Date(at).toISOString() : null };
}
