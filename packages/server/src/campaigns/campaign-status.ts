import { CAMPAIGN_STATUSES, type CampaignState } from '@herald/protocol';
import { sql, type RawBuilder } from 'kysely';
import { validation } from '../query/resources.ts';

// The SQL forms of the contract's campaignStateOf (functional §2), in one place: the list's status filter and the
// dashboard's counts both come from here, and test/campaign-status.test.ts holds them to the contract's function.

/** The state of each campaign row on `today` (YYYY-MM-DD), as campaignStateOf answers it. */
export function campaignStateExpression(today: string): RawBuilder<CampaignState> {
  return sql<CampaignState>`CASE WHEN campaign.is_archived THEN 'archived'
    WHEN campaign.start_date > ${today}::date THEN 'upcoming'
    WHEN campaign.end_date < ${today}::date THEN 'completed'
    ELSE 'active' END`;
}

/**
 * The list filter `status`: the campaigns in one state on `today`, written as plain column comparisons so the
 * planner can use the date indexes; `all` is every campaign not archived.
 */
export function campaignStatusCondition(value: unknown, today: string): RawBuilder<unknown> {
  if (typeof value !== 'string' || !(CAMPAIGN_STATUSES as readonly string[]).includes(value))
    throw validation('query.filter.status', `Expected one of ${CAMPAIGN_STATUSES.join(', ')}`);
  switch (value) {
    case 'archived':
      return sql`campaign.is_archived = true`;
    case 'active':
      return sql`campaign.is_archived = false AND campaign.start_date <= ${today}::date
        AND (campaign.end_date IS NULL OR campaign.end_date >= ${today}::date)`;
    case 'upcoming':
      return sql`campaign.is_archived = false AND campaign.start_date > ${today}::date`;
    case 'completed':
      // An end before its start is refused on write, so this never overlaps upcoming.
      return sql`campaign.is_archived = false AND campaign.end_date < ${today}::date`;
    default:
      return sql`campaign.is_archived = false`;
  }
}
