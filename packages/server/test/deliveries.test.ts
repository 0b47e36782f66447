import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

/** The query type `delivery` (PROTOCOL §9) over the engine's ledger (migration 0032). */
describe('deliveries', () => {
  let herald: TestHerald;
  let organizationId: number;
  let activityId: number;
  let runId: number;
  const closers: Array<() => void> = [];

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Ledger Lounge');
    const campaignId = await addCampaign(herald, organizationId);
    activityId = (await activityInStatus(herald, organizationId, campaignId, 'deploying')).id;
    const db = herald.database.db;
    const run = await sql<{
      id: number;
    }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id,
        channel, status) VALUES (${organizationId}, ${activityId}, 1, 'email', 'sending') RETURNING id`.execute(
      db,
    );
    runId = Number(run.rows[0]!.id);
    const statuses = ['queued', 'sending', 'sent', 'failed'];
    for (const [index, status] of statuses.entries()) {
      const subscriber = await db
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email: `r${index}@ledger.test` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel, status, sent_at, error)
        VALUES (${organizationId}, ${runId}, ${activityId}, ${subscriber.id}, 'email', ${status},
          ${status === 'sent' ? new Date('2026-11-27T10:00:00Z') : null},
          ${status === 'failed' ? JSON.stringify({ message: 'Mailbox unavailable', code: '550' }) : null}::jsonb)`.execute(
        db,
      );
    }
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('answers an activity’s deliveries, a send in progress as queued, and filters by status', async () => {
    const reader = await connectAs(herald, organizationId, ['Database.Read']);
    closers.push(() => reader.close());
    const query = (filter: Record<string, unknown>) =>
      reader.channel.call<{ records: Array<Record<string, unknown>>; total: number }>('query', {
        organizationId,
        query: { type: 'delivery', filter },
        limit: 100,
      });
    const all = await query({ activityId });
    expect(all.total).toBe(4);
    expect(all.records.map((record) => record.status).sort()).toEqual(['failed', 'queued', 'queued', 'sent']);
    expect(all.records.find((record) => record.status === 'failed')).toMatchObject({
      runId,
      channel: 'email',
      error: { message: 'Mailbox unavailable', code: '550' },
    });
    expect(all.records.find((record) => record.status === 'sent')?.sentAt).toBe('2026-11-27T10:00:00.000Z');
    expect((await query({ activityId, status: 'queued' })).total).toBe(2);
    expect((await query({ activityId, status: ['sent', 'failed'] })).total).toBe(2);
    const refused = await reader.channel.request('query', {
      organizationId,
      query: { type: 'delivery', filter: { status: 'delivered' } },
    });
    expect(refused.error?.type).toBe('ValidationError');
  });

  it('keeps a partition-restricted user to their partitions’ activities', async () => {
    const partition = await herald.database.db
      .insertInto('partition')
      .values({ organization_id: organizationId, name: 'North' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const set = await herald.database.db
      .insertInto('partition_set')
      .values({ organization_id: organizationId, name: 'North stores' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await herald.database.db
      .updateTable('partition')
      .set({ partition_set_id: set.id })
      .where('id', '=', partition.id)
      .execute();
    const franchisee = await connectAs(herald, organizationId, ['Database.Read'], [set.id]);
    closers.push(() => franchisee.close());
    const seen = await franchisee.channel.call<{ total: number }>('query', {
      organizationId,
      query: { type: 'delivery', filter: { activityId } },
    });
    expect(seen.total).toBe(0);
  });
});
