import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage } from '../src/delivery/messenger.ts';
import { smsMessenger } from '../src/delivery/transports/sms.ts';
import { outgoing, refusal, sendSignal } from './support/transports.ts';
import { TwilioPeer, twilioError } from './support/twilio-peer.ts';

const LOGIN = { sid: 'AC0123456789abcdef0123456789abcdef', authToken: 'twilio-auth-token-5678' };

const message = (changes: Partial<SmsMessage> = {}): SmsMessage => ({
  ...outgoing(),
  to: '+14155550100',
  from: '+14155550199',
  text: 'Spring sale: 20% off today',
  ...changes,
});

const signal = sendSignal;

describe('the SMS transport against a Twilio-compatible peer', () => {
  let peer: TwilioPeer;
  beforeAll(async () => {
    peer = await TwilioPeer.start(LOGIN);
  });
  afterAll(() => peer.stop());

  const messenger = (changes: { authToken?: string; statusCallbackUrl?: string } = {}) =>
    smsMessenger({ baseUrl: peer.url, sid: LOGIN.sid, authToken: LOGIN.authToken, ...changes });

  it('posts the form with Basic auth and answers the message SID', async () => {
    const receipt = await messenger({ statusCallbackUrl: 'https://herald.example/webhooks/sms' }).send(
      message(),
      signal(),
    );
    const sent = peer.messages.at(-1);
    expect(receipt.providerMessageId).toBe(sent?.sid);
    expect(sent?.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent).toMatchObject({
      to: '+14155550100',
      from: '+14155550199',
      body: 'Spring sale: 20% off today',
    });
    // The status webhook gets the delivery id back.
    expect(sent?.statusCallback).toBe('https://herald.example/webhooks/sms?deliveryId=41');
    const request = peer.http.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${LOGIN.sid}/Messages.json`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('leaves StatusCallback out when no webhook is given', async () => {
    await messenger().send(message(), signal());
    expect(peer.messages.at(-1)?.statusCallback).toBeUndefined();
  });

  it('maps a refused auth token to a permanent error that names the credential', async () => {
    const error = await refusal(messenger({ authToken: 'wrong-token-0000' }).send(message(), signal()));
    expect(error.permanent).toBe(true);
    expect(error.code).toBe('401 20003');
    expect(error.message).toMatch(/auth token/);
    expect(error.message).not.toContain('wrong-token-0000');
  });

  it('maps an invalid number (21211) to a permanent error with the provider words', async () => {
    const error = await refusal(messenger().send(message({ to: '555-0100' }), signal()));
    expect(error).toMatchObject({ permanent: true, code: '400 21211' });
    expect(error.message).toMatch(/Invalid 'To' Phone Number/);
  });

  it('maps 429 and 5xx to transient errors, then sends when the provider recovers', async () => {
    peer.http.failNext(twilioError(429, 20429, 'Too Many Requests'), {
      status: 503,
      text: 'Service Unavailable',
    });
    const throttled = await refusal(messenger().send(message(), signal()));
    expect(throttled).toMatchObject({ permanent: false, code: '429 20429' });
    const down = await refusal(messenger().send(message(), signal()));
    expect(down).toMatchObject({ permanent: false, code: '503' });
    const receipt = await messenger().send(message(), signal());
    expect(receipt.providerMessageId).toMatch(/^SM/);
  });

  it('maps an unreachable provider to a transient error', async () => {
    const unreachable = smsMessenger({
      baseUrl: 'http://127.0.0.1:9',
      sid: LOGIN.sid,
      authToken: LOGIN.authToken,
    });
    const error = await refusal(unreachable.send(message(), signal()));
    expect(error.permanent).toBe(false);
  });
});
