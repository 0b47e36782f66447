import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messengerFor } from '../src/delivery/transports/index.ts';
import { createOrganization, createUser, enableIntegrations, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

interface Keys {
  siteKey: string;
  secretHint: string;
  identitySecret?: string;
  scriptUrl: string;
}
interface WebMessageAnswer {
  id: string;
  html: string;
  token: string;
}

/**
 * The web channel over real HTTP: the organization's keys, the transport leaving a message, and the
 * site script's routes (a subscriber's messages behind the signed ref, the impression recorded once, the
 * dismissal), with a second organization's keys and tokens refused.
 */
describe('the web channel', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let keys: Keys;
  let otherKeys: Keys;
  let adminCall: (command: string, organization: number) => Promise<Keys>;
  let activityId: number;
  let subscriberId: number;
  const deliveries: string[] = [];
  const closers: Array<() => void> = [];

  const url = (path: string) => `http://127.0.0.1:${herald.port}${path}`;
  const sign = (secret: string, ref: string) => createHmac('sha256', secret).update(ref).digest('hex');
  const messages = (siteKey: string, ref: string, signature: string) =>
    fetch(url(`/w/${siteKey}/messages?subscriber=${encodeURIComponent(ref)}&signature=${signature}`));

  async function addDelivery(organization: number, activity: number, subscriber: number): Promise<string> {
    const db = herald.database.db;
    const run = await sql<{
      id: string;
    }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id,
        channel, status) VALUES (${organization}, ${activity}, 1, 'web', 'sending') RETURNING id`.execute(db);
    const delivery = await sql<{ id: string }>`INSERT INTO delivery (organization_id, run_id, activity_id,
        subscriber_id, channel, status) VALUES (${organization}, ${run.rows[0]!.id}, ${activity}, ${subscriber},
        'web', 'sending') RETURNING id::text AS id`.execute(db);
    return delivery.rows[0]!.id;
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Webby Widgets');
    otherOrganizationId = await createOrganization(herald, 'Other Widgets');
    for (const id of [organizationId, otherOrganizationId]) await enableIntegrations(herald, id);
    const admin = await createUser(herald, [
      { organizationId, roles: ['System.Admin'] },
      { organizationId: otherOrganizationId, roles: ['System.Admin'] },
    ]);
    const { session, sessionId } = await signedIn(herald, admin);
    closers.push(() => session.close());
    adminCall = (command, organization) =>
      session.call<Keys>(command, { sessionId, organizationId: organization });
    const campaignId = await addCampaign(herald, organizationId);
    activityId = (await activityInStatus(herald, organizationId, campaignId, 'deploying')).id;
    subscriberId = (
      await herald.database.db
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email: 'visitor@webby.test', ref: 'cust-1' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('makes the keys at the first need, showing the secret in full only then', async () => {
    keys = await adminCall('getWebChannel', organizationId);
    expect(keys.siteKey).toMatch(/^hs_[A-Za-z0-9_-]{22}$/);
    expect(keys.identitySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.secretHint.endsWith(keys.identitySecret!.slice(-4))).toBe(true);
    expect(keys.scriptUrl).toMatch(/\/w\/herald\.js$/);
    const again = await adminCall('getWebChannel', organizationId);
    expect(again).toMatchObject({ siteKey: keys.siteKey, secretHint: keys.secretHint });
    expect(again.identitySecret).toBeUndefined();
    const stored = await herald.database.db
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.settings)).not.toContain(keys.identitySecret);
    otherKeys = await adminCall('getWebChannel', otherOrganizationId);
    expect(otherKeys.siteKey).not.toBe(keys.siteKey);
  });

  it('leaves a message through the web transport, once per delivery', async () => {
    const messenger = await messengerFor(herald.database.db, organizationId, 'web');
    for (const html of ['<p>Older</p>', '<p>Newest <a href="https://example.test/t/c/x">offer</a></p>']) {
      const deliveryId = await addDelivery(organizationId, activityId, subscriberId);
      deliveries.push(deliveryId);
      let accepted = 0;
      const message = { deliveryId, organizationId, activityId, subscriberId, html };
      const receipt = await messenger.send(message, new AbortController().signal, async () => {
        accepted++;
      });
      const repeated = await messenger.send(message, new AbortController().signal);
      expect(accepted).toBe(1);
      expect(receipt.providerMessageId).toMatch(/^\d+$/);
      expect(repeated.providerMessageId).toBe(receipt.providerMessageId);
    }
    const rows = await herald.database.db
      .selectFrom('web_message')
      .selectAll()
      .where('subscriber_id', '=', subscriberId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(30 * 86_400_000);
    await messenger.close();
  });

  it('serves the script to any origin', async () => {
    const script = await fetch(url('/w/herald.js'));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await script.text();
    expect(Buffer.byteLength(text)).toBeLessThan(4096);
    expect(text).toContain('Herald.show');
  });

  it('answers a subscriber’s messages, newest first, only for the signed ref', async () => {
    const secret = keys.identitySecret!;
    const bad = await messages(keys.siteKey, 'cust-1', sign(secret, 'cust-2'));
    expect(bad.status).toBe(403);
    expect((await messages(keys.siteKey, 'cust-1', 'zz')).status).toBe(403);
    expect((await messages(otherKeys.siteKey, 'cust-1', sign(secret, 'cust-1'))).status).toBe(403);
    expect((await messages('hs_nosuchsitekeyatall', 'cust-1', sign(secret, 'cust-1'))).status).toBe(404);
    const good = await messages(keys.siteKey, 'cust-1', sign(secret, 'cust-1'));
    expect(good.status).toBe(200);
    expect(good.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await good.json()) as WebMessageAnswer[];
    expect(answer.map((message) => message.html)).toEqual([
      '<p>Newest <a href="https://example.test/t/c/x">offer</a></p>',
      '<p>Older</p>',
    ]);
    const stranger = await messages(keys.siteKey, 'cust-9', sign(secret, 'cust-9'));
    expect(await stranger.json()).toEqual([]);
  });

  it('records the impression once as an opened event, and a dismissal hides the message', async () => {
    const secret = keys.identitySecret!;
    const [newest] = (await (
      await messages(keys.siteKey, 'cust-1', sign(secret, 'cust-1'))
    ).json()) as WebMessageAnswer[];
    const impression = () => fetch(url(`/w/${keys.siteKey}/impression/${newest!.token}`), { method: 'POST' });
    expect((await impression()).status).toBe(204);
    expect((await impression()).status).toBe(204);
    const events = await sql<{
      details: Record<string, unknown>;
      activity_id: number;
    }>`SELECT details, activity_id
      FROM subscriber_event WHERE subscriber_id = ${subscriberId} AND kind = 'opened'`.execute(
      herald.database.db,
    );
    expect(events.rows).toEqual([
      { details: { deliveryId: deliveries[1], web: true }, activity_id: activityId },
    ]);
    const elsewhere = await fetch(url(`/w/${otherKeys.siteKey}/dismiss/${newest!.token}`), {
      method: 'POST',
    });
    expect(elsewhere.status).toBe(404);
    expect((await fetch(url(`/w/${keys.siteKey}/dismiss/not-a-token`), { method: 'POST' })).status).toBe(404);
    const dismissed = await fetch(url(`/w/${keys.siteKey}/dismiss/${newest!.token}`), { method: 'POST' });
    expect(dismissed.status).toBe(204);
    const left = (await (
      await messages(keys.siteKey, 'cust-1', sign(secret, 'cust-1'))
    ).json()) as WebMessageAnswer[];
    expect(left.map((message) => message.html)).toEqual(['<p>Older</p>']);
  });

  it('refuses the old signature once the secret is regenerated', async () => {
    const old = keys.identitySecret!;
    const renewed = await adminCall('regenerateWebChannelSecret', organizationId);
    expect(renewed.siteKey).toBe(keys.siteKey);
    expect(renewed.identitySecret).not.toBe(old);
    expect((await messages(keys.siteKey, 'cust-1', sign(old, 'cust-1'))).status).toBe(403);
    expect((await messages(keys.siteKey, 'cust-1', sign(renewed.identitySecret!, 'cust-1'))).status).toBe(
      200,
    );
  });
});
