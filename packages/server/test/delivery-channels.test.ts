import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../src/credentials/credential-store.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { TwilioPeer } from './support/twilio-peer.ts';
import { connectAs } from './subscriber-fixtures.ts';
import {
  approvedEmail,
  eventually,
  listWithSubscribers,
  PEER_LOGIN,
  sendThrough,
} from './delivery-fixtures.ts';
import { addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

const areas = areasWithSubjectChecks;
const TWILIO = { sid: 'AC0123456789abcdef0123456789abcdef', authToken: 'twilio-auth-token-5678' };

/**
 * The engine on other paths than a broadcast e-mail: an SMS deployment through the
 * Twilio-compatible peer, each message's SID kept for its receipts; and an event-triggered e-mail, sent once to
 * the subscriber whose event fired it.
 */
describe('the delivery engine on other channels and triggers', () => {
  let herald: TestHerald;
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  let organizationId: number;
  let campaignId: number;
  let deployer: ChannelClient;
  const closers: Array<() => void> = [];
  const db = () => herald.database.db;
  const act = (activityId: number, action: string) =>
    deployer.request('workflow', { organizationId, activityId, action });
  const statusOf = async (activityId: number) =>
    (
      await db()
        .selectFrom('activity')
        .select('status')
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    [smtp, twilio] = await Promise.all([SmtpPeer.start({ login: PEER_LOGIN }), TwilioPeer.start(TWILIO)]);
    herald = await startTestHerald({}, { areas });
    organizationId = await createOrganization(herald, 'Channel Chai');
    campaignId = await addCampaign(herald, organizationId);
    await sendThrough(herald, organizationId, smtp);
    const credentialId = await createCredential(db(), organizationId, {
      type: 'twilio',
      alias: 'Texts',
      values: { sid: TWILIO.sid, authToken: TWILIO.authToken, baseUrl: twilio.url },
    });
    await sql`UPDATE organization SET settings = jsonb_set(settings, '{channelCredentials,sms}', ${String(credentialId)}::jsonb)
      WHERE id = ${organizationId}`.execute(db());
    const connection = await connectAs(herald, organizationId, ['Content.Deploy']);
    closers.push(() => connection.close());
    deployer = connection.channel;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald?.stop();
    await smtp?.stop();
    await twilio?.stop();
  });

  it('sends an SMS deployment through the provider, personalized, and keeps each SID for receipts', async () => {
    const { listId, subscriberIds } = await listWithSubscribers(herald, organizationId, 4, 'text');
    for (const [index, id] of subscriberIds.entries())
      await sql`UPDATE subscriber SET phone = ${`+6141255500${index}`} WHERE id = ${id}`.execute(db());
    const { id, revisionId } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    await sql`UPDATE activity SET type = 'sms' WHERE id = ${id}`.execute(db());
    await sql`UPDATE activity_revision SET content = ${JSON.stringify({
      schemaVersion: 3,
      channels: { sms: { text: 'Hi {{ subscriber.firstname }}, chai is 2-for-1 today' } },
    })}::jsonb WHERE id = ${revisionId}`.execute(db());
    await act(id, 'queueDeploy');
    await eventually(async () => (await statusOf(id)) === 'deployed', 30_000, 'the SMS deployed');

    const sent = twilio.messages.filter((message) => message.to.startsWith('+6141255500'));
    expect(sent.map((message) => message.to).sort()).toEqual(
      ['+61412555000', '+61412555001', '+61412555002', '+61412555003'].sort(),
    );
    expect(sent.find((message) => message.to === '+61412555000')?.body).toBe(
      'Hi Reader 1, chai is 2-for-1 today',
    );
    expect(sent[0]?.from).toBe('ChannelChai');
    const deliveries = await sql<{ id: string; status: string; provider_message_id: string | null }>`
      SELECT id::text AS id, status, provider_message_id FROM delivery WHERE activity_id = ${id}`.execute(
      db(),
    );
    expect(
      deliveries.rows.every(
        (row) => row.status === 'sent' && /^SM[0-9a-f]{32}$/.test(row.provider_message_id ?? ''),
      ),
    ).toBe(true);
    const bySid = new Map(sent.map((message) => [message.sid, message]));
    for (const row of deliveries.rows)
      expect(bySid.get(row.provider_message_id!)?.statusCallback).toMatch(
        new RegExp(`deliveryId=${row.id}$`),
      );
  });

  it('sends an event-triggered e-mail once to the subscriber whose event fired it', async () => {
    const { listId, subscriberIds } = await listWithSubscribers(herald, organizationId, 2, 'trigger');
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`, {
      distribution: { type: 'event', event: 'purchased', delayMinutes: 0 },
    });
    await act(id, 'queueDeploy');
    await eventually(async () => (await statusOf(id)) === 'deploying', 20_000, 'the trigger live');
    await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, details)
      VALUES (${organizationId}, ${subscriberIds[1]!}, 'purchased', '{}')`.execute(db());
    await smtp.waitForMessageTo('trigger2@example.com', { timeoutMs: 20_000 });
    // Nothing else comes: not a second message, not one to the subscriber who bought nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.messagesTo('trigger2@example.com')).toHaveLength(1);
    expect(smtp.messagesTo('trigger1@example.com')).toHaveLength(0);
    const triggered = await sql<{
      status: string;
      run_id: string | null;
    }>`SELECT status, details ->> 'runId' AS run_id
      FROM triggered_send WHERE activity_id = ${id}`.execute(db());
    expect(triggered.rows).toHaveLength(1);
    expect(triggered.rows[0]).toMatchObject({ status: 'sent' });
    expect(await statusOf(id)).toBe('deploying');
  });
});
