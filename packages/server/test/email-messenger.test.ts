import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailMessenger } from '../src/delivery/transports/email-messenger.ts';
import { deliveryHeaders } from '../src/delivery/transports/email-headers.ts';
import { emailRelayFor } from '../src/delivery/transports/email-relay.ts';
import { SendError, type EmailMessage } from '../src/delivery/messenger.ts';
import { createCredential } from '../src/credentials/credential-store.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

/**
 * The e-mail transport of the delivery engine (PROTOCOL §9) against a real SMTP server on
 * loopback: a pooled nodemailer transport, DKIM-signed (verified with mailauth against the published key),
 * with the return path as envelope sender and the List-Unsubscribe, one-click and X-Herald-Delivery headers.
 */
describe('the e-mail messenger', () => {
  let peer: SmtpPeer;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const published = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const signal = new AbortController().signal;

  const message = (to: string): EmailMessage => ({
    deliveryId: '4711',
    organizationId: 1,
    activityId: 2,
    subscriberId: 3,
    to,
    from: { name: 'Harbour Pizza', address: 'news@harbour.example' },
    returnPath: 'bounce+4711@bounce.harbour.example',
    subject: 'Pizza Friday',
    html: '<p>Two for one, tonight.</p>',
    text: 'Two for one, tonight.',
    headers: deliveryHeaders('4711', {
      url: 'https://herald.example/t/u/token',
      mailto: 'unsubscribe+token@bounce.harbour.example',
    }),
    dkim: {
      domainName: 'harbour.example',
      keySelector: 'herald1',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
  });

  beforeAll(async () => {
    peer = await SmtpPeer.start();
  });
  afterAll(() => peer.stop());

  it('sends a signed message with its return path and headers', async () => {
    const messenger = new EmailMessenger({ kind: 'url', url: peer.url });
    const receipt = await messenger.send(message('ann@example.test'), signal);
    await messenger.close();
    expect(receipt.providerMessageId).toMatch(/^<.+>$/);
    const received = await peer.waitForMessageTo('ann@example.test');
    expect(received.from).toBe('bounce+4711@bounce.harbour.example');
    expect(received.raw).toContain('List-Unsubscribe: <https://herald.example/t/u/token>,');
    expect(received.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(received.raw).toContain('X-Herald-Delivery: 4711');
    const verified = await dkimVerify(Buffer.from(received.raw), {
      resolver: async (name: string, type: string) => {
        if (type !== 'TXT' || name !== 'herald1._domainkey.harbour.example')
          throw new Error(`no ${type} ${name}`);
        return [[`v=DKIM1; k=rsa; p=${published}`]];
      },
    });
    expect(verified.results.map((result) => [result.signingDomain, result.status.result])).toEqual([
      ['harbour.example', 'pass'],
    ]);
  });

  it('answers a 5xx refusal as permanent and an unreachable relay as worth another try', async () => {
    const messenger = new EmailMessenger({ kind: 'url', url: peer.url });
    peer.refuseWith = 'Mailbox unavailable';
    const refused = await messenger
      .send(message('gone@example.test'), signal)
      .catch((error: unknown) => error);
    peer.refuseWith = undefined;
    await messenger.close();
    expect(refused).toBeInstanceOf(SendError);
    expect(refused).toMatchObject({ permanent: true, code: '550' });

    const down = new EmailMessenger({
      kind: 'credential',
      host: '127.0.0.1',
      port: 1,
      user: '',
      password: '',
    });
    const failed = await down.send(message('ann@example.test'), signal).catch((error: unknown) => error);
    await down.close();
    expect(failed).toBeInstanceOf(SendError);
    expect(failed).toMatchObject({ permanent: false });
  });
});

describe('the organization’s mail relay', () => {
  let herald: TestHerald;
  beforeAll(async () => {
    herald = await startTestHerald();
  });
  afterAll(() => herald.stop());

  it('is the server’s HERALD_SMTP_URL without an SMTP credential, and none at all refuses in the catalogue’s words', async () => {
    const organizationId = await createOrganization(herald, 'Relay Ramen');
    expect(
      await emailRelayFor(herald.database.db, { smtpUrl: 'smtp://relay.example:25' }, organizationId),
    ).toEqual({
      kind: 'url',
      url: 'smtp://relay.example:25',
    });
    await expect(
      emailRelayFor(herald.database.db, { smtpUrl: undefined }, organizationId),
    ).rejects.toMatchObject({
      type: 'EmailRelayMissingError',
    });
  });

  it('is the SMTP credential chosen for e-mail, opened from the vault, before the server’s relay', async () => {
    const db = herald.database.db;
    const organizationId = await createOrganization(herald, 'Credential Curry');
    const credentialId = await createCredential(db, organizationId, {
      type: 'smtp',
      alias: 'Our relay',
      values: { host: 'smtp.curry.example', port: '2525', accountName: 'curry', password: 'hot-and-sour' },
    });
    await db
      .updateTable('organization')
      .set({ settings: JSON.stringify({ channelCredentials: { email: credentialId } }) })
      .where('id', '=', organizationId)
      .execute();
    expect(await emailRelayFor(db, { smtpUrl: 'smtp://relay.example:25' }, organizationId)).toEqual({
      kind: 'credential',
      host: 'smtp.curry.example',
      port: 2525,
      user: 'curry',
      password: 'hot-and-sour',
    });
  });
});
