import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addList, addMember, addSubscriber, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;

/**
 * Targeting rules act on the workflow: approval and deployment of an activity that reaches
 * subscribers outside its channel's enabled rule are refused for non-admins; an administrator overrides with
 * a reason, which the log keeps.
 */
describe('targeting rules in the workflow', () => {
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let australia: number;
  let admin: Connected;
  let approver: Connected;
  let deployer: Connected;

  const act = (who: Connected, activityId: number, action: string, params: Record<string, unknown> = {}) =>
    who.channel.request('workflow', { organizationId, activityId, action, ...params });
  const statusOf = async (id: number) =>
    (
      await herald.database.db
        .selectFrom('activity')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const target = (id: number, text: string | null) =>
    sql`UPDATE activity SET target = ${text} WHERE id = ${id}`.execute(herald.database.db);

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    campaignId = await addCampaign(herald, organizationId);
    admin = await connectAs(herald, organizationId, ['System.Admin']);
    approver = await connectAs(herald, organizationId, ['Content.Approve']);
    deployer = await connectAs(herald, organizationId, ['Content.Deploy']);
    australia = await addList(herald, organizationId, 'Australia');
    for (const inAustralia of [true, true, false]) {
      const subscriber = await addSubscriber(herald, organizationId);
      if (inAustralia) await addMember(herald, organizationId, australia, subscriber);
    }
    const reply = await admin.channel.request('writeRecords', {
      organizationId,
      type: 'targetingRule',
      data: [{ type: 'email', isEnabled: true, target: `list ${australia}` }],
    });
    expect(reply.error).toBeUndefined();
  });
  afterAll(async () => {
    for (const connected of [admin, approver, deployer]) connected?.close();
    await herald?.stop();
  });

  it('refuses a non-admin’s approval of an activity reaching outside the rule, and an admin’s without a reason', async () => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested');
    const refused = await act(approver, activity.id, 'approve');
    expect(refused.error?.type).toBe('TargetingRuleBlockedError');
    expect(refused.error?.message).toContain('targeting rule (1 of them)');
    expect((await act(approver, activity.id, 'approve', { overrideReason: 'I say so' })).error?.type).toBe(
      'TargetingRuleBlockedError',
    );
    expect((await act(admin, activity.id, 'approve', { overrideReason: '  ' })).error?.type).toBe(
      'TargetingRuleBlockedError',
    );
    expect(await statusOf(activity.id)).toBe('approvalRequested');
  });

  it('lets an administrator override with a reason, and logs the override', async () => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested');
    const reply = await act(admin, activity.id, 'approve', {
      overrideReason: 'Head office notice for all stores',
    });
    expect(reply.error).toBeUndefined();
    expect(await statusOf(activity.id)).toBe('approved');
    const event = await herald.database.db
      .selectFrom('workflow_event')
      .select('details')
      .where('activity_id', '=', activity.id)
      .where('action', '=', 'approve')
      .executeTakeFirstOrThrow();
    expect(event.details).toMatchObject({
      targetingRuleOverride: {
        reason: 'Head office notice for all stores',
        rule: `list ${australia}`,
        outside: 1,
      },
    });
  });

  it('approves and deploys an activity within the rule, and blocks deploying one outside it', async () => {
    const within = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested');
    await target(within.id, `list ${australia}`);
    expect((await act(approver, within.id, 'approve')).error).toBeUndefined();
    expect((await act(deployer, within.id, 'queueDeploy')).error).toBeUndefined();
    // Queued for now: the scheduler may already have started it by the time the status is read.
    expect(['scheduled', 'deploying', 'deployed']).toContain(await statusOf(within.id));

    const outside = await activityInStatus(herald, organizationId, campaignId, 'approved');
    expect((await act(deployer, outside.id, 'queueDeploy')).error?.type).toBe('TargetingRuleBlockedError');
    expect((await act(deployer, outside.id, 'queueSchedule')).error?.type).toBe('TargetingRuleBlockedError');
    expect(await statusOf(outside.id)).toBe('approved');
  });

  it('leaves other channels to their own rules', async () => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested');
    await sql`UPDATE activity SET type = 'sms' WHERE id = ${activity.id}`.execute(herald.database.db);
    expect((await act(approver, activity.id, 'approve')).error).toBeUndefined();
  });
});
