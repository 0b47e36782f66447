import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSenderDomain, isCustomEnvfrom } from '../src/domains/default-sender.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

const PRODUCT_DOMAIN = 'mail.herald.test';

/**
 * The organization page's server side. Renaming (updateOrganizationName), and the default sender:
 * its address must be at a verified sending domain or at the product domain, and the functional §9 rule that
 * picks the domain mail goes from (defaultSenderDomain).
 */
describe('the organization page', () => {
  let herald: TestHerald;
  let organizationId: number;
  let admin: { session: ChannelClient; sessionId: string };

  beforeAll(async () => {
    herald = await startTestHerald({ productMailDomain: PRODUCT_DOMAIN });
    organizationId = await createOrganization(herald);
    const account = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }], {
      otpEnabled: true,
    });
    admin = await signedIn(herald, account);
  });
  afterAll(() => herald.stop());

  const db = () => herald.database.db;
  const request = (command: string, params: Record<string, unknown>) =>
    admin.session.request(command, { sessionId: admin.sessionId, organizationId, ...params });

  async function claimSending(domain: string, envfrom: string, verified: boolean) {
    await db()
      .insertInto('organization_domain')
      .values({
        organization_id: organizationId,
        kind: 'sending',
        domain,
        envfrom,
        verified_at: verified ? new Date() : null,
      })
      .execute();
  }

  describe('updateOrganizationName', () => {
    it('renames the organization, trimmed, answers it and writes the audit log', async () => {
      const reply = await request('updateOrganizationName', { name: '  Harbour Coffee  ' });
      expect(reply.error).toBeUndefined();
      expect(reply.result).toMatchObject({ organization_id: organizationId, organization: 'Harbour Coffee' });
      const row = await db()
        .selectFrom('organization')
        .select('name')
        .where('id', '=', organizationId)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Harbour Coffee');
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('organization_id', '=', organizationId)
        .where('action', '=', 'organization.renamed')
        .execute();
      expect(audit).toEqual([{ action: 'organization.renamed', details: { name: 'Harbour Coffee' } }]);
    });

    it.each([
      ['empty', '   '],
      ['too long', 'x'.repeat(201)],
    ])('refuses a name that is %s', async (_case, name) => {
      const reply = await request('updateOrganizationName', { name });
      expect(reply.error?.type).toBe('ValidationError');
      expect(reply.error?.details?.map((detail: { path: string }) => detail.path)).toContain('name');
    });
  });

  describe('the default sender', () => {
    const save = (defaultSender: Record<string, unknown>) =>
      request('updateOrganizationSettings', { settings: { defaultSender } });

    it('accepts an address at a verified sending domain or at the product domain only', async () => {
      await claimSending('verified.example.test', 'mail', true);
      await claimSending('pending.example.test', 'mail', false);
      expect(
        (await save({ fromName: 'News', fromAddress: 'news@verified.example.test' })).error,
      ).toBeUndefined();
      expect((await save({ fromName: 'News', fromAddress: `news@${PRODUCT_DOMAIN}` })).error).toBeUndefined();
      const refused = await save({ fromName: 'News', fromAddress: 'news@pending.example.test' });
      expect(refused.error?.type).toBe('ValidationError');
      expect(refused.error?.details?.[0]?.path).toBe('settings.defaultSender.fromAddress');
    });

    it('keeps a stored sender whose domain lost its verification, so the rest can still be saved', async () => {
      await save({ fromName: 'News', fromAddress: 'news@verified.example.test' });
      await db()
        .updateTable('organization_domain')
        .set({ verified_at: null })
        .where('domain', '=', 'verified.example.test')
        .execute();
      const reply = await request('updateOrganizationSettings', {
        settings: {
          currency: 'EUR',
          defaultSender: { fromName: 'News', fromAddress: 'news@verified.example.test' },
        },
      });
      expect(reply.error).toBeUndefined();
    });
  });

  describe('defaultSenderDomain (functional §9)', () => {
    it.each([
      [null, false],
      ['bounce', false],
      ['bounces', false],
      ['herald', false],
      ['herald-bounce', false],
      ['bounce.herald', false],
      ['mail', true],
      ['return', true],
      ['bounce.news', true],
    ])('counts envfrom %s as custom: %s', (envfrom, custom) => {
      expect(isCustomEnvfrom(envfrom)).toBe(custom);
    });

    it('is the product domain unless a verified sending domain has a custom envfrom', async () => {
      const organization = await createOrganization(herald);
      const domainOf = () => defaultSenderDomain(db(), organization, PRODUCT_DOMAIN);
      const claim = (domain: string, envfrom: string, verified: boolean) =>
        db()
          .insertInto('organization_domain')
          .values({
            organization_id: organization,
            kind: 'sending',
            domain,
            envfrom,
            verified_at: verified ? new Date() : null,
          })
          .execute();
      expect(await domainOf()).toBe(PRODUCT_DOMAIN);
      await claim('default-envfrom.example.test', 'bounce', true);
      expect(await domainOf()).toBe(PRODUCT_DOMAIN);
      await claim('unverified.example.test', 'mail', false);
      expect(await domainOf()).toBe(PRODUCT_DOMAIN);
      await claim('zz-custom.example.test', 'mail', true);
      expect(await domainOf()).toBe('zz-custom.example.test');
      await claim('aa-custom.example.test', 'return', true);
      expect(await domainOf()).toBe('aa-custom.example.test');

      // A default sender's domain decides: its own when it qualifies, else the product's.
      const setSender = (fromAddress: string) =>
        db()
          .updateTable('organization')
          .set({ settings: JSON.stringify({ defaultSender: { fromName: 'News', fromAddress } }) })
          .where('id', '=', organization)
          .execute();
      await setSender('News@ZZ-Custom.example.test');
      expect(await domainOf()).toBe('zz-custom.example.test');
      await setSender('news@default-envfrom.example.test');
      expect(await domainOf()).toBe(PRODUCT_DOMAIN);
    });
  });
});
