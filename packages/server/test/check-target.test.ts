import { targetFromInput } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomField, addList, addPartition, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface Checked {
  tree: unknown;
  text: string;
  includesListOrAudience: boolean;
  warning?: string;
}

describe('checkTarget', () => {
  let herald: TestHerald;
  let organizationId: number;
  let reader: Connected;
  let franchisee: Connected;
  let listId: number;
  let headOfficeListId: number;

  const check = (connection: Connected, target: unknown) =>
    connection.channel.request('checkTarget', { organizationId, target });

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const north = await addPartition(herald, organizationId, 'North');
    listId = await addList(herald, organizationId, 'News', [north.partitionId]);
    headOfficeListId = await addList(herald, organizationId, 'Head office only');
    reader = await connectAs(herald, organizationId, ['Content.Edit']);
    franchisee = await connectAs(herald, organizationId, ['franchisee'], [north.setId]);
  });
  afterAll(async () => {
    for (const connected of [reader, franchisee]) connected?.close();
    await herald?.stop();
  });

  it('answers the same canonical text and tree for the text form and the tree', async () => {
    const text = `LIST ${listId}   and (country = "AU" or opened within 30 days)`;
    const fromText = (await check(reader, text)).result as Checked;
    expect(fromText.text).toBe(`list ${listId} and (country = "AU" or opened within 30 days)`);
    const parsed = targetFromInput(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const fromTree = (await check(franchisee, parsed.tree)).result as Checked;
    expect(fromTree).toEqual(fromText);
    expect(fromTree.tree).toEqual(parsed.tree);
  });

  it('warns when the expression names no list or audience, and not when it does', async () => {
    const everyone = (await check(reader, 'country = "AU"')).result as Checked;
    expect(everyone.includesListOrAudience).toBe(false);
    expect(everyone.warning).toBe('Your target expression does not include a list or audience.');
    const listed = (await check(reader, `country = "AU" and list ${listId}`)).result as Checked;
    expect(listed.includesListOrAudience).toBe(true);
    expect(listed).not.toHaveProperty('warning');
  });

  it('answers a list that does not exist as a ValidationError detail', async () => {
    const reply = await check(reader, 'list 2147483000');
    expect(reply.error?.type).toBe('ValidationError');
    expect(reply.error?.details).toEqual([{ path: 'target', message: 'List 2147483000 does not exist' }]);
  });

  it('lets a partition-restricted user name only what their partitions hold, so nothing else is revealed', async () => {
    expect((await check(reader, `list ${headOfficeListId}`)).error).toBeUndefined();
    const reply = await check(franchisee, `list ${headOfficeListId} or list ${listId}`);
    expect(reply.error?.details).toEqual([
      { path: 'target', message: `List ${headOfficeListId} does not exist` },
    ]);
    const tagged = await herald.database.db
      .insertInto('tag')
      .values({ organization_id: organizationId, name: 'VIP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await check(reader, `tag ${tagged.id}`)).error).toBeUndefined();
    expect((await check(franchisee, `tag ${tagged.id}`)).error?.details).toEqual([
      { path: 'target', message: `Tag ${tagged.id} does not exist` },
    ]);
  });

  it('answers a parse error with its position', async () => {
    const reply = await check(reader, 'country = "AU" and and');
    expect(reply.error?.type).toBe('ValidationError');
    const detail = reply.error?.details?.[0] as { path: string; position?: number; message: string };
    expect(detail.path).toBe('target');
    expect(detail.position).toBe(19);
  });

  it("refuses an operator that does not fit the field's type, in text, in a tree and in a saved audience", async () => {
    await addCustomField(herald, organizationId, 'loyalty_tier', { values: ['bronze', 'silver', 'gold'] });
    await addCustomField(herald, organizationId, 'birthday_club', { dataType: 'boolean' });
    const text = await check(reader, 'country < "M"');
    expect(text.error?.type).toBe('ValidationError');
    expect(text.error?.details).toEqual([
      {
        path: 'target',
        message:
          'country is text: "<" does not apply to it (use =, !=, contains, startswith, in or is empty)',
      },
    ]);
    const tree = await check(reader, {
      type: 'or',
      items: [
        { type: 'field', field: 'custom.loyalty_tier', op: '>=', value: 'gold' },
        { type: 'field', field: 'custom.birthday_club', op: 'within', span: { amount: 3, unit: 'days' } },
        { type: 'field', field: 'dob', op: 'contains', value: '19' },
      ],
    });
    expect(tree.error?.type).toBe('ValidationError');
    expect(tree.error?.details?.map((detail) => detail.message)).toEqual([
      'custom.loyalty_tier is text: ">=" does not apply to it (use =, !=, contains, startswith, in or is empty)',
      'custom.birthday_club is true or false: "within" does not apply to it (use =, != or is empty)',
      'dob is a date: "contains" does not apply to it (use <, <=, >, >=, =, !=, within, in or is empty)',
    ]);
    // What fits each type passes.
    const fitting = `list ${listId} and custom.loyalty_tier in ("gold", "silver") and country startswith "A" and dob < 2000-01-01 and custom.birthday_club = true`;
    expect((await check(reader, fitting)).error).toBeUndefined();

    // Saving an audience goes through the same check.
    const manager = await connectAs(herald, organizationId, ['Database.Manage']);
    try {
      const saved = await manager.channel.request('writeRecords', {
        organizationId,
        type: 'audience',
        data: [{ name: 'Late alphabet', target: `list ${listId} and lastname > "M"` }],
      });
      expect(saved.error?.type).toBe('ValidationError');
      expect(saved.error?.details?.[0]?.message).toMatch(/^lastname is text: ">" does not apply/);
    } finally {
      manager.close();
    }
  });
});
