import { HeraldError, organizationCommands, type AudienceRecord } from '@herald/protocol';
import { sql } from 'kysely';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import { validation, type Actor } from '../query/resources.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { readAudience, readVisibleAudience } from './audience-record.ts';
import { queueAudienceGeneration } from './generate-audience.ts';

/** Functional §9: the default chart date range starts 2000-02-01. */
const HISTORY_FROM = '2000-02-01';

const today = () => new Date().toISOString().slice(0, 10);

/** The audience when the caller may read it (base or franchisee, and one of their partitions if restricted). */
async function audienceReader(
  context: CommandContext,
  audienceId: number,
): Promise<{ actor: Actor; audience: AudienceRecord }> {
  const actor = await commandActor(context);
  if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
    throw new HeraldError('PrivilegesError');
  const audience = await readVisibleAudience(context.services.db, actor, audienceId);
  if (!audience) throw new HeraldError('NotFoundError');
  return { actor, audience };
}

/**
 * generateAudience and getAudienceSizeHistory (commands/targets.ts). A restricted user's history is today's
 * size within their partitions only, as for lists: the stored history counts the whole organization.
 */
export const audienceOrganizationCommands: CommandRegistry = {
  generateAudience: registerCommand(
    organizationCommands.generateAudience,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { db } = context.services;
      const jobId = await db.transaction().execute(async (trx) => {
        const audience = await readVisibleAudience(trx, actor, params.audienceId, { forUpdate: true });
        if (!audience) throw new HeraldError('NotFoundError');
        if (audience.status === 'locked') throw validation('audienceId', 'The audience is locked');
        if (audience.isArchived) throw validation('audienceId', 'The audience is archived');
        return queueAudienceGeneration(trx, actor.organizationId, audience.id, actor.userId);
      });
      const record = await readAudience(db, actor.organizationId, params.audienceId);
      if (record) {
        await context.services.recordChanges
          .announce({ organizationId: actor.organizationId, type: 'audience', records: [record] })
          .catch((error: unknown) =>
            context.services.log.error({ err: error }, 'announcing an audience failed'),
          );
      }
      await context.services.jobs.announce(actor.organizationId, jobId);
      context.services.jobs.poke();
      return { jobId };
    },
  ),

  getAudienceSizeHistory: registerCommand(
    organizationCommands.getAudienceSizeHistory,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const { actor, audience } = await audienceReader(context, params.audienceId);
      if (actor.partitionIds !== undefined)
        return { days: audience.size === null ? [] : [{ day: today(), size: audience.size }] };
      const rows = await sql<{
        day: string;
        size: number;
      }>`SELECT day::text AS day, size FROM audience_size_day
        WHERE audience_id = ${audience.id} AND day >= ${params.from ?? HISTORY_FROM}::date
          AND day <= ${params.to ?? today()}::date
        ORDER BY day`.execute(context.services.db);
      return { days: rows.rows.map((row) => ({ day: row.day, size: Number(row.size) })) };
    },
  ),
};
