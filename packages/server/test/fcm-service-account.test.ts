import { generateKeyPairSync } from 'node:crypto';
import type { Credential, CredentialTestResult } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../src/delivery/messenger.ts';
import { messengerFor } from '../src/delivery/transports/index.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { integrationsAdmin } from './support/factories.ts';
import { FcmPeer, fcmError, oauthError, type ServiceAccountKeyFile } from './support/fcm-peer.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { outgoing, refusal, sendSignal } from './support/transports.ts';

const PROJECT = { projectId: 'herald-fcm-project', accessToken: 'a-ready-made-token-never-used' };

/**
 * FCM access tokens minted from a service account's key: the key is checked and sealed on save, a
 * token is minted against the peer's token endpoint (which verifies the signed assertion with the account's
 * public key) and cached per credential, minted again near its expiry or after FCM refuses it once, and a
 * refusal of the key fails the sends for good.
 */
describe('push through FCM with a service account key', () => {
  let herald: TestHerald;
  let fcm: FcmPeer;
  let organizationId: number;
  let session: ChannelClient;
  let sessionId: string;
  const call = <T>(command: string, params: Record<string, unknown>) =>
    session.call<T>(command, { sessionId, organizationId, ...params });
  const request = (command: string, params: Record<string, unknown>) =>
    session.request(command, { sessionId, organizationId, ...params });

  /** A push credential holding the key (no project id: the key's is taken), chosen for the channel. */
  const keyCredential = async (key: ServiceAccountKeyFile, alias = 'FCM') => {
    const credential = await call<Credential>('createCredential', {
      type: 'push',
      alias,
      values: { serviceAccountKey: JSON.stringify(key, null, 2), baseUrl: fcm.url },
    });
    await call('updateChannelCredentials', { channelCredentials: { pushnotification: credential.id } });
    return credential;
  };
  const pushMessenger = () => messengerFor(herald.services.db, organizationId, 'pushnotification');
  const toDevice = (deliveryId: string): PushMessage => ({
    ...outgoing(deliveryId),
    to: { kind: 'fcm', token: `device-${deliveryId}` },
    title: 'Spring sale',
    body: '20% off today',
  });
  const tokenRequestsOf = (key: ServiceAccountKeyFile) =>
    fcm.tokenRequests.filter((entry) => entry.clientEmail === key.client_email);

  beforeAll(async () => {
    [herald, fcm] = await Promise.all([startTestHerald(), FcmPeer.start(PROJECT)]);
    ({ organizationId, session, sessionId } = await integrationsAdmin(herald));
  });
  afterAll(async () => {
    session.close();
    await Promise.all([herald.stop(), fcm.stop()]);
  });

  it('mints a token from the key, sends with it, and reuses it until it nears its expiry', async () => {
    const key = fcm.serviceAccount('sender-one');
    const credential = await keyCredential(key);
    // The project id comes from the key; the key itself is sealed and shown by the end of its key id only.
    expect(credential.fields).toMatchObject({ accountName: PROJECT.projectId });
    expect(credential.secretHints).toEqual({ serviceAccountKey: `••••${key.private_key_id.slice(-4)}` });
    expect(JSON.stringify(credential)).not.toContain('PRIVATE KEY');

    const messenger = await pushMessenger();
    // Sends that start together wait for one mint rather than mint their own.
    const receipts = await Promise.all(
      ['601', '602', '603'].map((id) => messenger.send(toDevice(id), sendSignal())),
    );
    expect(
      receipts.every((receipt) => receipt.providerMessageId?.startsWith(`projects/${PROJECT.projectId}/`)),
    ).toBe(true);
    const minted = tokenRequestsOf(key);
    expect(minted).toHaveLength(1);
    expect(minted[0]?.issued).toMatch(/^ya29\./);
    const sends = fcm.http.requests.filter((entry) => entry.path.endsWith('/messages:send')).slice(-3);
    expect(sends.map((entry) => entry.headers.authorization)).toEqual(
      Array.from({ length: 3 }, () => `Bearer ${minted[0]?.issued}`),
    );
    expect(sends[0]?.path).toBe(`/v1/projects/${PROJECT.projectId}/messages:send`);

    // A later batch builds its Messenger anew: the process's cached token is still good.
    await (await pushMessenger()).send(toDevice('604'), sendSignal());
    expect(tokenRequestsOf(key)).toHaveLength(1);

    expect(
      fcm.sent
        .map((sent) => String(sent.message.token))
        .slice(-4)
        .sort(),
    ).toEqual(['601', '602', '603', '604'].map((id) => `device-${id}`));

    // Tokens that live no longer than the minute's margin are minted again for each send.
    const shortLived = fcm.serviceAccount('sender-short-lived');
    await keyCredential(shortLived);
    fcm.tokenLifetimeSeconds = 60;
    try {
      await (await pushMessenger()).send(toDevice('605'), sendSignal());
      await (await pushMessenger()).send(toDevice('606'), sendSignal());
    } finally {
      fcm.tokenLifetimeSeconds = 3599;
    }
    const reminted = tokenRequestsOf(shortLived);
    expect(reminted.map((entry) => entry.error)).toEqual([undefined, undefined]);
    expect(reminted[0]?.issued).not.toBe(reminted[1]?.issued);
  });

  it('mints again and sends the message once more when FCM refuses the cached token, once', async () => {
    const key = fcm.serviceAccount('sender-two');
    await keyCredential(key);
    const messenger = await pushMessenger();
    await messenger.send(toDevice('611'), sendSignal());
    expect(tokenRequestsOf(key)).toHaveLength(1);

    fcm.revokeIssuedTokens();
    const before = fcm.sent.length;
    await messenger.send(toDevice('612'), sendSignal());
    expect(fcm.sent.slice(before).map((sent) => sent.message.token)).toEqual(['device-612']);
    expect(tokenRequestsOf(key)).toHaveLength(2);

    // Refused again with the fresh token: no third mint, no third try; the credential's failure, for good.
    fcm.http.failNext(
      fcmError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials.',
        'THIRD_PARTY_AUTH_ERROR',
      ),
      fcmError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials.',
        'THIRD_PARTY_AUTH_ERROR',
      ),
    );
    const error = await refusal(messenger.send(toDevice('613'), sendSignal()));
    expect(error).toMatchObject({ permanent: true, code: '401 THIRD_PARTY_AUTH_ERROR' });
    expect(tokenRequestsOf(key)).toHaveLength(3);
  });

  it("fails the sends for good when the token endpoint refuses the key, and for later when it can't be reached", async () => {
    const key = fcm.serviceAccount('sender-three');
    await keyCredential(key);
    fcm.disableServiceAccount(key.client_email);
    const refused = await refusal((await pushMessenger()).send(toDevice('621'), sendSignal()));
    expect(refused).toMatchObject({ permanent: true, code: '400 invalid_grant' });
    expect(refused.message).toMatch(/refused the push credential's service account key: invalid_grant/);
    expect(refused.message).not.toContain(key.private_key_id);

    // Google's own trouble passes.
    const busy = fcm.serviceAccount('sender-four');
    await keyCredential(busy);
    fcm.failNextToken(oauthError(503, 'temporarily_unavailable', 'Try again later'));
    expect(await refusal((await pushMessenger()).send(toDevice('622'), sendSignal()))).toMatchObject({
      permanent: false,
      code: '503 temporarily_unavailable',
    });
    await (await pushMessenger()).send(toDevice('623'), sendSignal());

    // A token endpoint that does not answer is no verdict on the key.
    const unreachable = { ...fcm.serviceAccount('sender-five'), token_uri: 'http://127.0.0.1:9/token' };
    await keyCredential(unreachable);
    expect(await refusal((await pushMessenger()).send(toDevice('624'), sendSignal()))).toMatchObject({
      permanent: false,
    });
    expect(
      fcm.sent.some((sent) =>
        ['device-621', 'device-622', 'device-624'].includes(String(sent.message.token)),
      ),
    ).toBe(false);
  });

  it('refuses a key that cannot mint on save, saying why without repeating it', async () => {
    const good = fcm.serviceAccount('sender-six');
    const { privateKey: pkcs1 } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const cases: Array<[string, string, RegExp]> = [
      ['values.serviceAccountKey', 'not json at all, hunter2', /not JSON/],
      [
        'values.serviceAccountKey',
        JSON.stringify({ ...good, type: 'authorized_user' }),
        /Not a service account key/,
      ],
      ['values.serviceAccountKey', JSON.stringify({ ...good, client_email: '' }), /lacks client_email/],
      [
        'values.serviceAccountKey',
        JSON.stringify({
          ...good,
          private_key: '-----BEGIN PRIVATE KEY-----\nhunter2\n-----END PRIVATE KEY-----\n',
        }),
        /private_key .* cannot be read/,
      ],
      [
        'values.serviceAccountKey',
        JSON.stringify({ ...good, token_uri: 'http://oauth.example/token' }),
        /token_uri/,
      ],
    ];
    for (const [path, serviceAccountKey, message] of cases) {
      const reply = await request('createCredential', {
        type: 'push',
        alias: 'Bad key',
        values: { serviceAccountKey, baseUrl: fcm.url },
      });
      expect(reply.error?.type, serviceAccountKey.slice(0, 40)).toBe('ValidationError');
      expect(reply.error?.details).toEqual([{ path, message: expect.stringMatching(message) }]);
      expect(JSON.stringify(reply.error)).not.toContain('hunter2');
    }
    // One or the other: neither, or both, is refused.
    const neither = await request('createCredential', {
      type: 'push',
      alias: 'Nothing',
      values: { accountName: 'p', baseUrl: fcm.url },
    });
    expect(neither.error?.details).toEqual([
      { path: 'values.serviceAccountKey', message: expect.any(String) },
    ]);
    const both = await request('createCredential', {
      type: 'push',
      alias: 'Both',
      values: { serviceAccountKey: JSON.stringify(good), apiToken: 'ya29.token', baseUrl: fcm.url },
    });
    expect(both.error?.details).toContainEqual({
      path: 'values.apiToken',
      message: 'Give one of serviceAccountKey or apiToken, not both',
    });

    // A PKCS #1 key reads as well as Google's PKCS #8.
    const older = await request('createCredential', {
      type: 'push',
      alias: 'PKCS1',
      values: {
        serviceAccountKey: JSON.stringify({
          ...good,
          private_key: pkcs1.export({ type: 'pkcs1', format: 'pem' }).toString(),
        }),
        baseUrl: fcm.url,
      },
    });
    expect(older.error).toBeUndefined();

    // A credential moving from a ready token to a key drops the token; a bad key is refused on update too.
    const tokenOnly = await call<Credential>('createCredential', {
      type: 'push',
      alias: 'Token',
      values: { accountName: PROJECT.projectId, apiToken: PROJECT.accessToken, baseUrl: fcm.url },
    });
    const badUpdate = await request('updateCredential', {
      id: tokenOnly.id,
      values: { serviceAccountKey: '{"type": "service_account"}' },
    });
    expect(badUpdate.error?.details).toEqual([
      { path: 'values.serviceAccountKey', message: expect.stringMatching(/lacks project_id/) },
    ]);
    const moved = await call<Credential>('updateCredential', {
      id: tokenOnly.id,
      values: { serviceAccountKey: JSON.stringify(good) },
    });
    expect(Object.keys(moved.secretHints)).toEqual(['serviceAccountKey']);
    // With the key held, the project id may be left blank: the key's is taken.
    const blanked = await call<Credential>('updateCredential', {
      id: tokenOnly.id,
      values: { accountName: '' },
    });
    expect(blanked.fields.accountName).toBe(PROJECT.projectId);
  });

  it('tests the connection by minting a token and asking FCM to validate a message with it', async () => {
    const key = fcm.serviceAccount('sender-seven');
    const credential = await keyCredential(key, 'Tested');
    const tested = await call<CredentialTestResult>('testCredential', { id: credential.id });
    expect(tested).toEqual({ ok: true, message: null });
    const minted = tokenRequestsOf(key);
    expect(minted).toHaveLength(1);
    const validation = fcm.http.requests.at(-1);
    expect(validation?.headers.authorization).toBe(`Bearer ${minted[0]?.issued}`);
    expect(JSON.parse(validation?.text ?? '{}')).toMatchObject({ validate_only: true });

    fcm.disableServiceAccount(key.client_email);
    const refused = await call<CredentialTestResult>('testCredential', { id: credential.id });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/invalid_grant/);
  });
});
