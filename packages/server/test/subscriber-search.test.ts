import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberSearchCondition } from '../src/subscribers/subscriber-search.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addList, addMember, addPartition, connectAs } from './subscriber-fixtures.ts';

interface Page {
  records: Array<{ id: number; email: string | null; displayName: string }>;
  total: number;
  totalIsEstimate?: true;
}

/**
 * The organization's subscriber search: `query` type `subscriber` without a list, searched by an
 * exact e-mail or phone and by the start of a name or ref, filtered by a target, within the reader's
 * organization and partitions, on indexes.
 */
describe('the subscriber search', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  let listId: number;
  const closers: Array<{ close(): void }> = [];

  async function person(
    organization: number,
    fields: {
      email?: string | null;
      firstname?: string;
      lastname?: string;
      phone?: string;
      ref?: string;
      country?: string;
      partitionIds?: number[];
    },
  ): Promise<number> {
    const row = await herald.database.db
      .insertInto('subscriber')
      .values({
        organization_id: organization,
        email: fields.email ?? null,
        firstname: fields.firstname ?? null,
        lastname: fields.lastname ?? null,
        phone: fields.phone ?? null,
        ref: fields.ref ?? null,
        country: fields.country ?? null,
        partition_ids: fields.partitionIds ?? [],
        custom: '{}',
        extra: '{}',
        scores: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    south = await addPartition(herald, organizationId, 'South');
    const ann = await person(organizationId, {
      email: 'Ann.Smith@example.test',
      firstname: 'Ann',
      lastname: 'Smith',
      phone: '0400 123 456',
      ref: 'CRM-1001',
      country: 'AU',
      partitionIds: [north.partitionId],
    });
    await person(organizationId, {
      email: 'annabel@example.test',
      firstname: 'Annabel',
      lastname: 'Jones',
      phone: '+61 400 999 000',
      ref: 'CRM-1002',
      country: 'NZ',
      partitionIds: [south.partitionId],
    });
    await person(organizationId, {
      email: 'bo@example.test',
      firstname: 'Bo',
      lastname: 'Annandale',
      ref: 'ann-9',
      country: 'AU',
      partitionIds: [north.partitionId],
    });
    // "ann" inside a name, an e-mail and a ref, never at the start: no prefix match.
    await person(organizationId, {
      email: 'maria.hann@example.test',
      firstname: 'Maria',
      lastname: 'Hannover',
      ref: 'X-ann',
      country: 'AU',
    });
    // Another organization's Ann, with the same e-mail, phone and ref: never seen.
    await person(otherOrganizationId, {
      email: 'ann.smith@example.test',
      firstname: 'Ann',
      lastname: 'Smith',
      phone: '0400 123 456',
      ref: 'CRM-1001',
      country: 'AU',
    });
    listId = await addList(herald, organizationId, 'Newsletter');
    await addMember(herald, organizationId, listId, ann);
  });
  afterAll(async () => {
    for (const closer of closers) closer.close();
    await herald?.stop();
  });

  async function reader(partitionsets: number[] = []) {
    const connection = await connectAs(herald, organizationId, ['Database.Read'], partitionsets);
    closers.push(connection);
    return connection.channel;
  }

  async function emails(
    channel: Awaited<ReturnType<typeof reader>>,
    search: string | undefined,
    filter?: Record<string, unknown>,
  ): Promise<string[]> {
    const page = await channel.call<Page>('query', {
      organizationId,
      query: {
        type: 'subscriber',
        ...(search === undefined ? {} : { search }),
        ...(filter ? { filter } : {}),
      },
      sortKey: 'email',
      sortOrder: 'asc',
    });
    return page.records.map((record) => record.email ?? '');
  }

  it('lists the whole organization, and finds people by the start of a name, an exact e-mail or phone, and a ref', async () => {
    const channel = await reader();
    const everyone = await channel.call<Page>('query', { organizationId, query: { type: 'subscriber' } });
    expect(everyone.total).toBe(4);
    expect(everyone.totalIsEstimate).toBeUndefined();

    expect(await emails(channel, 'ann')).toEqual([
      'Ann.Smith@example.test',
      'annabel@example.test',
      'bo@example.test',
    ]);
    expect(await emails(channel, 'ANN SMI')).toEqual(['Ann.Smith@example.test']);
    expect(await emails(channel, 'ann.smith@EXAMPLE.test')).toEqual(['Ann.Smith@example.test']);
    // An e-mail is matched whole: a part of one finds nobody.
    expect(await emails(channel, 'smith@example.test')).toEqual([]);
    expect(await emails(channel, '0400-123-456')).toEqual(['Ann.Smith@example.test']);
    expect(await emails(channel, '+61400999000')).toEqual(['annabel@example.test']);
    expect(await emails(channel, '400 999')).toEqual([]);
    expect(await emails(channel, 'CRM-10')).toEqual(['Ann.Smith@example.test', 'annabel@example.test']);
    // LIKE's wildcards are the term's own characters.
    expect(await emails(channel, 'CRM_10')).toEqual([]);
    expect(await emails(channel, '%')).toEqual([]);
  });

  it('searches within a target and within a list, as the list members screen does', async () => {
    const channel = await reader();
    expect(await emails(channel, 'ann', { target: 'country = "AU"' })).toEqual([
      'Ann.Smith@example.test',
      'bo@example.test',
    ]);
    expect(await emails(channel, 'ann', { listId })).toEqual(['Ann.Smith@example.test']);
    expect(await emails(channel, undefined, { target: `list ${listId}` })).toEqual([
      'Ann.Smith@example.test',
    ]);
  });

  it('shows a partition-restricted reader only the subscribers of their partitions', async () => {
    const channel = await reader([north.setId]);
    expect(await emails(channel, undefined)).toEqual(['Ann.Smith@example.test', 'bo@example.test']);
    expect(await emails(channel, 'ann')).toEqual(['Ann.Smith@example.test', 'bo@example.test']);
    expect(await emails(channel, 'annabel@example.test')).toEqual([]);
    expect(await emails(channel, '+61 400 999 000')).toEqual([]);
  });

  it("never finds another organization's subscribers, and answers the catalogue's errors for bad params", async () => {
    const channel = await reader();
    const other = await channel.request('query', {
      organizationId: otherOrganizationId,
      query: { type: 'subscriber', search: 'ann' },
    });
    expect(other.error?.type).toBeDefined();
    expect(other.result).toBeUndefined();

    const ask = (params: Record<string, unknown>) =>
      channel.request('query', { organizationId, query: { type: 'subscriber', search: 'ann' }, ...params });
    expect((await ask({ limit: -1 })).error).toMatchObject({
      type: 'QueryLimitError',
      message: 'Query limit value needs to be greater than or equal to zero',
    });
    expect((await ask({ offset: 'x' })).error?.type).toBe('QueryOffsetError');
    expect((await ask({ sortKey: 'phone' })).error?.type).toBe('ValidationError');
    const tooLong = await channel.request('query', {
      organizationId,
      query: { type: 'subscriber', search: 'a'.repeat(201) },
    });
    expect(tooLong.error?.type).toBe('ValidationError');
    const badTarget = await channel.request('query', {
      organizationId,
      query: { type: 'subscriber', search: 'ann', filter: { target: 'country = ' } },
    });
    expect(badTarget.error?.type).toBe('ValidationError');
    expect(badTarget.error?.details?.[0]?.path).toBe('query.filter.target');
  });

  it('is answered from indexes at scale, whichever way a term matches', async () => {
    // An organization of 30,000 subscribers, analyzed: the planner then picks what a million would get.
    const crowd = await createOrganization(herald);
    await sql`INSERT INTO subscriber (organization_id, email, firstname, lastname, phone, ref)
      SELECT ${crowd}, 'person' || n || '@example.test', 'First' || n, 'Last' || n,
        '0400 ' || lpad(n::text, 6, '0'), 'REF-' || n
      FROM generate_series(1, 30000) AS n`.execute(herald.database.db);
    await sql`ANALYZE subscriber`.execute(herald.database.db);
    const plan = async (term: string): Promise<string> => {
      const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM subscriber
        WHERE organization_id = ${crowd} AND ${subscriberSearchCondition(term)}`.execute(herald.database.db);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const name = await plan('first123');
    expect(name).toContain('subscriber_firstname_prefix');
    expect(name).toContain('subscriber_lastname_prefix');
    expect(name).toContain('subscriber_ref');
    expect(name).not.toMatch(/Seq Scan/);
    const fullName = await plan('first12 last12');
    expect(fullName).not.toMatch(/Seq Scan/);
    const email = await plan('person123@example.test');
    expect(email).toContain('subscriber_email');
    expect(email).not.toMatch(/Seq Scan/);
    const phone = await plan('0400 000 123');
    expect(phone).toContain('subscriber_phone_digits');
    expect(phone).not.toMatch(/Seq Scan/);

    // A page, as the screens ask for it: the newest 25 matches. Without statistics on the searched
    // expressions the planner guessed thousands of matches and read the whole organization backwards through
    // the primary key to find 25 that are not there (1.2 s at a million). A term matching a few hundred
    // (say 'first123') may fairly be read backwards through the key: the planner expects 25 within a few
    // thousand rows, and PostgreSQL's sampled statistics make that choice differ from run to run.
    const page = async (term: string): Promise<string> => {
      const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM subscriber
        WHERE organization_id = ${crowd} AND ${subscriberSearchCondition(term)}
        ORDER BY id DESC LIMIT 25`.execute(herald.database.db);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    for (const term of ['zed', 'zed smith', 'nobody@example.test', '0499 999 999', 'first29999']) {
      const planned = await page(term);
      expect(planned, term).not.toContain('subscriber_pkey');
      expect(planned, term).not.toMatch(/Seq Scan/);
    }
  });
});
