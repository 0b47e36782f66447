import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { enableTwoFactor } from './support/two-factor.ts';

describe('secrets Herald must read back are sealed in the database', () => {
  let herald: TestHerald;
  beforeAll(async () => {
    herald = await startTestHerald();
  });
  afterAll(() => herald.stop());

  it('keeps a TOTP secret sealed, and sign-in with its codes still works', async () => {
    const user = await createUser(herald);
    const { secret } = await enableTwoFactor(herald, user);
    const stored = await herald.database.db
      .selectFrom('user_two_factor')
      .select('secret')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^sealed:v2:/);
    expect(stored.secret).not.toContain(secret);
  });

  it("keeps an identity provider's client secret sealed and never answers it", async () => {
    const organizationId = await createOrganization(herald);
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { session, sessionId } = await signedIn(herald, admin);
    const clientSecret = 'a-client-secret-nobody-should-read-back';
    const issuer = await session.call<Record<string, unknown>>('addOrganizationIssuer', {
      sessionId,
      organizationId,
      issuerType: 'oidc',
      issuerUri: 'https://idp.invalid',
      issuerClientId: 'herald',
      issuerCredential: clientSecret,
      description: 'Sealed secret issuer',
    });
    expect(JSON.stringify(issuer)).not.toContain(clientSecret);
    expect(issuer.issuerCredentialHint).toBe('••••back');
    const stored = await herald.database.db
      .selectFrom('sso_issuer')
      .select('client_secret')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret).toMatch(/^sealed:v2:/);
    expect(stored.client_secret).not.toContain(clientSecret);
    session.close();
  });
});
