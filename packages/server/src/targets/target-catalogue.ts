import { standardTargetFields, type TargetCatalogue, type TargetFieldType } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { subscriberFieldRules } from '../subscribers/custom-values.ts';

type Reader = Kysely<Database> | Transaction<Database>;

/** Whose expression is checked: an organization, and the partitions of a partition-restricted user. */
export interface TargetScope {
  organizationId: number;
  /** Set for a partition-restricted user: only what these partitions hold may be named. */
  partitionIds?: readonly number[] | undefined;
}

/**
 * What an organization's target expressions may name: its fields with their types, and the ids of its
 * lists, audiences, tags and partitions. A partition-restricted user may name only the lists, audiences and
 * partitions they can read, and no tag (tags are the head office's), so an expression cannot tell them what
 * exists elsewhere. Read per expression checked; organizations have hundreds of these, not millions.
 */
export async function loadTargetCatalogue(db: Reader, scope: number | TargetScope): Promise<TargetCatalogue> {
  const { organizationId, partitionIds: visible } =
    typeof scope === 'number' ? { organizationId: scope, partitionIds: undefined } : scope;
  const ids = async (table: 'subscriber_list' | 'audience' | 'tag' | 'partition') => {
    if (visible && table === 'tag') return new Set<number>();
    let query = db.selectFrom(table).select('id').where('organization_id', '=', organizationId);
    if (visible)
      query = query.where(sql<boolean>`${sql.ref(`${table}.partition_ids`)} && ${[...visible]}::integer[]`);
    return new Set((await query.execute()).map((row) => row.id));
  };
  const [rules, listIds, audienceIds, tagIds, partitionIds] = await Promise.all([
    subscriberFieldRules(db, organizationId),
    ids('subscriber_list'),
    ids('audience'),
    ids('tag'),
    ids('partition'),
  ]);
  const fields = new Map<string, TargetFieldType>(standardTargetFields());
  for (const [name, rule] of rules) fields.set(`custom.${name}`, rule.dataType);
  return { fields, listIds, audienceIds, tagIds, partitionIds };
}
