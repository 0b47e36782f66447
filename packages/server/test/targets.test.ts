import { printTarget, targetFromInput } from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTarget } from '../src/targets/compile-target.ts';
import { loadTargetCatalogue } from '../src/targets/target-catalogue.ts';
import {
  addCustomField,
  addList,
  addMember,
  addPartition,
  addSubscriber,
  connectAs,
} from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connection = Awaited<ReturnType<typeof connectAs>>;

const DAY = 86_400_000;

/**
 * The compiler against a real database, with fixtures whose members are known: each expression's matches
 * are listed by hand. Counts and pages go through `query` with `filter.target`, as clients send them.
 */
describe('target expressions', () => {
  let herald: TestHerald;
  let organizationId: number;
  let manager: Connection;
  let vip: number;
  let news: number;
  let north: number;
  let northSet: number;
  let tagId: number;
  let audienceId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
    await addCustomField(herald, organizationId, 'tier', { values: ['gold', 'silver'] });
    await addCustomField(herald, organizationId, 'points', { dataType: 'number' });
    await addCustomField(herald, organizationId, 'member', { dataType: 'boolean' });
    await addCustomField(herald, organizationId, 'joined', { dataType: 'date' });
    ({ partitionId: north, setId: northSet } = await addPartition(herald, organizationId, 'North'));
    // VIP is shared with the North partition; News is the head office's alone.
    vip = await addList(herald, organizationId, 'VIP', [north]);
    news = await addList(herald, organizationId, 'News');
    const people = [
      {
        key: 'ann',
        country: 'AU',
        lastname: 'Ng',
        custom: { tier: 'gold', points: 120, member: true, joined: '2024-05-01' },
      },
      { key: 'ben', country: 'NZ', lastname: 'Brown', custom: { tier: 'silver', points: 40 } },
      { key: 'cat', country: 'AU', lastname: "O'Hara", custom: { points: 7.5, member: false } },
      { key: 'dan', country: null, lastname: 'Dunn', custom: {} },
      { key: 'eve', country: 'SG', lastname: 'Evans', custom: { tier: 'gold', joined: '1999-12-31' } },
    ];
    for (const person of people) {
      ids[person.key] = await addSubscriber(herald, organizationId, {
        email: `${person.key}@example.test`,
        lastname: person.lastname,
        custom: person.custom,
        partitionIds: person.key === 'ann' || person.key === 'eve' ? [north] : [],
      });
      if (person.country)
        await herald.database.db
          .updateTable('subscriber')
          .set({ country: person.country })
          .where('id', '=', ids[person.key]!)
          .execute();
    }
    await herald.database.db
      .updateTable('subscriber')
      .set({ dob: '1990-06-15' })
      .where('id', 'in', [ids.ann!, ids.ben!])
      .execute();
    await addMember(herald, organizationId, vip, ids.ann!);
    await addMember(herald, organizationId, vip, ids.ben!, { unsubscribed: true });
    await addMember(herald, organizationId, vip, ids.cat!);
    await addMember(herald, organizationId, news, ids.dan!);
    await addMember(herald, organizationId, news, ids.ann!);
    const now = Date.now();
    const events = [
      { who: 'ann', kind: 'opened', ago: 3, activity: 42, campaign: 7 },
      { who: 'ann', kind: 'opened', ago: 10, activity: 43, campaign: 7 },
      { who: 'ann', kind: 'clicked', ago: 5, activity: 42, campaign: 7 },
      { who: 'ben', kind: 'opened', ago: 50, activity: 42, campaign: 7 },
      { who: 'cat', kind: 'purchased', ago: 20, activity: null, campaign: null },
      { who: 'cat', kind: 'purchased', ago: 40, activity: null, campaign: null },
      { who: 'dan', kind: 'purchased', ago: 1, activity: null, campaign: null },
      { who: 'eve', kind: 'opened', ago: 400, activity: 44, campaign: 8 },
    ];
    await herald.database.db
      .insertInto('subscriber_event')
      .values(
        events.map((event) => ({
          organization_id: organizationId,
          subscriber_id: ids[event.who]!,
          kind: event.kind,
          occurred_at: new Date(now - event.ago * DAY),
          activity_id: event.activity,
          campaign_id: event.campaign,
          details: '{}',
        })),
      )
      .execute();
    tagId = (
      await herald.database.db
        .insertInto('tag')
        .values({ organization_id: organizationId, name: 'Loyal', stats: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await herald.database.db
      .insertInto('subscriber_tag')
      .values(
        [ids.ben!, ids.eve!].map((id) => ({
          tag_id: tagId,
          subscriber_id: id,
          organization_id: organizationId,
        })),
      )
      .execute();
    audienceId = (
      await herald.database.db
        .insertInto('audience')
        .values({ organization_id: organizationId, name: 'Dan', target: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await herald.database.db
      .insertInto('audience_member')
      .values({ audience_id: audienceId, subscriber_id: ids.dan!, organization_id: organizationId })
      .execute();
  });
  afterAll(async () => {
    manager?.close();
    await herald?.stop();
  });

  async function matches(target: unknown, connection: Connection = manager): Promise<string[]> {
    const { records } = await connection.channel.call<{ records: Array<{ email: string }> }>('query', {
      organizationId,
      query: { type: 'subscriber', filter: { target } },
      limit: 100,
    });
    return records.map((record) => record.email.split('@')[0]!).sort();
  }

  it('matches the subscribers each form names', async () => {
    const cases: Array<[() => string, string[]]> = [
      [() => `list ${vip}`, ['ann', 'cat']],
      [() => `list ${vip} unsubscribed`, ['ben']],
      [() => `list ${vip} any`, ['ann', 'ben', 'cat']],
      [() => `audience ${audienceId}`, ['dan']],
      [() => `tag ${tagId}`, ['ben', 'eve']],
      [() => `partition ${north}`, ['ann', 'eve']],
      [() => 'country = "AU"', ['ann', 'cat']],
      [() => 'country != "AU"', ['ben', 'dan', 'eve']],
      [() => 'country is empty', ['dan']],
      [() => 'lastname contains "HAR"', ['cat']],
      [() => 'lastname startswith "o\'"', ['cat']],
      [() => 'country in ("NZ", "SG")', ['ben', 'eve']],
      [() => 'custom.tier in ("gold")', ['ann', 'eve']],
      [() => 'custom.tier is empty', ['cat', 'dan']],
      [() => 'custom.points > 39', ['ann', 'ben']],
      [() => 'custom.points <= 7.5', ['cat']],
      [() => 'custom.member = true', ['ann']],
      [() => 'custom.member = false', ['cat']],
      [() => 'custom.joined < 2000-01-01', ['eve']],
      [() => 'dob >= 1990-01-01', ['ann', 'ben']],
      [() => 'dob before 1990-06-15', []],
      [() => 'opened', ['ann', 'ben', 'eve']],
      [() => 'opened within 30 days', ['ann']],
      [() => 'opened within 2 months', ['ann', 'ben']],
      [() => 'clicked activity 42 within 7 days', ['ann']],
      [() => 'opened campaign 8', ['eve']],
      [() => 'opened at least 2 times', ['ann']],
      [() => 'purchased at least 2 times within 90 days', ['cat']],
      [() => 'purchased within 30 days', ['cat', 'dan']],
      [() => `list ${vip} and not (country = "NZ" or opened within 7 days)`, ['cat']],
      [() => `list ${news} or tag ${tagId}`, ['ann', 'ben', 'dan', 'eve']],
      [() => 'not custom.points > 39', ['cat', 'dan', 'eve']],
    ];
    for (const [expression, expected] of cases) {
      const text = expression();
      expect({ text, matches: await matches(text) }).toEqual({ text, matches: expected });
    }
  });

  it('keeps "at least N times" right as events are written and removed (the tally of migration 0025)', async () => {
    const db = herald.database.db;
    const benId = (
      await db
        .selectFrom('subscriber')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('email', 'like', 'ben@%')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await matches('opened at least 2 times')).toEqual(['ann']);
    const added = await db
      .insertInto('subscriber_event')
      .values(
        [1, 2].map(() => ({
          organization_id: organizationId,
          subscriber_id: benId,
          kind: 'opened',
          details: '{}',
        })),
      )
      .returning('id')
      .execute();
    expect(await matches('opened at least 2 times')).toEqual(['ann', 'ben']);
    expect(await matches('opened at least 3 times')).toEqual(['ben']);
    // The windowed shape counts the events themselves, and agrees.
    expect(await matches('opened at least 2 times within 1 days')).toEqual(['ben']);
    expect(await matches('opened at least 3 times within 30 days')).toEqual([]);
    await db
      .deleteFrom('subscriber_event')
      .where(
        'id',
        'in',
        added.map((row) => row.id),
      )
      .execute();
    expect(await matches('opened at least 2 times')).toEqual(['ann']);
    const tally = await db
      .selectFrom('subscriber_event_tally')
      .select(['count'])
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'opened')
      .where('subscriber_id', '=', benId)
      .execute();
    expect(tally).toEqual([{ count: 1 }]);
  });

  it('takes the JSON tree as well as the text, with the same answer', async () => {
    const text = `list ${vip} and (custom.points > 10 or country is empty)`;
    const parsed = targetFromInput(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(await matches(parsed.tree)).toEqual(await matches(text));
    expect(await matches(printTarget(parsed.tree))).toEqual(['ann']);
  });

  it('counts with limit 0', async () => {
    const { total, records } = await manager.channel.call<{ total: number; records: unknown[] }>('query', {
      organizationId,
      query: { type: 'subscriber', filter: { target: 'opened' } },
      limit: 0,
    });
    expect({ total, records }).toEqual({ total: 3, records: [] });
  });

  it('answers a parse error with its position, and names what does not exist', async () => {
    const refusal = async (target: unknown) =>
      (
        await manager.channel.request('query', {
          organizationId,
          query: { type: 'subscriber', filter: { target } },
        })
      ).error as
        { type: string; details?: Array<{ path: string; position?: number; message: string }> } | undefined;
    const parseError = await refusal('country = "AU" and');
    expect(parseError?.type).toBe('ValidationError');
    expect(parseError?.details?.[0]).toMatchObject({ path: 'query.filter.target', position: 18 });
    const unknown = await refusal('custom.nothing = 1 or list 999999');
    expect(unknown?.type).toBe('ValidationError');
    expect(unknown?.details?.map((detail) => detail.message).join(' | ')).toMatch(
      /custom\.nothing.*\|.*999999/,
    );
    const wrongType = await refusal('custom.points = "many"');
    expect(wrongType?.details?.[0]?.message).toMatch(/number/);
  });

  it('keeps values and field names out of the SQL text', async () => {
    const hostile = [
      `lastname = "'; DROP TABLE subscriber; --"`,
      `lastname contains "%' OR '1'='1"`,
      `custom.tier in ("gold') OR true --", "x")`,
    ];
    for (const text of hostile) expect(await matches(text)).toEqual([]);
    // A field name is never text spliced in: anything but a known field is refused before compiling.
    const refused = await manager.channel.request('query', {
      organizationId,
      query: {
        type: 'subscriber',
        filter: { target: { type: 'field', field: 'id) OR (1=1', op: 'isempty' } },
      },
    });
    expect(refused.error?.type).toBe('ValidationError');
    const compiled = compileTarget(
      { type: 'field', field: 'lastname', op: '=', value: "Robert'); DROP TABLE subscriber;--" },
      {
        organizationId,
        now: new Date(),
        fields: (await loadTargetCatalogue(herald.database.db, organizationId)).fields,
      },
    ).compile(herald.database.db);
    expect(compiled.sql).not.toContain('DROP');
    expect(compiled.parameters).toContain("Robert'); DROP TABLE subscriber;--");
    expect(await matches('lastname = "Ng"')).toEqual(['ann']);
  });

  it('answers a partition-restricted user within their partitions only', async () => {
    const franchisee = await connectAs(herald, organizationId, ['Database.Manage'], [northSet]);
    try {
      expect(await matches('custom.tier = "gold"', franchisee)).toEqual(['ann', 'eve']);
      expect(await matches(`list ${vip} any`, franchisee)).toEqual(['ann']);
      // A list outside their partitions does not exist for them (target-catalogue.ts).
      const reply = await franchisee.channel.request('query', {
        organizationId,
        query: { type: 'subscriber', filter: { target: `list ${news}` } },
      });
      expect(reply.error?.details).toEqual([
        { path: 'query.filter.target', message: `List ${news} does not exist` },
      ]);
    } finally {
      franchisee.close();
    }
  });

  it('reads the common shapes through indexes (EXPLAIN)', async () => {
    const catalogue = await loadTargetCatalogue(herald.database.db, organizationId);
    const parsed = targetFromInput(`list ${vip} and country = "AU" and opened within 30 days`);
    if (!parsed.ok) throw new Error(parsed.message);
    const condition = compileTarget(parsed.tree, {
      organizationId,
      now: new Date(),
      fields: catalogue.fields,
    });
    // The fixtures are tiny, so the planner would rather scan; with scans priced out, the plan shows which
    // indexes serve each clause.
    const plan = await herald.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const rows = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) FROM subscriber
        WHERE subscriber.organization_id = ${organizationId} AND ${condition}`.execute(trx);
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    // The list clause reads memberships by an index: by list (the key) or, from the events' side, by subscriber.
    expect(plan).toMatch(/Index (Only )?Scan using list_membership_(pkey|subscriber)\b/);
    expect(plan).toMatch(/Index (Only )?Scan using subscriber_event_\w+/);
    // The organization's subscribers through one of their indexes (which one, on fixtures this small, is the
    // planner's toss-up between those led by the organization).
    expect(plan).toMatch(
      /Scan using subscriber_\w+ on subscriber(\s|$)|Bitmap Index Scan on subscriber_(?!event)\w+/m,
    );
    expect(plan).not.toMatch(/Seq Scan on (subscriber|list_membership|subscriber_event)\b/);
  });
});
