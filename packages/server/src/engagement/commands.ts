import { HeraldError, organizationCommands } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import { readVisibleAudience } from '../audiences/audience-record.ts';
import type { Actor } from '../query/resources.ts';
import { commandActor, visibleList } from '../subscribers/subscriber-access.ts';
import { engagementFigures, topActivities, type EngagementScope } from './engagement-figures.ts';
import { engagementRangeOf, lastDays, type EngagementRange } from './engagement-range.ts';

/** Lists and audiences are read by head office (base) and franchisees, as their other report commands. */
async function reportReader(context: CommandContext): Promise<Actor> {
  const actor = await commandActor(context);
  if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
    throw new HeraldError('PrivilegesError');
  return actor;
}

async function membersEngagement(db: Kysely<Database>, scope: EngagementScope, range: EngagementRange) {
  const [engagement, top] = await Promise.all([
    engagementFigures(db, scope, range),
    topActivities(db, scope, range),
  ]);
  return { ...range, engagement, topActivities: top };
}

/**
 * getListEngagement and getAudienceEngagement (commands/engagement.ts): the engagement sections of the list
 * and audience reports. Members are the list's subscribers today and the audience's last generation: a
 * report tells what the messages did to the people it is about, whoever they were when they got them.
 * Access is the report's own (base or franchisee, and the list's or audience's partition when restricted),
 * checked here since the registry's list means all of.
 */
export const engagementOrganizationCommands: CommandRegistry = {
  getListEngagement: registerCommand(
    organizationCommands.getListEngagement,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await reportReader(context);
      const { db } = context.services;
      const list = await visibleList(db, actor, params.listId);
      if (!list) throw new HeraldError('NotFoundError');
      const members = sql`SELECT subscriber_id FROM list_membership
        WHERE list_id = ${list.id} AND organization_id = ${actor.organizationId}`;
      const range = engagementRangeOf(params, lastDays(Date.now()));
      return { listId: list.id, ...(await membersEngagement(db, { actor, members }, range)) };
    },
  ),
  getAudienceEngagement: registerCommand(
    organizationCommands.getAudienceEngagement,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await reportReader(context);
      const { db } = context.services;
      const audience = await readVisibleAudience(db, actor, params.audienceId);
      if (!audience) throw new HeraldError('NotFoundError');
      const members = sql`SELECT subscriber_id FROM audience_member
        WHERE audience_id = ${audience.id} AND organization_id = ${actor.organizationId}`;
      const range = engagementRangeOf(params, lastDays(Date.now()));
      return { audienceId: audience.id, ...(await membersEngagement(db, { actor, members }, range)) };
    },
  ),
};
