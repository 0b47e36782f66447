import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsAppMessage } from '../src/delivery/messenger.ts';
import { fetchWhatsAppTemplateStates } from '../src/delivery/transports/whatsapp-template-states.ts';
import { whatsAppMessenger } from '../src/delivery/transports/whatsapp.ts';
import { outgoing, refusal, sendSignal } from './support/transports.ts';
import { WhatsAppPeer, graphError } from './support/whatsapp-peer.ts';

const ACCOUNT = {
  version: 'v21.0',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  accessToken: 'whatsapp-access-token-1234',
};

const message = (changes: Partial<WhatsAppMessage> = {}): WhatsAppMessage => ({
  ...outgoing('77'),
  to: '+6281234567890',
  template: { name: 'spring_sale', language: 'en_US', parameters: ['Ayu', '20%'] },
  ...changes,
});

describe('the WhatsApp transport against a Cloud API-compatible peer', () => {
  let peer: WhatsAppPeer;
  beforeAll(async () => {
    peer = await WhatsAppPeer.start(ACCOUNT, [
      { name: 'spring_sale', language: 'en_US', status: 'APPROVED', parameterCount: 2 },
      { name: 'spring_sale', language: 'id', status: 'PENDING', parameterCount: 2 },
      { name: 'old_offer', language: 'en_US', status: 'REJECTED' },
      { name: 'weekly_news', language: 'en_US', status: 'PAUSED' },
    ]);
  });
  afterAll(() => peer.stop());

  const messenger = (accessToken = ACCOUNT.accessToken) =>
    whatsAppMessenger({ baseUrl: peer.baseUrl, phoneNumberId: ACCOUNT.phoneNumberId, accessToken });

  it('posts a template message with a Bearer token and answers the wamid', async () => {
    const receipt = await messenger().send(message(), sendSignal());
    const sent = peer.messages.at(-1);
    expect(receipt.providerMessageId).toBe(sent?.id);
    expect(sent?.id).toMatch(/^wamid\./);
    expect(sent).toMatchObject({
      to: '+6281234567890',
      template: { name: 'spring_sale', language: 'en_US', parameters: ['Ayu', '20%'] },
      // The status webhooks hand the delivery id back.
      callbackData: '77',
    });
    const request = peer.http.requests.at(-1);
    expect(request?.path).toBe(`/v21.0/${ACCOUNT.phoneNumberId}/messages`);
    expect(request?.headers.authorization).toBe(`Bearer ${ACCOUNT.accessToken}`);
    expect(JSON.parse(request?.text ?? '{}')).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      type: 'template',
      template: {
        name: 'spring_sale',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ayu' },
              { type: 'text', text: '20%' },
            ],
          },
        ],
      },
    });
  });

  it('maps an invalid access token (190) to a permanent error', async () => {
    const error = await refusal(messenger('expired-token-0000').send(message(), sendSignal()));
    expect(error).toMatchObject({ permanent: true, code: '401 190' });
    expect(error.message).toMatch(/access token/);
  });

  it('maps a template WhatsApp does not have, or the wrong parameter count, to permanent errors', async () => {
    const unknown = await refusal(
      messenger().send(
        message({ template: { name: 'nope', language: 'en_US', parameters: [] } }),
        sendSignal(),
      ),
    );
    expect(unknown).toMatchObject({ permanent: true, code: '404 132001' });
    const miscounted = await refusal(
      messenger().send(
        message({ template: { name: 'spring_sale', language: 'en_US', parameters: ['Ayu'] } }),
        sendSignal(),
      ),
    );
    expect(miscounted).toMatchObject({ permanent: true, code: '400 132000' });
    // The details of the Graph error say more than its message.
    expect(miscounted.message).toMatch(/localizable_params \(1\)/);
  });

  it('maps throttling and WhatsApp outages to transient errors', async () => {
    peer.http.failNext(
      graphError(400, 130429, 'Rate limit hit'),
      graphError(400, 131048, 'Spam rate limit hit'),
      graphError(503, 131016, 'Service unavailable'),
      graphError(500, 999999, 'Something else'),
    );
    for (const code of ['400 130429', '400 131048', '503 131016']) {
      const error = await refusal(messenger().send(message(), sendSignal()));
      expect(error).toMatchObject({ permanent: false, code });
    }
    // An unknown Graph code is about the message: not retried.
    expect(await refusal(messenger().send(message(), sendSignal()))).toMatchObject({ permanent: true });
    peer.http.failNext(graphError(400, 131026, 'Message undeliverable'));
    expect(await refusal(messenger().send(message(), sendSignal()))).toMatchObject({
      permanent: true,
      code: '400 131026',
    });
  });

  it("reads the business account's template states over every page, in Herald's words", async () => {
    const account = {
      baseUrl: peer.baseUrl,
      phoneNumberId: ACCOUNT.phoneNumberId,
      accessToken: ACCOUNT.accessToken,
    };
    const before = peer.http.requests.length;
    const states = await fetchWhatsAppTemplateStates(account, ACCOUNT.businessAccountId, sendSignal());
    expect(states).toEqual([
      { name: 'spring_sale', language: 'en_US', status: 'received', providerStatus: 'APPROVED' },
      { name: 'spring_sale', language: 'id', status: 'pending', providerStatus: 'PENDING' },
      { name: 'old_offer', language: 'en_US', status: 'disabled', providerStatus: 'REJECTED' },
      { name: 'weekly_news', language: 'en_US', status: 'paused', providerStatus: 'PAUSED' },
    ]);
    expect(peer.http.requests.length - before).toBe(2);
    expect(peer.http.requests[before + 1]?.path).toMatch(/&after=3$/);
    const request = peer.http.requests[before];
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(
      `/v21.0/${ACCOUNT.businessAccountId}/message_templates?fields=name,language,status&limit=100`,
    );
    const refused = await refusal(
      fetchWhatsAppTemplateStates(
        { ...account, accessToken: 'wrong' },
        ACCOUNT.businessAccountId,
        sendSignal(),
      ),
    );
    expect(refused).toMatchObject({ permanent: true, code: '401 190' });
  });
});
