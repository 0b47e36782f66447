import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetingRuleViolation } from '../src/targeting-rules/rule-violation.ts';
import { addList, addMember, addSubscriber, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;

/**
 * A targeting rule acts: an activity whose recipients fall outside its channel's enabled rule is
 * found out by counting them on the real database, whatever the expressions' wording.
 */
describe('targetingRuleViolation', () => {
  let herald: TestHerald;
  let organizationId: number;
  let admin: Connected;
  let everyone: number;
  let australia: number;

  const setRule = async (type: string, isEnabled: boolean, target: string | null) => {
    const reply = await admin.channel.request('writeRecords', {
      organizationId,
      type: 'targetingRule',
      data: [{ type, isEnabled, target }],
    });
    if (reply.error) throw new Error(reply.error.message);
  };
  const violation = (type: 'email' | 'sms', target: string | null) =>
    targetingRuleViolation(herald.database.db, { organizationId, type, target });

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    admin = await connectAs(herald, organizationId, ['System.Admin']);
    everyone = await addList(herald, organizationId, 'Everyone');
    australia = await addList(herald, organizationId, 'Australia');
    for (const [name, inAustralia] of [
      ['Dewi', false],
      ['Ken', false],
      ['Mia', true],
      ['Tom', true],
    ] as const) {
      const subscriber = await addSubscriber(herald, organizationId, { firstname: name });
      await addMember(herald, organizationId, everyone, subscriber);
      if (inAustralia) await addMember(herald, organizationId, australia, subscriber);
    }
  });
  afterAll(async () => {
    admin?.close();
    await herald?.stop();
  });

  it('finds nothing while no rule of the channel is enabled', async () => {
    expect(await violation('email', `list ${everyone}`)).toBeUndefined();
    await setRule('email', false, `list ${australia}`);
    expect(await violation('email', `list ${everyone}`)).toBeUndefined();
  });

  it('counts the recipients an enabled rule leaves out, and passes a target within it however it is worded', async () => {
    await setRule('email', true, `list ${australia}`);
    expect(await violation('email', `list ${everyone}`)).toEqual({
      channel: 'email',
      ruleText: `list ${australia}`,
      outside: 2,
      atLeast: false,
    });
    expect(await violation('email', `list ${everyone} and list ${australia}`)).toBeUndefined();
    expect(await violation('email', `list ${australia}`)).toBeUndefined();
    expect(await violation('email', `firstname = "Mia" or firstname = "Tom"`)).toBeUndefined();
    expect(await violation('email', `firstname = "Dewi"`)).toMatchObject({ outside: 1 });
  });

  it('treats an activity without a target as reaching everyone', async () => {
    expect(await violation('email', null)).toMatchObject({ outside: 2 });
    expect(await violation('email', '  ')).toMatchObject({ outside: 2 });
  });

  it('applies a rule only to its own channel', async () => {
    expect(await violation('sms', `list ${everyone}`)).toBeUndefined();
  });
});
