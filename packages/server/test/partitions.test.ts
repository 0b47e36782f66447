import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

describe('partitions as a query type', () => {
  let herald: TestHerald;
  let organizationId: number;
  let northSet: number;
  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const db = herald.database.db;
    const set = async (name: string) =>
      (
        await db
          .insertInto('partition_set')
          .values({ organization_id: organizationId, name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    northSet = await set('North');
    const southSet = await set('South');
    await db
      .insertInto('partition')
      .values([
        {
          organization_id: organizationId,
          partition_set_id: northSet,
          name: 'North Store',
          external_ref: 'N1',
          custom_fields: '{}',
        },
        {
          organization_id: organizationId,
          partition_set_id: southSet,
          name: 'South Store',
          external_ref: 'S1',
          custom_fields: '{}',
        },
      ])
      .execute();
    const other = await createOrganization(herald);
    await db
      .insertInto('partition')
      .values({ organization_id: other, name: 'Elsewhere Store', custom_fields: '{}' })
      .execute();
  });
  afterAll(() => herald.stop());

  async function partitionNames(roles: string[], partitionsets: number[] = []): Promise<string[]> {
    const user = await createUser(herald, [{ organizationId, roles, partitionsets }]);
    const { session, sessionId } = await signedIn(herald, user);
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    const { records } = await channel.call<{ records: Array<{ name: string }> }>('query', {
      organizationId,
      query: { type: 'partition' },
      sortKey: 'name',
      sortOrder: 'asc',
    });
    session.close();
    channel.close();
    return records.map((record) => record.name);
  }

  it("lists the organization's partitions to a head-office user, never another organization's", async () => {
    expect(await partitionNames(['Database.Read'])).toEqual(['North Store', 'South Store']);
  });

  it("lists only a franchisee's own partition set", async () => {
    expect(await partitionNames(['franchisee'], [northSet])).toEqual(['North Store']);
  });

  it('is written by administrators only (functional §6: partitions need admin)', async () => {
    const editor = await createUser(herald, [{ organizationId, roles: ['System.PowerUser'] }]);
    const asEditor = await signedIn(herald, editor);
    const editorChannel = await organizationConnection(
      herald,
      asEditor.session,
      asEditor.sessionId,
      organizationId,
    );
    const refused = await editorChannel.request('writeRecords', {
      organizationId,
      type: 'partition',
      data: [{ name: 'New Store' }],
    });
    expect(refused.error?.type).toBe('PrivilegesError');

    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const asAdmin = await signedIn(herald, admin);
    const channel = await organizationConnection(herald, asAdmin.session, asAdmin.sessionId, organizationId);
    const { records } = await channel.call<{ records: Array<{ id: number; name: string }> }>('writeRecords', {
      organizationId,
      type: 'partition',
      data: [
        { name: 'New Store', externalRef: 'NEW-1', partitionSetId: northSet, customFields: { region: 'NW' } },
      ],
    });
    expect(records[0]).toMatchObject({ name: 'New Store', externalRef: 'NEW-1', partitionSetId: northSet });
    const renamed = await channel.call<{ records: Array<{ name: string; customFields: unknown }> }>(
      'writeRecords',
      {
        organizationId,
        type: 'partition',
        data: [{ id: records[0]?.id, name: 'Renamed Store' }],
      },
    );
    expect(renamed.records[0]).toMatchObject({ name: 'Renamed Store', customFields: { region: 'NW' } });
    const foreignSet = await channel.request('writeRecords', {
      organizationId,
      type: 'partition',
      data: [{ name: 'Bad', partitionSetId: 999_999 }],
    });
    expect(foreignSet.error?.type).toBe('ValidationError');
    for (const socket of [asEditor.session, editorChannel, asAdmin.session, channel]) socket.close();
  });
});
