import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetingRuleFor } from '../src/targeting-rules/targeting-rule-record.ts';
import { addList, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface TargetingRule {
  id: number;
  type: string;
  isEnabled: boolean;
  target: unknown;
  targetText: string | null;
  version: number;
}

describe('targeting rules', () => {
  let herald: TestHerald;
  let organizationId: number;
  let admin: Connected;
  let manager: Connected;
  let listId: number;

  async function rules(connection: Connected): Promise<TargetingRule[]> {
    const { records } = await connection.channel.call<{ records: TargetingRule[] }>('query', {
      organizationId,
      query: { type: 'targetingRule' },
      sortKey: 'type',
      sortOrder: 'asc',
    });
    return records;
  }

  function write(connection: Connected, data: Array<Record<string, unknown>>) {
    return connection.channel.request('writeRecords', { organizationId, type: 'targetingRule', data });
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    listId = await addList(herald, organizationId, 'Australia');
    admin = await connectAs(herald, organizationId, ['System.Admin']);
    manager = await connectAs(herald, organizationId, ['System.PowerUser']);
  });
  afterAll(async () => {
    for (const connected of [admin, manager]) connected?.close();
    await herald?.stop();
  });

  it('answers a disabled rule without a target for every type before any is set', async () => {
    expect(await targetingRuleFor(herald.database.db, organizationId, 'sms')).toBeUndefined();
    const answered = await rules(manager);
    expect(answered.map((rule) => rule.type)).toEqual(['email', 'pushnotification', 'sms', 'whatsapp']);
    for (const rule of answered)
      expect(rule).toMatchObject({ isEnabled: false, target: null, targetText: null, version: 1 });
    // Reading twice answers the same rows.
    expect((await rules(manager)).map((rule) => rule.id)).toEqual(answered.map((rule) => rule.id));
  });

  it('lets an administrator set a type’s rule, stored as its tree with its canonical text', async () => {
    const reply = await write(admin, [
      { type: 'sms', isEnabled: true, target: `list   ${listId} AND country = "AU"` },
    ]);
    expect(reply.error).toBeUndefined();
    const [written] = (reply.result as { records: TargetingRule[] }).records;
    expect(written).toMatchObject({
      type: 'sms',
      isEnabled: true,
      targetText: `list ${listId} and country = "AU"`,
      version: 2,
    });
    const sms = (await rules(manager)).find((rule) => rule.type === 'sms');
    expect(sms).toEqual(written && expect.objectContaining({ target: written.target, version: 2 }));
    expect(await targetingRuleFor(herald.database.db, organizationId, 'sms')).toEqual({
      isEnabled: true,
      tree: written?.target,
    });
    // A later write of the same type updates it; a stale version is refused.
    const disabled = await write(admin, [{ type: 'sms', isEnabled: false, version: 2 }]);
    expect((disabled.result as { records: TargetingRule[] }).records[0]).toMatchObject({
      isEnabled: false,
      targetText: `list ${listId} and country = "AU"`,
      version: 3,
    });
    expect((await write(admin, [{ type: 'sms', isEnabled: true, version: 2 }])).error?.type).toBe(
      'StaleRecordError',
    );
    const filtered = await manager.channel.call<{ records: TargetingRule[] }>('query', {
      organizationId,
      query: { type: 'targetingRule', filter: { type: 'sms' } },
    });
    expect(filtered.records.map((rule) => rule.type)).toEqual(['sms']);
  });

  it('refuses a non-administrator with PrivilegesError', async () => {
    const reply = await write(manager, [{ type: 'email', isEnabled: true, target: `list ${listId}` }]);
    expect(reply.error?.type).toBe('PrivilegesError');
    const email = (await rules(admin)).find((rule) => rule.type === 'email');
    expect(email?.isEnabled).toBe(false);
  });

  it('refuses enabling a rule without a target expression', async () => {
    const reply = await write(admin, [{ type: 'whatsapp', isEnabled: true }]);
    expect(reply.error?.type).toBe('ValidationError');
    expect(reply.error?.details).toEqual([
      { path: 'data.0.target', message: 'An enabled targeting rule needs a target expression' },
    ]);
    const cleared = await write(admin, [{ type: 'whatsapp', isEnabled: true, target: null }]);
    expect(cleared.error?.details?.[0]?.path).toBe('data.0.target');
  });

  it('refuses a target that does not parse, with the position, or names what does not exist', async () => {
    const broken = await write(admin, [{ type: 'email', isEnabled: true, target: 'country = ' }]);
    expect(broken.error?.type).toBe('ValidationError');
    const detail = broken.error?.details?.[0] as { path: string; position?: number } | undefined;
    expect(detail?.path).toBe('data.0.target');
    expect(typeof detail?.position).toBe('number');
    const unknown = await write(admin, [
      { type: 'email', isEnabled: false, target: 'list 2147483000' },
      { type: 'pushnotification', isEnabled: true, target: `list ${listId}` },
    ]);
    expect(unknown.error?.type).toBe('ValidationError');
    expect(unknown.error?.details?.[0]?.path).toBe('data.0.target');
    // The whole write is refused: the second item was not stored either.
    const push = (await rules(admin)).find((rule) => rule.type === 'pushnotification');
    expect(push?.isEnabled).toBe(false);
  });
});
