import { sealSecret } from '../../src/vault/secret-box.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { hashPassword } from '../../src/accounts/passwords.ts';
import { newTotpSecret } from '../../src/two-factor/totp.ts';
import { ChannelClient } from './channel-client.ts';
import type { TestHerald } from './herald.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

/** Each test makes its own organization and users, so tests never lean on one another's data. */
export async function createOrganization(
  herald: TestHerald,
  name = `Org ${randomUUID().slice(0, 8)}`,
): Promise<number> {
  const row = await herald.database.db
    .insertInto('organization')
    .values({ name, settings: '{}', domains_config: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Turns on the integrations feature (platform §6: the credential pages) in an organization's advanced settings. */
export async function enableIntegrations(
  herald: TestHerald,
  organizationId: number,
  featureKeys = 'integrations',
): Promise<void> {
  await herald.database.db
    .updateTable('organization')
    .set({
      settings: sql<string>`jsonb_set(settings, '{advanced}', ${JSON.stringify({ enableBetaFeatures: true, featureKeys })}::jsonb)`,
    })
    .where('id', '=', organizationId)
    .execute();
}

export async function createUser(
  herald: TestHerald,
  grants: Array<{ organizationId: number; roles: string[]; partitionsets?: number[] }> = [],
  options: { otpEnabled?: boolean } = {},
): Promise<{ id: number; email: string; password: string; otpSecret?: string }> {
  const email = `user-${randomUUID()}@example.test`;
  const row = await herald.database.db
    .insertInto('user_account')
    .values({
      email,
      phone: 'n/a',
      password_hash: await hashPassword(TEST_PASSWORD),
      settings: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let otpSecret: string | undefined;
  if (options.otpEnabled) {
    // Two-factor on with a known secret, for tests of rules that depend on it (two-factor's own tests enrol for real).
    otpSecret = newTotpSecret();
    await herald.database.db
      .updateTable('user_account')
      .set({ otp_enabled: true })
      .where('id', '=', row.id)
      .execute();
    await herald.database.db
      .insertInto('user_two_factor')
      .values({ user_id: row.id, secret: sealSecret(otpSecret) })
      .execute();
  }
  for (const grant of grants) {
    await herald.database.db
      .insertInto('organization_access')
      .values({
        user_id: row.id,
        organization_id: grant.organizationId,
        roles: grant.roles,
        partitionsets: grant.partitionsets ?? [],
      })
      .execute();
  }
  return { id: row.id, email, password: TEST_PASSWORD, ...(otpSecret ? { otpSecret } : {}) };
}

/** Signs a user in over a new session-channel socket and returns the socket and session id. */
export async function signedIn(
  herald: TestHerald,
  user: { email: string; password: string; otpSecret?: string },
): Promise<{ session: ChannelClient; sessionId: string }> {
  const session = await ChannelClient.open(herald.wsUrl('session'));
  const otpCode = user.otpSecret ? await generate({ secret: user.otpSecret }) : undefined;
  const { sessionId } = await session.call<{ sessionId: string }>('createSession', {
    email: user.email,
    password: user.password,
    ...(otpCode ? { otpCode } : {}),
  });
  return { session, sessionId };
}

/**
 * An organization with integrations on (the credential pages) and its administrator, two-factor enrolled (the
 * vault asks for it), signed in over a session socket: where the credential and provider tests start.
 */
export async function integrationsAdmin(
  herald: TestHerald,
  organizationName?: string,
): Promise<{ organizationId: number; adminId: number; session: ChannelClient; sessionId: string }> {
  const organizationId = await createOrganization(herald, organizationName);
  await enableIntegrations(herald, organizationId);
  const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }], { otpEnabled: true });
  const { session, sessionId } = await signedIn(herald, admin);
  return { organizationId, adminId: admin.id, session, sessionId };
}

/** An organization-channel socket authenticated for the user's session. */
export async function organizationConnection(
  herald: TestHerald,
  session: ChannelClient,
  sessionId: string,
  organizationId: number,
): Promise<ChannelClient> {
  const { token } = await session.call<{ token: string }>('getOrganizationToken', {
    sessionId,
    organizationId,
  });
  const channel = await ChannelClient.open(herald.wsUrl('uiv5'));
  await channel.call('authenticateConnection', { organizationId, jwt: token });
  return channel;
}
