import { HeraldError, organizationCommands } from '@herald/protocol';
import { sql } from 'kysely';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { validation } from '../query/resources.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { subscriberFieldRules } from '../subscribers/custom-values.ts';
import { CUSTOM_FIELD_SELECT, customFieldRecord, type CustomFieldRow } from './custom-field-record.ts';
import { computeFieldStats } from './field-stats.ts';

/**
 * Organization-channel commands of this area, each registered with its access (channels/registry.ts).
 * updateCustomFieldStats needs database-manage. The stored statistics are the organization's; a
 * partition-restricted user is answered the counts of their partitions' subscribers, which are not stored.
 */
export const customFieldOrganizationCommands: CommandRegistry = {
  updateCustomFieldStats: registerCommand(
    organizationCommands.updateCustomFieldStats,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const db = context.services.db;
      const field = await db
        .selectFrom('custom_field')
        .select(['id', 'type', 'field'])
        .where('id', '=', params.customFieldId)
        .where('organization_id', '=', actor.organizationId)
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      if (!field) throw new HeraldError('NotFoundError');
      if (field.type !== 'subscriber')
        throw validation('customFieldId', 'Statistics are counted for subscriber fields only');
      const rule = (await subscriberFieldRules(db, actor.organizationId)).get(field.field.toLowerCase());
      if (!rule) throw new HeraldError('NotFoundError');
      const stats = await computeFieldStats(db, actor.organizationId, rule, actor.partitionIds);
      if (actor.partitionIds === undefined) {
        const stored =
          await sql<CustomFieldRow>`UPDATE custom_field SET stats = ${JSON.stringify(stats)}::jsonb
          WHERE id = ${field.id} AND organization_id = ${actor.organizationId}
          RETURNING ${CUSTOM_FIELD_SELECT}`.execute(db);
        try {
          await context.services.recordChanges.announce({
            organizationId: actor.organizationId,
            type: 'customField',
            records: stored.rows.map(customFieldRecord),
          });
        } catch (error) {
          context.services.log.error({ err: error }, 'announcing changed records failed');
        }
      }
      return { customFieldId: field.id, stats };
    },
  ),
};
