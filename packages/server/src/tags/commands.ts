import { HeraldError, organizationCommands, type TagStats } from '@herald/protocol';
import { sql } from 'kysely';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { Actor } from '../query/resources.ts';
import { commandActor, partitionVisibility } from '../subscribers/subscriber-access.ts';
import { readTagRecord } from './tag-record.ts';
import { refreshTagStats, tagStatsWithin } from './tag-stats.ts';

/** Pushes the tag as it is now to subscribed connections; the change is committed, so a failure is logged. */
async function announceTag(context: CommandContext, organizationId: number, tagId: number): Promise<void> {
  try {
    const record = await readTagRecord(context.services.db, organizationId, tagId);
    if (record)
      await context.services.recordChanges.announce({ organizationId, type: 'tag', records: [record] });
  } catch (error) {
    context.services.log.error({ err: error }, 'announcing changed records failed');
  }
}

async function existingTag(context: CommandContext, actor: Actor, tagId: number): Promise<number> {
  const tag = await context.services.db
    .selectFrom('tag')
    .select('id')
    .where('id', '=', tagId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!tag) throw new HeraldError('NotFoundError');
  return tag.id;
}

/**
 * tagSubscribers and updateTagStats (organization channel). Tags are organization-wide; what a
 * partition-restricted user reaches is the subscribers of their partitions: they tag only those, and the
 * figures they are answered are counted within their partitions (the stored ones stay organization-wide).
 */
export const tagOrganizationCommands: CommandRegistry = {
  tagSubscribers: registerCommand(
    organizationCommands.tagSubscribers,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const tagId = await existingTag(context, actor, params.tagId);
      const subscriberIds = [...new Set(params.subscriberIds)];
      // Ids of other organizations' subscribers (or outside the user's partitions) are not an error: they
      // simply match no row and count as not changed, so the answer does not tell which ids exist elsewhere.
      const reachable = sql`s.id = ANY(${subscriberIds}::integer[]) AND s.organization_id = ${actor.organizationId}
        AND ${partitionVisibility('s.partition_ids', actor)}`;
      const changed = await context.services.db.transaction().execute(async (trx) => {
        const result = params.remove
          ? await sql`DELETE FROM subscriber_tag st USING subscriber s
              WHERE st.tag_id = ${tagId} AND st.organization_id = ${actor.organizationId}
                AND st.subscriber_id = s.id AND ${reachable}`.execute(trx)
          : await sql`INSERT INTO subscriber_tag (tag_id, subscriber_id, organization_id)
              SELECT ${tagId}, s.id, ${actor.organizationId} FROM subscriber s WHERE ${reachable}
              ON CONFLICT (tag_id, subscriber_id) DO NOTHING`.execute(trx);
        const count = Number(result.numAffectedRows ?? 0);
        if (count > 0) await refreshTagStats(trx, actor.organizationId, tagId);
        return count;
      });
      if (changed > 0) await announceTag(context, actor.organizationId, tagId);
      return { changed };
    },
  ),

  updateTagStats: registerCommand(
    organizationCommands.updateTagStats,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await commandActor(context);
      // Tags are read by head office (base) and franchisees; the registry's list would mean both.
      if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
        throw new HeraldError('PrivilegesError');
      const tagId = await existingTag(context, actor, params.tagId);
      const stored = await refreshTagStats(context.services.db, actor.organizationId, tagId);
      if (!stored) throw new HeraldError('NotFoundError');
      await announceTag(context, actor.organizationId, tagId);
      const stats: TagStats =
        actor.partitionIds === undefined
          ? stored
          : {
              ...(await tagStatsWithin(context.services.db, actor.organizationId, tagId, actor.partitionIds)),
              updatedAt: stored.updatedAt,
            };
      return { stats };
    },
  ),
};
