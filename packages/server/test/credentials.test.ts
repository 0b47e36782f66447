import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { CREDENTIAL_LIMIT, type Credential } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, enableIntegrations, integrationsAdmin } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

const SMTP_PASSWORD = 'smtp-password-never-shown-7Q2x';
const PUBLIC_KEY_PEM = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

describe('the credentials vault', () => {
  let herald: TestHerald;
  let organizationId: number;
  let session: ChannelClient;
  let sessionId: string;
  let adminId: number;
  /** Another organization the same administrator runs, with the integrations feature on. */
  const anotherOrganization = async () => {
    const id = await createOrganization(herald);
    await enableIntegrations(herald, id);
    await herald.database.db
      .insertInto('organization_access')
      .values({ user_id: adminId, organization_id: id, roles: ['System.Admin'], partitionsets: [] })
      .execute();
    return id;
  };
  const call = <T>(command: string, params: Record<string, unknown> = {}) =>
    session.call<T>(command, { sessionId, organizationId, ...params });
  const request = (command: string, params: Record<string, unknown> = {}) =>
    session.request(command, { sessionId, organizationId, ...params });
  const createSmtp = (alias = 'Relay', password = SMTP_PASSWORD) =>
    call<Credential>('createCredential', {
      type: 'smtp',
      alias,
      values: { host: 'smtp.example.test', port: '587', accountName: 'herald', password },
    });

  beforeAll(async () => {
    herald = await startTestHerald();
    ({ organizationId, adminId, session, sessionId } = await integrationsAdmin(herald));
  });
  afterAll(async () => {
    session.close();
    await herald.stop();
  });

  it('refuses a missing or unknown type with the spec’s sentence', async () => {
    for (const type of [undefined, '', 'carrierPigeon']) {
      const reply = await request('createCredential', { type, alias: 'No type', values: {} });
      expect(reply.error).toMatchObject({
        type: 'InvalidCredentialTypeError',
        message: 'Please select a valid credential type.',
      });
    }
  });

  it.each([
    ['smtp', { host: 'smtp.example.test', port: '0', accountName: 'a', password: 'p' }, 'values.port'],
    ['smtp', { host: 'smtp.example.test', port: '65536', accountName: 'a', password: 'p' }, 'values.port'],
    ['smtp', { host: 'not a host', port: '25', accountName: 'a', password: 'p' }, 'values.host'],
    ['smtp', { host: 'smtp.example.test', port: '25', accountName: 'a' }, 'values.password'],
    ['twilio', { sid: 'AC1', authToken: 't', baseUrl: 'http://gateway.example.test' }, 'values.baseUrl'],
    ['whatsapp', { accountName: '1', apiToken: 't', baseUrl: 'https://u:p@graph.test' }, 'values.baseUrl'],
    ['apiKeyPair', { apiPublicKey: 'not a key', apiSecretKey: 's' }, 'values.apiPublicKey'],
    [
      'apiKeyPair',
      { apiPublicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', apiSecretKey: 's' },
      'values.apiPublicKey',
    ],
    ['gpg', { gpgPublicKey: 'not a key' }, 'values.gpgPublicKey'],
    ['azure', { azureKeyType: 'masterKey', azureSecret: 's' }, 'values.azureKeyType'],
    ['aws', { awsKeyId: 'AKIA', awsSecret: 's', password: 'extra' }, 'values.password'],
  ])('checks %s values per type (%j)', async (type, values, path) => {
    const reply = await request('createCredential', { type, alias: 'Checked', values });
    expect(reply.error?.type).toBe('ValidationError');
    expect(reply.error?.details?.map((detail) => detail.path)).toContain(path);
    // The message names the field, never what was typed.
    for (const value of Object.values(values)) {
      if (value.length > 3) expect(JSON.stringify(reply.error)).not.toContain(value);
    }
  });

  it('saves every type with valid values', async () => {
    const valid: Record<string, Record<string, string>> = {
      smtp: { host: '127.0.0.1', port: '2525', accountName: 'a', password: 'p' },
      sftp: { host: 'files.example.test', port: '22', accountName: 'a', password: 'p' },
      twilio: { sid: 'AC123', authToken: 'token', baseUrl: 'https://api.twilio.com' },
      whatsapp: { accountName: '1234', apiToken: 'token', baseUrl: 'http://127.0.0.1:9/v21.0' },
      line: { lineSecret: 'secret', apiToken: 'token', baseUrl: 'https://api.line.me' },
      push: { accountName: 'project', apiToken: 'token', baseUrl: 'https://fcm.googleapis.com' },
      zipPassword: { zipPassword: 'zip' },
      apiKeyPair: { apiPublicKey: PUBLIC_KEY_PEM, apiSecretKey: 'secret-key' },
      apiToken: { apiToken: 'token' },
      aws: { awsKeyId: 'AKIAEXAMPLE', awsSecret: 'aws-secret' },
      azure: { azureKeyType: 'storageAccountKey', azureSecret: 'azure-secret' },
      gpg: {
        gpgPublicKey: '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBF\n-----END PGP PUBLIC KEY BLOCK-----',
      },
    };
    const organization = await anotherOrganization();
    for (const [type, values] of Object.entries(valid)) {
      const reply = await session.request('createCredential', {
        sessionId,
        organizationId: organization,
        type,
        alias: type,
        values,
      });
      expect(reply.error, type).toBeUndefined();
    }
  });

  it('answers secrets as masks only, and keeps them sealed', async () => {
    const created = await createSmtp();
    expect(created).toMatchObject({
      type: 'smtp',
      alias: 'Relay',
      fields: { host: 'smtp.example.test', port: '587', accountName: 'herald' },
      secretHints: { password: '••••7Q2x' },
      usedBy: [],
      lastAccessedAt: null,
    });
    const listed = await call<{ credentials: Credential[]; limit: number }>('listCredentials');
    expect(listed.limit).toBe(CREDENTIAL_LIMIT);
    const fetched = await call<Credential>('getCredential', { id: created.id });
    for (const answer of [created, listed, fetched])
      expect(JSON.stringify(answer)).not.toContain(SMTP_PASSWORD);
    const stored = await herald.database.db
      .selectFrom('credential')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.secrets).toMatch(/^sealed:v2:[0-9a-f]{8}:/);
    expect(JSON.stringify(stored)).not.toContain(SMTP_PASSWORD);
  });

  it('keeps a secret left blank, replaces a typed one, and never changes the type', async () => {
    const created = await createSmtp('Update me');
    const renamed = await call<Credential>('updateCredential', {
      id: created.id,
      alias: 'Renamed relay',
      values: { port: '465', password: '' },
    });
    expect(renamed).toMatchObject({
      alias: 'Renamed relay',
      fields: { host: 'smtp.example.test', port: '465' },
      secretHints: { password: '••••7Q2x' },
    });
    expect(Date.parse(renamed.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(created.modifiedAt));
    const replaced = await call<Credential>('updateCredential', {
      id: created.id,
      values: { password: 'another-password-9999' },
    });
    expect(replaced.secretHints.password).toBe('••••9999');
    const wrongField = await request('updateCredential', { id: created.id, values: { apiToken: 'x' } });
    expect(wrongField.error?.type).toBe('ValidationError');
  });

  it('tests only a saved credential, and only a type that can be tested', async () => {
    const unsaved = await request('testCredential', {});
    expect(unsaved.error?.type).toBe('CredentialNotSavedError');
    const token = await call<Credential>('createCredential', {
      type: 'apiToken',
      alias: 'Token',
      values: { apiToken: 'a-token-of-some-length' },
    });
    const untestable = await request('testCredential', { id: token.id });
    expect(untestable.error?.type).toBe('CredentialNotTestableError');
    const missing = await request('testCredential', { id: 2_000_000_000 });
    expect(missing.error?.type).toBe('NotFoundError');
  });

  it('records when a secret was last opened for use', async () => {
    const created = await createSmtp('Accessed', 'wrong-password-for-nowhere');
    // Nothing listens on port 9 of loopback: the test fails, but the secret was opened to try.
    await call('updateCredential', { id: created.id, values: { host: '127.0.0.1', port: '9' } });
    const result = await call<{ ok: boolean; message: string | null }>('testCredential', { id: created.id });
    expect(result.ok).toBe(false);
    expect(result.message).not.toContain('wrong-password-for-nowhere');
    const after = await call<Credential>('getCredential', { id: created.id });
    expect(after.lastAccessedAt).not.toBeNull();
  });

  it('maps channels to providers, shows their use, and refuses deleting one in use', async () => {
    const relay = await createSmtp('Channel relay');
    const token = await call<Credential>('createCredential', {
      type: 'apiToken',
      alias: 'Not a provider',
      values: { apiToken: 'a-token-of-some-length' },
    });
    const wrongType = await request('updateChannelCredentials', { channelCredentials: { email: token.id } });
    expect(wrongType.error?.type).toBe('ValidationError');
    const otherOrganization = await createOrganization(herald);
    const foreign = await herald.database.db
      .insertInto('credential')
      .values({ organization_id: otherOrganization, type: 'smtp', alias: 'Foreign', secrets: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notOurs = await request('updateChannelCredentials', { channelCredentials: { email: foreign.id } });
    expect(notOurs.error?.type).toBe('ValidationError');
    const unknownChannel = await request('updateChannelCredentials', {
      channelCredentials: { fax: relay.id },
    });
    expect(unknownChannel.error?.type).toBe('ValidationError');

    const mapped = await call<{ channelCredentials: Record<string, number> }>('updateChannelCredentials', {
      channelCredentials: { email: relay.id },
    });
    expect(mapped.channelCredentials).toEqual({ email: relay.id });
    // A sending domain that names the credential (docs/guide-administration.md § Sending and tracking domains).
    await herald.database.db
      .updateTable('organization')
      .set({
        domains_config: JSON.stringify({
          sendingDomains: [{ domain: 'mail.example.test', credentialId: relay.id }],
        }),
      })
      .where('id', '=', organizationId)
      .execute();
    const used = await call<Credential>('getCredential', { id: relay.id });
    expect(used.usedBy).toEqual([
      { kind: 'channel', name: 'email' },
      { kind: 'domain', name: 'mail.example.test' },
    ]);
    const refused = await request('deleteCredential', { id: relay.id });
    expect(refused.error?.type).toBe('CredentialInUseError');

    // A general settings update keeps the mapping it does not name, and checks one it does.
    await call('updateOrganizationSettings', { settings: { currency: 'AUD', advanced: integrations } });
    const listed = await call<{ channelCredentials: Record<string, number> }>('listCredentials');
    expect(listed.channelCredentials).toEqual({ email: relay.id });
    const badSettings = await request('updateOrganizationSettings', {
      settings: { advanced: integrations, channelCredentials: { email: token.id } },
    });
    expect(badSettings.error?.type).toBe('ValidationError');

    await call('updateChannelCredentials', { channelCredentials: { email: null } });
    await herald.database.db
      .updateTable('organization')
      .set({ domains_config: '{}' })
      .where('id', '=', organizationId)
      .execute();
    expect(await call('deleteCredential', { id: relay.id })).toEqual({ deleted: true });
    expect((await request('getCredential', { id: relay.id })).error?.type).toBe('NotFoundError');
  });

  it(`keeps at most ${CREDENTIAL_LIMIT} credentials per organization`, async () => {
    const organization = await anotherOrganization();
    await herald.database.db
      .insertInto('credential')
      .values(
        Array.from({ length: CREDENTIAL_LIMIT - 1 }, (_, index) => ({
          organization_id: organization,
          type: 'apiToken',
          alias: `Filler ${index}`,
          secrets: 'x',
        })),
      )
      .execute();
    const create = () =>
      session.request('createCredential', {
        sessionId,
        organizationId: organization,
        type: 'apiToken',
        alias: 'One more',
        values: { apiToken: 'a-token-of-some-length' },
      });
    expect((await create()).error).toBeUndefined();
    expect((await create()).error?.type).toBe('CredentialLimitError');
  });

  it('never puts a secret in a log line, the audit log or an error', async () => {
    const secret = 'log-probe-secret-Zk81';
    const logged: unknown[][] = [];
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
      vi.spyOn(herald.services.log, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
    }
    try {
      const created = await createSmtp('Log probe', secret);
      await call('updateCredential', {
        id: created.id,
        values: { password: `${secret}-2`, host: '127.0.0.1' },
      });
      const refused = await request('updateCredential', {
        id: created.id,
        values: { port: 'x', password: secret },
      });
      expect(refused.error?.type).toBe('ValidationError');
      expect(JSON.stringify(refused)).not.toContain(secret);
      await call('updateCredential', { id: created.id, values: { port: '9' } });
      await call('testCredential', { id: created.id });
      const audit = await call<unknown>('getAuditLog', { limit: 50 });
      expect(JSON.stringify(audit)).toContain('credential.created');
      expect(JSON.stringify(audit)).not.toContain(secret);
    } finally {
      vi.restoreAllMocks();
    }
    expect(inspect(logged, { depth: 8 })).not.toContain(secret);
  });
});

const integrations = { enableBetaFeatures: true, featureKeys: 'integrations' };
