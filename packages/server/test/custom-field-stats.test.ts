import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addCustomField, addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;

describe('custom field statistics', () => {
  let herald: TestHerald;
  let organizationId: number;
  let manager: Connected;
  let reader: Connected;
  let franchisee: Connected;
  let tierId: number;
  let north: { setId: number; partitionId: number };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    tierId = await addCustomField(herald, organizationId, 'tier', { values: ['gold', 'silver', 'bronze'] });
    const values = ['gold', 'gold', 'gold', 'silver', 'platinum', 'platinum', 'GOLD', ''];
    for (const [index, tier] of values.entries())
      await addSubscriber(herald, organizationId, {
        custom: { tier },
        partitionIds: index < 2 ? [north.partitionId] : [],
      });
    await addSubscriber(herald, organizationId, { custom: { other: 'x' } });
    const other = await createOrganization(herald);
    await addCustomField(herald, other, 'tier');
    await addSubscriber(herald, other, { custom: { tier: 'gold' } });
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
    reader = await connectAs(herald, organizationId, ['Database.Read']);
    franchisee = await connectAs(herald, organizationId, ['Database.Manage', 'franchisee'], [north.setId]);
  });
  afterAll(async () => {
    for (const connected of [manager, reader, franchisee]) connected.close();
    await herald.stop();
  });

  it('counts values, invalid values, unique values and the most common ones, and stores them', async () => {
    const { stats } = await manager.channel.call<{ stats: Record<string, unknown> }>(
      'updateCustomFieldStats',
      {
        organizationId,
        customFieldId: tierId,
      },
    );
    // Allowed values match in any case, as imports and forms accept them ("GOLD" is gold, stored as typed).
    expect(stats).toMatchObject({
      withValue: 7,
      withInvalidValue: 2,
      uniqueValues: 4,
      uniqueInvalidValues: 1,
      mostCommonValid: [
        { value: 'gold', count: 3 },
        { value: 'GOLD', count: 1 },
        { value: 'silver', count: 1 },
      ],
      mostCommonInvalid: [{ value: 'platinum', count: 2 }],
    });
    expect(typeof stats.updatedAt).toBe('string');
    const stored = await herald.database.db
      .selectFrom('custom_field')
      .select('stats')
      .where('id', '=', tierId)
      .executeTakeFirstOrThrow();
    expect(stored.stats).toEqual(stats);
  });

  it('counts a restricted user’s partitions only, without storing their view', async () => {
    const { stats } = await franchisee.channel.call<{ stats: { withValue: number } }>(
      'updateCustomFieldStats',
      {
        organizationId,
        customFieldId: tierId,
      },
    );
    expect(stats.withValue).toBe(2);
    const stored = await herald.database.db
      .selectFrom('custom_field')
      .select('stats')
      .where('id', '=', tierId)
      .executeTakeFirstOrThrow();
    expect((stored.stats as { withValue: number }).withValue).toBe(7);
  });

  it('refuses other types, other organizations’ fields and users without database-manage', async () => {
    const purchaseField = await addCustomField(herald, organizationId, 'sku', { type: 'purchase' });
    const purchase = await manager.channel.request('updateCustomFieldStats', {
      organizationId,
      customFieldId: purchaseField,
    });
    expect(purchase.error?.type).toBe('ValidationError');
    const other = await createOrganization(herald);
    const foreign = await addCustomField(herald, other, 'tier');
    expect(
      (await manager.channel.request('updateCustomFieldStats', { organizationId, customFieldId: foreign }))
        .error?.type,
    ).toBe('NotFoundError');
    expect(
      (await reader.channel.request('updateCustomFieldStats', { organizationId, customFieldId: tierId }))
        .error?.type,
    ).toBe('PrivilegesError');
  });
});
