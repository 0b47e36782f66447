import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuery, runPlannedQuery, type QueryParams } from '../src/query/engine.ts';
import { ResourceRegistry, type Actor } from '../src/query/resources.ts';
import { subscriberResource } from '../src/subscribers/subscriber-resource.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

const subscribers = new ResourceRegistry([subscriberResource]).of('subscriber');

/**
 * The subscriber screens' pages at scale: the organization's subscribers and a list's members,
 * sorted as the screens sort them (e-mail by default, newest first), are read from an index in that order and
 * stop at the page, instead of reading and sorting the whole organization (1–2 s a page at a million, measured
 * while an import ran).
 */
describe("the subscriber screens' pages", () => {
  let herald: TestHerald;
  let organizationId: number;
  let listId: number;
  let actor: Actor;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const db = herald.database.db;
    // 30,000 subscribers, some without an address and some in capitals, analyzed: the planner then picks what a
    // million would get. A list of 3,000 of them.
    await sql`INSERT INTO subscriber (organization_id, email, lastname, created_at)
      SELECT ${organizationId}, CASE WHEN n % 50 = 0 THEN NULL WHEN n % 7 = 0 THEN 'Person' || n || '@Example.test'
        ELSE 'person' || n || '@example.test' END, 'Last' || (n % 100), now() - (n % 997) * interval '1 minute'
      FROM generate_series(1, 30000) AS n`.execute(db);
    listId = (
      await db
        .insertInto('subscriber_list')
        .values({ organization_id: organizationId, name: 'Pages' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
      SELECT ${listId}, id, ${organizationId} FROM subscriber WHERE organization_id = ${organizationId} AND id % 10 = 0`.execute(
      db,
    );
    await sql`ANALYZE subscriber`.execute(db);
    await sql`ANALYZE list_membership`.execute(db);
    actor = { organizationId, userId: 0, capabilities: ['subscriber-read'], partitionIds: undefined };
  });
  afterAll(() => herald?.stop());

  const planned = (params: QueryParams) =>
    planQuery(subscribers, params, actor, new Date().toISOString().slice(0, 10), herald.database.db);

  async function explain(params: QueryParams): Promise<string> {
    const plan = await planned(params);
    const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT ${plan.select} FROM subscriber
      WHERE ${plan.where} ORDER BY ${plan.orderBy} LIMIT ${plan.limit} OFFSET ${plan.offset}`.execute(
      herald.database.db,
    );
    return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const screens: Array<[string, QueryParams]> = [
    ['subscribers by e-mail', { query: { type: 'subscriber' }, sortKey: 'email', sortOrder: 'asc' }],
    [
      'subscribers by e-mail, descending',
      { query: { type: 'subscriber' }, sortKey: 'email', sortOrder: 'desc' },
    ],
    ['subscribers newest first', { query: { type: 'subscriber' }, sortKey: 'createdAt', sortOrder: 'desc' }],
    ['subscribers by last name', { query: { type: 'subscriber' }, sortKey: 'lastname', sortOrder: 'asc' }],
  ];

  it.each(screens)('reads %s from an index in order, never the whole organization', async (_name, params) => {
    const plan = await explain(params);
    expect(plan).not.toMatch(/Seq Scan/);
    // A full sort of what was read: an incremental sort of ties over an ordered index scan is fine.
    expect(plan).not.toMatch(/(^|->\s*)Sort\s+\(/m);
    expect(plan).toMatch(/Index (Only )?Scan/);
  });

  it("reads a list's members by e-mail without sorting the organization", async () => {
    const plan = await explain({
      query: { type: 'subscriber', filter: { listId } },
      sortKey: 'email',
      sortOrder: 'asc',
    });
    expect(plan).not.toMatch(/Seq Scan on subscriber/);
  });

  it('sorts e-mail addresses ignoring case, those without one last, and pages through them all once', async () => {
    const seen: Array<string | null> = [];
    for (let offset = 0; ; offset += 1000) {
      const plan = await planned({
        query: { type: 'subscriber' },
        sortKey: 'email',
        sortOrder: 'asc',
        limit: 1000,
        offset,
      });
      const { records } = await runPlannedQuery(herald.database.db, plan);
      seen.push(...records.map((record) => (record as { email: string | null }).email));
      if (records.length < 1000) break;
    }
    expect(seen).toHaveLength(30_000);
    const addresses = seen.filter((email): email is string => email !== null);
    expect(seen.slice(addresses.length).every((email) => email === null)).toBe(true);
    const lowered = addresses.map((email) => email.toLowerCase());
    expect(lowered).toEqual([...lowered].sort());
    expect(new Set(lowered).size).toBe(addresses.length);
  });
});
