import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Credential } from '@herald/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { currentVaultKeyId, openSecret, sealSecret } from '../src/vault/secret-box.ts';
import { createOrganization, createUser, enableIntegrations, signedIn } from './support/factories.ts';
import { ChannelClient } from './support/channel-client.ts';
import { createFreshDatabase } from './support/fresh-database.ts';
import { codeForUser } from './support/two-factor.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

const KEY_A = 'vault-key-A-vault-key-A-vault-key-A';
const KEY_B = 'vault-key-B-vault-key-B-vault-key-B';
const CREDENTIAL_SECRET = 'credential-secret-rotated-4455';
const DKIM_KEY = '-----BEGIN PRIVATE KEY-----\nrotated-dkim\n-----END PRIVATE KEY-----';

/** A value as the first vault format sealed it: no key id. */
function sealedV1(plain: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `sealed:v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/**
 * Rotation of HERALD_VAULT_KEY (docs/operations.md § Rotating the vault key): values sealed under key A, the server restarted with key B
 * and A as a previous key opens them all and seals them again under B; restarted with B alone, everything still
 * opens. On one database that survives the restarts (a PGlite directory, or a PostgreSQL database of its own).
 */
describe('rotating the vault key', () => {
  let pgliteDir: string | undefined;
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;
  let herald: TestHerald | undefined;
  afterAll(async () => {
    await herald?.stop();
    await fresh?.drop();
    if (pgliteDir) await rm(pgliteDir, { recursive: true, force: true });
  });

  const start = async (vaultKey: string, vaultPreviousKeys: string[]) => {
    herald = await startTestHerald(
      fresh
        ? { databaseUrl: fresh.url, vaultKey, vaultPreviousKeys }
        : { pgliteDataDir: pgliteDir, vaultKey, vaultPreviousKeys },
    );
    return herald;
  };

  /** Every sealed value the test placed, as stored now. */
  const storedValues = async (server: TestHerald, organizationId: number, userId: number) => {
    const db = server.database.db;
    const credential = await db
      .selectFrom('credential')
      .select('secrets')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const totp = await db
      .selectFrom('user_two_factor')
      .select('secret')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const issuer = await db
      .selectFrom('sso_issuer')
      .select('client_secret')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const organization = await db
      .selectFrom('organization')
      .select('domains_config')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const dkim = (organization.domains_config as { sendingDomains: Array<{ dkim: { privateKey: string } }> })
      .sendingDomains[0]?.dkim.privateKey;
    return {
      credential: credential.secrets,
      totp: totp.secret,
      issuer: issuer.client_secret,
      dkim: dkim ?? '',
    };
  };

  // Signing in again with two-factor may wait for the next TOTP period.
  it('reseals everything under the new key, and opens it without the old one afterwards', async () => {
    if (process.env.DATABASE_URL) fresh = await createFreshDatabase(process.env.DATABASE_URL);
    else pgliteDir = await mkdtemp(path.join(tmpdir(), 'herald-vault-rotation-'));

    // Under key A: a credential through its command, a TOTP secret, an issuer's secret in the first format, and
    // a DKIM key sealed into the domains configuration.
    const first = await start(KEY_A, []);
    const organizationId = await createOrganization(first);
    await enableIntegrations(first, organizationId);
    const admin = await createUser(first, [{ organizationId, roles: ['System.Admin'] }], {
      otpEnabled: true,
    });
    const { session, sessionId } = await signedIn(first, admin);
    const credential = await session.call<Credential>('createCredential', {
      sessionId,
      organizationId,
      type: 'apiToken',
      alias: 'Rotated',
      values: { apiToken: CREDENTIAL_SECRET },
    });
    session.close();
    await first.database.db
      .insertInto('sso_issuer')
      .values({
        organization_id: organizationId,
        issuer_type: 'oidc',
        issuer_uri: 'https://idp.invalid',
        client_id: 'herald',
        client_secret: sealedV1('issuer-secret-from-v1', KEY_A),
        manage_roles: false,
        description: 'Rotated issuer',
        exclusive: false,
        exclusive_domains: [],
        grant_consent: false,
        disabled: false,
      })
      .execute();
    await first.database.db
      .updateTable('organization')
      .set({
        domains_config: JSON.stringify({
          sendingDomains: [
            { domain: 'mail.example.test', dkim: { selector: 's1', privateKey: sealSecret(DKIM_KEY) } },
          ],
        }),
      })
      .where('id', '=', organizationId)
      .execute();
    const keyA = currentVaultKeyId();
    const underA = await storedValues(first, organizationId, admin.id);
    expect(underA.credential.startsWith(`sealed:v2:${keyA}:`)).toBe(true);
    expect(underA.issuer.startsWith('sealed:v1:')).toBe(true);
    await first.stop();
    herald = undefined;

    // Key B, with A as a previous key: every value opens and is sealed again under B.
    const second = await start(KEY_B, [KEY_A]);
    const keyB = currentVaultKeyId();
    expect(keyB).not.toBe(keyA);
    const underB = await storedValues(second, organizationId, admin.id);
    for (const [place, value] of Object.entries(underB))
      expect(value.startsWith(`sealed:v2:${keyB}:`), `${place} is resealed`).toBe(true);
    expect(JSON.parse(openSecret(underB.credential))).toEqual({ apiToken: CREDENTIAL_SECRET });
    expect(openSecret(underB.issuer)).toBe('issuer-secret-from-v1');
    expect(openSecret(underB.dkim)).toBe(DKIM_KEY);
    expect(openSecret(underB.totp)).toBe(admin.otpSecret);
    await second.stop();
    herald = undefined;

    // Key B alone: nothing needs A any more, and signing in with two-factor (which opens the TOTP secret) works.
    const third = await start(KEY_B, []);
    const underBOnly = await storedValues(third, organizationId, admin.id);
    expect(underBOnly).toEqual(underB);
    expect(openSecret(underBOnly.issuer)).toBe('issuer-secret-from-v1');
    const again = await ChannelClient.open(third.wsUrl('session'));
    const { sessionId: secondSessionId } = await again.call<{ sessionId: string }>('createSession', {
      email: admin.email,
      password: admin.password,
      otpCode: await codeForUser(third, admin.id),
    });
    const opened = await again.call<Credential>('getCredential', {
      sessionId: secondSessionId,
      organizationId,
      id: credential.id,
    });
    expect(opened.secretHints).toEqual({ apiToken: '••••4455' });
    again.close();
  }, 90_000);
});
