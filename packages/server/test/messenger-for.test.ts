import { HeraldError, type Credential } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateChannelCredentials } from '../src/credentials/channel-credentials.ts';
import { createCredential } from '../src/credentials/credential-store.ts';
import { messengerFor } from '../src/delivery/transports/index.ts';
import { fetchWhatsAppTemplateStates } from '../src/delivery/transports/whatsapp-template-states.ts';
import { applyWhatsAppTemplateStates } from '../src/whatsapp-templates/whatsapp-template-states.ts';
import { isSealed } from '../src/vault/secret-box.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { integrationsAdmin } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { LinePeer } from './support/line-peer.ts';
import { outgoing, sendSignal } from './support/transports.ts';
import { TwilioPeer } from './support/twilio-peer.ts';
import { WebPushPeer } from './support/webpush-peer.ts';
import { WhatsAppPeer } from './support/whatsapp-peer.ts';

const TWILIO = { sid: 'AC00000000000000000000000000000001', authToken: 'twilio-auth-token-0001' };
const LINE_TOKEN = 'line-channel-access-token-0001';
const WHATSAPP = {
  version: 'v21.0',
  phoneNumberId: '1065403522',
  businessAccountId: '1022901293',
  accessToken: 'whatsapp-access-token-0001',
};

describe("messengerFor: each channel's Messenger from the organization's credential", () => {
  let herald: TestHerald;
  let twilio: TwilioPeer;
  let line: LinePeer;
  let whatsapp: WhatsAppPeer;
  let push: WebPushPeer;
  let organizationId: number;
  let session: ChannelClient;
  let sessionId: string;
  const call = <T>(command: string, params: Record<string, unknown>) =>
    session.call<T>(command, { sessionId, organizationId, ...params });

  beforeAll(async () => {
    [herald, twilio, line, whatsapp, push] = await Promise.all([
      startTestHerald(),
      TwilioPeer.start(TWILIO),
      LinePeer.start(LINE_TOKEN),
      WhatsAppPeer.start(WHATSAPP, [
        { name: 'spring_sale', language: 'en_US', status: 'APPROVED' },
        { name: 'old_offer', language: 'en_US', status: 'REJECTED' },
      ]),
      WebPushPeer.start(),
    ]);
    ({ organizationId, session, sessionId } = await integrationsAdmin(herald));
  });
  afterAll(async () => {
    session.close();
    await Promise.all([herald.stop(), twilio.stop(), line.stop(), whatsapp.stop(), push.stop()]);
  });

  it('answers a ValidationError naming the channel when no credential is set for it', async () => {
    const error = await messengerFor(herald.services.db, organizationId, 'sms').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HeraldError);
    expect(error).toMatchObject({ type: 'ValidationError', details: [{ path: 'channelCredentials.sms' }] });
  });

  it('sends SMS through a credential made and chosen with the credential commands', async () => {
    const credential = await call<Credential>('createCredential', {
      type: 'twilio',
      alias: 'Twilio',
      values: { ...TWILIO, baseUrl: twilio.url },
    });
    await call('updateChannelCredentials', { channelCredentials: { sms: credential.id } });
    const messenger = await messengerFor(herald.services.db, organizationId, 'sms');
    const receipt = await messenger.send(
      { ...outgoing(), to: '+14155550100', from: '+14155550199', text: 'Hello' },
      sendSignal(),
    );
    expect(receipt.providerMessageId).toBe(twilio.messages.at(-1)?.sid);
    // Opening the credential to send is an access.
    const after = await call<Credential>('getCredential', { id: credential.id });
    expect(after.lastAccessedAt).not.toBeNull();
  });

  it('sends LINE messages through a credential stored directly', async () => {
    const db = herald.services.db;
    const id = await createCredential(db, organizationId, {
      type: 'line',
      alias: 'LINE',
      values: { lineSecret: 'line-channel-secret', apiToken: LINE_TOKEN, baseUrl: line.url },
    });
    await updateChannelCredentials(db, organizationId, { line: id });
    const messenger = await messengerFor(db, organizationId, 'line');
    await messenger.send(
      { ...outgoing('12'), to: `U${'1'.repeat(32)}`, messages: [{ type: 'text', text: 'Hi' }] },
      sendSignal(),
    );
    expect(line.pushed.at(-1)).toMatchObject({ to: `U${'1'.repeat(32)}` });
  });

  it('sends WhatsApp templates and writes the synced template states onto the templates', async () => {
    const db = herald.services.db;
    const id = await createCredential(db, organizationId, {
      type: 'whatsapp',
      alias: 'WhatsApp',
      values: {
        accountName: WHATSAPP.phoneNumberId,
        apiToken: WHATSAPP.accessToken,
        baseUrl: whatsapp.baseUrl,
      },
    });
    await updateChannelCredentials(db, organizationId, { whatsapp: id });
    const messenger = await messengerFor(db, organizationId, 'whatsapp');
    await messenger.send(
      {
        ...outgoing('13'),
        to: '6281234567890',
        template: { name: 'spring_sale', language: 'en_US', parameters: [] },
      },
      sendSignal(),
    );
    expect(whatsapp.messages.at(-1)?.callbackData).toBe('13');

    for (const name of ['spring_sale', 'old_offer', 'not_at_whatsapp'])
      await db
        .insertInto('whatsapp_template')
        .values({ organization_id: organizationId, name, language: 'en_US', body: 'Hello' })
        .execute();
    const states = await fetchWhatsAppTemplateStates(
      { baseUrl: whatsapp.baseUrl, phoneNumberId: WHATSAPP.phoneNumberId, accessToken: WHATSAPP.accessToken },
      WHATSAPP.businessAccountId,
      sendSignal(),
    );
    const changed = await applyWhatsAppTemplateStates(db, organizationId, states);
    expect(
      changed.map(({ name, status, statusReason, version }) => ({ name, status, statusReason, version })),
    ).toEqual([
      { name: 'spring_sale', status: 'received', statusReason: '', version: 2 },
      { name: 'old_offer', status: 'disabled', statusReason: 'REJECTED', version: 2 },
    ]);
    // Applying the same states again changes nothing.
    expect(await applyWhatsAppTemplateStates(db, organizationId, states)).toEqual([]);
  });

  it('reaches browsers by Web Push without a credential, with VAPID keys made once and kept sealed', async () => {
    const db = herald.services.db;
    const messenger = await messengerFor(db, organizationId, 'pushnotification', {
      vapidSubject: 'https://herald.example',
    });
    const row = await db
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const stored = row.settings.webPush as { vapidPublicKey: string; vapidPrivateKey: string };
    expect(isSealed(stored.vapidPrivateKey)).toBe(true);

    const subscription = push.subscribe(stored.vapidPublicKey);
    await messenger.send(
      { ...outgoing('14'), to: { kind: 'webpush', subscription }, title: 'T', body: 'B' },
      sendSignal(),
    );
    expect(JSON.parse(push.delivered.at(-1)?.payload ?? '{}')).toMatchObject({
      title: 'T',
      heraldDelivery: '14',
    });

    // A general settings update neither drops nor replaces the keys, so the subscription still works.
    await call('updateOrganizationSettings', { settings: { webPush: { vapidPublicKey: 'replaced' } } });
    const again = await messengerFor(db, organizationId, 'pushnotification', {
      vapidSubject: 'mailto:ops@herald.example',
    });
    await again.send(
      { ...outgoing('15'), to: { kind: 'webpush', subscription }, title: 'T', body: 'B' },
      sendSignal(),
    );
    expect(push.delivered).toHaveLength(2);
    const after = await db
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(after.settings.webPush).toEqual(stored);
  });
});
