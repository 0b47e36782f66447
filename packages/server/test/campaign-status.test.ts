import { campaignStateOf, CAMPAIGN_STATUSES } from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStateExpression, campaignStatusCondition } from '../src/campaigns/campaign-status.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

// The SQL forms of campaign state must answer what the contract's campaignStateOf answers, at every boundary:
// starting or ending yesterday, today and tomorrow, open-ended, archived.
const today = '2026-05-15';
const days = ['2026-05-14', today, '2026-05-16'];
const cases = days.flatMap((startDate) =>
  [null, ...days.filter((day) => day >= startDate)].flatMap((endDate) =>
    [false, true].map((isArchived) => ({ startDate, endDate, isArchived })),
  ),
);

describe('campaign state in SQL agrees with the contract', () => {
  let herald: TestHerald;
  let organizationId: number;
  const ids = new Map<number, (typeof cases)[number]>();

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    for (const [index, campaign] of cases.entries()) {
      const row = await herald.database.db
        .insertInto('campaign')
        .values({
          organization_id: organizationId,
          name: `case ${index}`,
          start_date: campaign.startDate,
          end_date: campaign.endDate,
          is_archived: campaign.isArchived,
          partition_ids: [],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(row.id, campaign);
    }
  });
  afterAll(() => herald.stop());

  it('the state expression', async () => {
    const { rows } = await sql<{ id: number; state: string }>`
      SELECT id, ${campaignStateExpression(today)} AS state FROM campaign
      WHERE organization_id = ${organizationId}`.execute(herald.database.db);
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) expect(row.state).toBe(campaignStateOf(ids.get(row.id)!, today));
  });

  it.each(CAMPAIGN_STATUSES)('the list filter %s', async (status) => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM campaign WHERE organization_id = ${organizationId}
        AND ${campaignStatusCondition(status, today)}`.execute(herald.database.db);
    const expected = [...ids]
      .filter(([, campaign]) => {
        const state = campaignStateOf(campaign, today);
        return status === 'all' ? state !== 'archived' : state === status;
      })
      .map(([id]) => id);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.sort());
  });
});
