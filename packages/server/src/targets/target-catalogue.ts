import { standardTargetFields, type TargetCatalogue, type TargetFieldType } from '@herald/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { subscriberFieldRules } from '../subscribers/custom-values.ts';

type Reader = Kysely<Database> | Transaction<Database>;

/**
 * What an organization's target expressions may name: its fields with their types, and the ids of its
 * lists, audiences, tags and partitions. Read per expression checked; organizations have hundreds of these,
 * not millions.
 */
export async function loadTargetCatalogue(db: Reader, organizationId: number): Promise<TargetCatalogue> {
  const ids = async (table: 'subscriber_list' | 'audience' | 'tag' | 'partition') =>
    new Set(
      (await db.selectFrom(table).select('id').where('organization_id', '=', organizationId).execute()).map(
        (row) => row.id,
      ),
    );
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
