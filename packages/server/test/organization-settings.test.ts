import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/**
 * updateOrganizationSettings checks the sections Herald reads (docs/workflow.md § Scheduling): the time
 * zone, the throttle ceilings, import rules, messaging rules and advanced settings. A malformed one is refused
 * with the field named, and nothing is saved.
 */
describe('organization settings', () => {
  let herald: TestHerald;
  let organizationId: number;
  let admin: { session: ChannelClient; sessionId: string };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const account = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }], {
      otpEnabled: true,
    });
    admin = await signedIn(herald, account);
  });
  afterAll(() => herald.stop());

  const save = (settings: Record<string, unknown>) =>
    admin.session.request('updateOrganizationSettings', {
      sessionId: admin.sessionId,
      organizationId,
      settings: JSON.stringify(settings),
    });
  const stored = async () =>
    (
      await herald.database.db
        .selectFrom('organization')
        .select('settings')
        .where('id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).settings;

  const valid = {
    currency: 'JPY',
    timeZone: 'Asia/Tokyo',
    maxThrottlePerActivityType: { email: 30_000, sms: 600 },
    import: { rules: { disallowNewLists: true, lists: { '12': { disallowSubscriberUpload: true } } } },
    messaging: {
      rules: {
        quietHours: { sms: { start: '21:00', end: '08:00' } },
        frequencyCap: { messages: 3, per: 'week' },
        suppression: ['competitor.example', '@rival.example', 'ceo@partner.example'],
      },
    },
    advanced: { enableBetaFeatures: true, featureKeys: 'integrations\n!coupons' },
  };

  it('stores every section when each is well formed', async () => {
    const reply = await save(valid);
    expect(reply.error).toBeUndefined();
    expect(await stored()).toMatchObject(valid);
  });

  it.each([
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['maxThrottlePerActivityType.email', { maxThrottlePerActivityType: { email: 60_001 } }],
    ['maxThrottlePerActivityType', { maxThrottlePerActivityType: { fax: 10 } }],
    ['import.rules.disallowNewLists', { import: { rules: { disallowNewLists: 'yes' } } }],
    ['import.rules', { import: { rules: '{not json' } }],
    [
      'messaging.rules.quietHours.sms.start',
      { messaging: { rules: { quietHours: { sms: { start: '25:00', end: '08:00' } } } } },
    ],
    [
      'messaging.rules.quietHours.email',
      { messaging: { rules: { quietHours: { email: { start: '08:00', end: '08:00' } } } } },
    ],
    [
      'messaging.rules.frequencyCap.per',
      { messaging: { rules: { frequencyCap: { messages: 2, per: 'month' } } } },
    ],
    ['messaging.rules.suppression.0', { messaging: { rules: { suppression: ['not an address'] } } }],
    ['advanced.enableBetaFeatures', { advanced: { enableBetaFeatures: 'on' } }],
    ['currency', { currency: 'dollars' }],
    ['defaultSender.fromAddress', { defaultSender: { fromName: 'News', fromAddress: 'not an address' } }],
    [
      'defaultSender.fromAddress',
      { defaultSender: { fromName: 'News', fromAddress: 'news@unverified.test' } },
    ],
    ['defaultSender', { defaultSender: { fromName: 'News', fromAddress: 'a@b.test', replyTo: 'x' } }],
  ])('refuses a malformed %s and keeps what was saved', async (path, settings) => {
    const before = await stored();
    const reply = await save({ ...valid, ...settings });
    expect(reply.error?.type).toBe('ValidationError');
    expect(reply.error?.details?.map((detail: { path: string }) => detail.path)).toContain(
      `settings.${path}`,
    );
    expect(await stored()).toEqual(before);
  });
});
