import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { planQuery, runPlannedQuery } from '../query/engine.ts';
import { ResourceRegistry, type Actor } from '../query/resources.ts';
import { subscriberResource } from '../subscribers/subscriber-resource.ts';

const subscribers = new ResourceRegistry([subscriberResource]).of('subscriber');

/**
 * How many subscribers a send would reach, counted exactly by the query engine (a subscriber query filtered by
 * the target, limit 0), so a partition-restricted user counts their own: the target's subscribers less the
 * unsubscribed and the invalid, whom a send skips and the send limit does not count. Used by the recipients
 * check and by a deployment's send limit as it starts. Undefined without a target.
 */
export async function countRecipients(
  db: Kysely<Database>,
  actor: Actor,
  target: string | null,
): Promise<number | undefined> {
  if (target === null || !target.trim()) return undefined;
  const plan = await planQuery(
    subscribers,
    {
      query: { type: 'subscriber', filter: { target, isUnsubscribed: false, isInvalid: false } },
      limit: 0,
    },
    actor,
    new Date().toISOString().slice(0, 10),
    db,
  );
  return (await runPlannedQuery(db, plan)).total;
}
