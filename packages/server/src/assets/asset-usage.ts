import type { AssetUsage } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';

/** The most activities an asset's statistics list. */
const USAGE_LIMIT = 100;

/**
 * The activities whose latest revision's content references an asset: its path's folder
 * (`/media/{organizationId}/{id}/`) anywhere in the content, whatever host or file name spelling precedes or
 * follows it. Newest activity first; a restricted user sees their partitions' activities only.
 */
export async function assetUsage(db: Kysely<Database>, actor: Actor, assetId: number): Promise<AssetUsage[]> {
  const folder = `/media/${actor.organizationId}/${assetId}/`;
  const rows = await sql<{
    id: number;
    campaign_id: number;
    name: string;
    type: string;
    revision_id: number;
  }>`SELECT activity.id, activity.campaign_id, activity.name, activity.type, revision.id AS revision_id
    FROM activity JOIN activity_revision revision
      ON revision.id = activity.latest_revision_id AND revision.organization_id = activity.organization_id
    WHERE activity.organization_id = ${actor.organizationId}
      AND ${partitionVisibility('activity.partition_ids', actor)}
      AND strpos(revision.content::text, ${folder}) > 0
    ORDER BY activity.id DESC LIMIT ${USAGE_LIMIT}`.execute(db);
  return rows.rows.map((row) => ({
    activityId: row.id,
    campaignId: row.campaign_id,
    name: row.name,
    type: row.type,
    revisionId: row.revision_id,
  }));
}
