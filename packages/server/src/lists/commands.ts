import { HeraldError, organizationCommands, type ListStats } from '@herald/protocol';
import { sql } from 'kysely';
import type { CommandContext } from '../channels/registry.ts';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import type { Actor } from '../query/resources.ts';
import { announceChanges } from '../subscribers/announce-changes.ts';
import { commandActor, visibleList } from '../subscribers/subscriber-access.ts';
import { refreshListStats } from './list-stats.ts';
import { listStatsWithin } from './partition-list-stats.ts';

/** Functional §9: the default chart date range starts 2000-02-01. */
const HISTORY_FROM = '2000-02-01';

/** Lists are read by head office (base) and franchisees; a restricted user only lists of their partitions. */
async function listReader(
  context: CommandContext,
  listId: number,
): Promise<{ actor: Actor; listId: number }> {
  const actor = await commandActor(context);
  if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
    throw new HeraldError('PrivilegesError');
  const list = await visibleList(context.services.db, actor, listId);
  if (!list) throw new HeraldError('NotFoundError');
  return { actor, listId: list.id };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Organization-channel commands of this area, each registered with its access (channels/registry.ts). Both
 * need base or franchisee (checked in listReader, since the registry's list means all of). A restricted user
 * gets the counts of their partitions' subscribers only: the stored (organization-wide) statistics are
 * refreshed, but what they are answered is recounted within their partitions, and their history is that one
 * day (the stored history is organization-wide).
 */
export const listOrganizationCommands: CommandRegistry = {
  updateListStats: registerCommand(
    organizationCommands.updateListStats,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const { actor, listId } = await listReader(context, params.listId);
      const stored = await context.services.db
        .transaction()
        .execute((trx) => refreshListStats(trx, actor.organizationId, listId));
      await announceChanges(context.services, actor.organizationId, { listIds: [listId] });
      const stats: ListStats =
        actor.partitionIds === undefined
          ? stored
          : {
              ...(await listStatsWithin(
                context.services.db,
                actor.organizationId,
                listId,
                actor.partitionIds,
              )),
              updatedAt: stored.updatedAt,
            };
      return { listId, stats };
    },
  ),

  getListStatsHistory: registerCommand(
    organizationCommands.getListStatsHistory,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const { actor, listId } = await listReader(context, params.listId);
      if (actor.partitionIds !== undefined) {
        const counts = await listStatsWithin(
          context.services.db,
          actor.organizationId,
          listId,
          actor.partitionIds,
        );
        return { listId, days: [{ date: today(), ...counts }] };
      }
      const rows = await sql<{
        date: string;
        subscribers: number;
        contactable: number;
        unsubscribed: number;
        invalid: number;
      }>`SELECT day::text AS date, subscribers, contactable, unsubscribed, invalid FROM list_stats_day
        WHERE list_id = ${listId} AND organization_id = ${actor.organizationId}
          AND day >= ${params.from ?? HISTORY_FROM}::date AND day <= (now() AT TIME ZONE 'UTC')::date
        ORDER BY day`.execute(context.services.db);
      return { listId, days: rows.rows };
    },
  ),
};
