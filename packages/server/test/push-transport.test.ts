import { webPush } from '../src/delivery/transports/web-push-client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../src/delivery/messenger.ts';
import { pushMessenger } from '../src/delivery/transports/push.ts';
import { FcmPeer, fcmError } from './support/fcm-peer.ts';
import { outgoing, refusal, sendSignal } from './support/transports.ts';
import { WebPushPeer } from './support/webpush-peer.ts';

const PROJECT = { projectId: 'herald-project', accessToken: 'fcm-access-token-1234' };
const VAPID = { ...webPush().generateVAPIDKeys(), subject: 'https://herald.example' };

const content = { title: 'Spring sale', body: '20% off today', url: 'https://shop.example/sale' };

describe('push notifications through FCM HTTP v1 and Web Push', () => {
  let fcm: FcmPeer;
  let push: WebPushPeer;
  beforeAll(async () => {
    [fcm, push] = await Promise.all([FcmPeer.start(PROJECT), WebPushPeer.start()]);
  });
  afterAll(() => Promise.all([fcm.stop(), push.stop()]));

  const messenger = (accessToken = PROJECT.accessToken) =>
    pushMessenger({ fcm: { baseUrl: fcm.url, projectId: PROJECT.projectId, accessToken }, webPush: VAPID });
  const toToken = (token: string, deliveryId = '501'): PushMessage => ({
    ...outgoing(deliveryId),
    to: { kind: 'fcm', token },
    ...content,
  });

  it('sends to an FCM token with a Bearer token and answers the message name', async () => {
    const receipt = await messenger().send(toToken('device-token-1'), sendSignal());
    const sent = fcm.sent.at(-1);
    expect(receipt.providerMessageId).toBe(sent?.name);
    expect(sent?.name).toMatch(/^projects\/herald-project\/messages\/[0-9a-f]+$/);
    expect(sent?.message).toEqual({
      token: 'device-token-1',
      notification: { title: 'Spring sale', body: '20% off today' },
      data: { heraldDelivery: '501', url: 'https://shop.example/sale' },
      webpush: { fcm_options: { link: 'https://shop.example/sale' } },
    });
    const request = fcm.http.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/projects/herald-project/messages:send' });
    expect(request?.headers.authorization).toBe(`Bearer ${PROJECT.accessToken}`);
  });

  it('maps FCM refusals: a bad token or an unregistered device for good, the quota and outages for later', async () => {
    expect(await refusal(messenger('wrong').send(toToken('device-token-1'), sendSignal()))).toMatchObject({
      permanent: true,
      code: '401 THIRD_PARTY_AUTH_ERROR',
    });
    fcm.unregister('uninstalled-token');
    expect(await refusal(messenger().send(toToken('uninstalled-token'), sendSignal()))).toMatchObject({
      permanent: true,
      code: '404 UNREGISTERED',
    });
    fcm.http.failNext(
      fcmError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', 'QUOTA_EXCEEDED'),
      fcmError(503, 'UNAVAILABLE', 'The service is unavailable', 'UNAVAILABLE'),
      fcmError(400, 'INVALID_ARGUMENT', 'Invalid registration token', 'INVALID_ARGUMENT'),
    );
    for (const [permanent, code] of [
      [false, '429 QUOTA_EXCEEDED'],
      [false, '503 UNAVAILABLE'],
      [true, '400 INVALID_ARGUMENT'],
    ] as const)
      expect(await refusal(messenger().send(toToken('device-token-1'), sendSignal()))).toMatchObject({
        permanent,
        code,
      });
  });

  it('fails an FCM send for good when the organization has no push credential', async () => {
    const webOnly = pushMessenger({ webPush: VAPID });
    const error = await refusal(webOnly.send(toToken('device-token-1'), sendSignal()));
    expect(error).toMatchObject({ permanent: true, code: 'credential' });
  });

  it('pushes an encrypted payload with a VAPID signature the push service accepts', async () => {
    const subscription = push.subscribe(VAPID.publicKey);
    const webOnly = pushMessenger({ webPush: VAPID });
    const receipt = await webOnly.send(
      { ...outgoing('777'), to: { kind: 'webpush', subscription }, ...content },
      sendSignal(),
    );
    expect(receipt.providerMessageId).toMatch(new RegExp(`^${push.url}/message/`));
    const delivered = push.delivered.at(-1);
    expect(JSON.parse(delivered?.payload ?? '{}')).toEqual({ ...content, heraldDelivery: '777' });
    expect(delivered?.ttl).toBe(86_400);
    expect(delivered?.claims).toMatchObject({ aud: push.url, sub: 'https://herald.example' });
    // Encrypted on the wire: the request body does not carry the words.
    expect(push.http.requests.at(-1)?.text).not.toContain('Spring sale');
  });

  it('maps Web Push refusals: another VAPID key and an expired subscription for good, outages for later', async () => {
    const boundElsewhere = push.subscribe(webPush().generateVAPIDKeys().publicKey);
    const send = (subscription: ReturnType<WebPushPeer['subscribe']>) =>
      pushMessenger({ webPush: VAPID }).send(
        { ...outgoing('778'), to: { kind: 'webpush', subscription }, ...content },
        sendSignal(),
      );
    expect(await refusal(send(boundElsewhere))).toMatchObject({ permanent: true, code: '403' });
    const expired = push.subscribe(VAPID.publicKey);
    push.expire(expired);
    const gone = await refusal(send(expired));
    expect(gone).toMatchObject({ permanent: true, code: '410' });
    expect(gone.message).toMatch(/expired or was unsubscribed/);
    const live = push.subscribe(VAPID.publicKey);
    push.http.failNext({ status: 503, text: 'Try later' });
    expect(await refusal(send(live))).toMatchObject({ permanent: false, code: '503' });
    expect(await refusal(send({ ...live, endpoint: 'http://push.example/x' }))).toMatchObject({
      permanent: true,
      code: 'endpoint',
    });
    expect(await refusal(send({ ...live, keys: { p256dh: 'bad', auth: 'bad' } }))).toMatchObject({
      permanent: true,
      code: 'keys',
    });
  });
});
