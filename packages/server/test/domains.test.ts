import { Resolver } from 'node:dns/promises';
import { get as httpGet } from 'node:http';
import type { DomainRecord, SendingDomain, SsoDomain, TrackingDomain } from '@herald/protocol';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimSigningKeyFor } from '../src/domains/dkim-keys.ts';
import { trackingOrganizationOf } from '../src/domains/tracking-host.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { startDnsStub, type DnsStub } from './support/dns-stub.ts';
import { createOrganization, createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/** Sending and tracking domains, DKIM, DNS checks against a local stub, and ownership. */
describe('sending and tracking domains', () => {
  let herald: TestHerald;
  let dns: DnsStub;
  let counter = 0;
  const uniqueDomain = () => `d${Date.now().toString(36)}${(counter += 1)}.example.test`;

  beforeAll(async () => {
    dns = await startDnsStub();
    herald = await startTestHerald({
      dnsServers: [dns.server],
      returnPathHost: 'bounce.herald.test',
      trackingHost: 'track.herald.test',
      spfHost: '_spf.herald.test',
    });
  });
  afterAll(async () => {
    await herald?.stop();
    await dns?.close();
  });

  async function administrator() {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    const call = <T>(command: string, params: Record<string, unknown> = {}) =>
      session.call<T>(command, { sessionId, organizationId, ...params });
    const request = (command: string, params: Record<string, unknown> = {}) =>
      session.request(command, { sessionId, organizationId, ...params });
    return { organizationId, session, sessionId, call, request };
  }

  const addSending = (
    admin: { call: <T>(c: string, p?: Record<string, unknown>) => Promise<T> },
    domain: string,
  ) =>
    admin.call<SendingDomain>('addOrganizationSendingDomain', {
      domain,
      selector: 'herald1',
      envfrom: 'bounce',
    });

  const record = (
    domain: { records: DomainRecord[] },
    purpose: DomainRecord['purpose'],
    selector?: string,
  ) => {
    const found = domain.records.find(
      (candidate) => candidate.purpose === purpose && (!selector || candidate.selector === selector),
    );
    if (!found) throw new Error(`no ${purpose} record`);
    return found;
  };

  /** Publishes a sending domain's DKIM record (of one selector) as its owner would. */
  const publishDkim = (domain: SendingDomain, selector = domain.selector) => {
    const dkim = record(domain, 'dkim', selector);
    dns.publishTxt(dkim.host, dkim.value);
  };

  describe('validation', () => {
    let admin: Awaited<ReturnType<typeof administrator>>;
    let session: ChannelClient;
    beforeAll(async () => {
      admin = await administrator();
      session = admin.session;
    });
    afterAll(() => session.close());

    it.each([
      ['domain', { selector: 'herald1', envfrom: 'bounce' }],
      ['selector', { domain: 'example.test', envfrom: 'bounce' }],
      ['envfrom', { domain: 'example.test', selector: 'herald1' }],
    ])('a sending domain without %s is refused, naming the field', async (field, params) => {
      const reply = await admin.request('addOrganizationSendingDomain', params);
      expect(reply.error?.type).toBe('MissingParameterError');
      expect(reply.error?.details?.map((detail) => detail.path)).toEqual([field]);
      const empty = await admin.request('addOrganizationSendingDomain', { ...params, [field]: ' ' });
      expect(empty.error?.type).toBe('ValidationError');
      expect(empty.error?.details?.[0]?.path).toBe(field);
    });

    it.each([
      'removeOrganizationSendingDomain',
      'addOrganizationTrackingDomain',
      'removeOrganizationTrackingDomain',
    ])('%s without a domain is refused, naming it', async (command) => {
      const reply = await admin.request(command, {});
      expect(reply.error?.type).toBe('MissingParameterError');
      expect(reply.error?.details?.[0]?.path).toBe('domain');
    });

    it.each(['not a domain', 'localhost', 'example.123', '-bad.example.test', 'a..example.test'])(
      'refuses %j as a domain',
      async (domain) => {
        const reply = await admin.request('addOrganizationTrackingDomain', { domain });
        expect(reply.error?.type).toBe('ValidationError');
        expect(reply.error?.details?.[0]?.path).toBe('domain');
      },
    );

    it('normalises case, a trailing dot and an internationalized name to punycode', async () => {
      const added = await admin.call<TrackingDomain>('addOrganizationTrackingDomain', {
        domain: ' Links.Bücher.Example. ',
      });
      expect(added.domain).toBe('links.xn--bcher-kva.example');
      const again = await admin.request('addOrganizationTrackingDomain', {
        domain: 'LINKS.xn--bcher-kva.example',
      });
      expect(again.error?.type).toBe('ValidationError');
    });

    it('refuses a selector or envfrom that is not DNS labels', async () => {
      const reply = await admin.request('addOrganizationSendingDomain', {
        domain: uniqueDomain(),
        selector: 'her ald',
        envfrom: 'bounce_',
      });
      expect(reply.error?.type).toBe('ValidationError');
      expect(reply.error?.details?.map((detail) => detail.path).sort()).toEqual(['envfrom', 'selector']);
    });
  });

  it('adds a sending domain with a sealed DKIM key and lists every record to publish, unverified', async () => {
    const admin = await administrator();
    const domain = uniqueDomain();
    const added = await addSending(admin, domain);
    expect(added).toMatchObject({ domain, envfrom: 'bounce', selector: 'herald1', status: 'unverified' });
    expect(added.records.map(({ purpose, type, host }) => [purpose, type, host])).toEqual([
      ['dkim', 'TXT', `herald1._domainkey.${domain}`],
      ['returnPath', 'CNAME', `bounce.${domain}`],
      ['spf', 'TXT', domain],
      ['dmarc', 'TXT', `_dmarc.${domain}`],
    ]);
    expect(record(added, 'dkim').value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}=*$/);
    expect(record(added, 'returnPath').value).toBe('bounce.herald.test');
    expect(record(added, 'spf').value).toBe('v=spf1 include:_spf.herald.test ~all');
    expect(record(added, 'dmarc').value).toBe(`v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`);
    expect(added.records.every((entry) => entry.status === 'unchecked')).toBe(true);

    // The private key is sealed at rest and never answered.
    const stored = await herald.database.db
      .selectFrom('sending_domain_key')
      .select('private_key')
      .where('domain', '=', domain)
      .executeTakeFirstOrThrow();
    expect(stored.private_key).toMatch(/^sealed:/);
    const listed = await admin.call<{ sending: SendingDomain[] }>('getOrganizationDomains');
    expect(listed.sending.map((entry) => entry.domain)).toEqual([domain]);
    expect(JSON.stringify(listed)).not.toMatch(/PRIVATE KEY|sealed:/);
    // domainsConfig (platform §3) carries the public part, keyed by domain.
    const organization = await herald.database.db
      .selectFrom('organization')
      .select('domains_config')
      .where('id', '=', admin.organizationId)
      .executeTakeFirstOrThrow();
    expect(organization.domains_config).toMatchObject({
      sending: { [domain]: { envfrom: 'bounce', selector: 'herald1', status: 'unverified' } },
    });
    expect(await dkimSigningKeyFor(herald.database.db, admin.organizationId, domain)).toBeUndefined();

    await admin.call('removeOrganizationSendingDomain', { domain });
    expect((await admin.call<{ sending: SendingDomain[] }>('getOrganizationDomains')).sending).toEqual([]);
    expect((await admin.request('removeOrganizationSendingDomain', { domain })).error?.type).toBe(
      'NotFoundError',
    );
    admin.session.close();
  });

  it('Check now reports each record as missing, mismatch or ok, and verifies the domain by its DKIM record', async () => {
    const admin = await administrator();
    const domain = uniqueDomain();
    const added = await addSending(admin, domain);
    const check = () => admin.call<SendingDomain>('checkOrganizationDomain', { domain, kind: 'sending' });

    const nothing = await check();
    expect(nothing.records.map((entry) => entry.status)).toEqual([
      'missing',
      'missing',
      'missing',
      'missing',
    ]);
    expect(nothing.status).toBe('unverified');
    expect(nothing.checkedAt).not.toBeNull();

    dns.publishTxt(record(added, 'dkim').host, 'v=DKIM1; k=rsa; p=AAAAnotthekey');
    dns.publishCname(`bounce.${domain}`, 'elsewhere.example.test');
    dns.publishTxt(domain, 'v=spf1 include:_spf.google.com -all', 'google-site-verification=abc');
    dns.publishTxt(`_dmarc.${domain}`, 'v=DMARC1; p=reject');
    const wrong = await check();
    expect(wrong.records.map((entry) => [entry.purpose, entry.status, entry.found])).toEqual([
      ['dkim', 'mismatch', ['v=DKIM1; k=rsa; p=AAAAnotthekey']],
      ['returnPath', 'mismatch', ['elsewhere.example.test']],
      ['spf', 'mismatch', ['v=spf1 include:_spf.google.com -all']],
      ['dmarc', 'ok', []],
    ]);
    expect(wrong.status).toBe('unverified');

    dns.unpublish(record(added, 'dkim').host);
    dns.unpublish(`bounce.${domain}`);
    dns.unpublish(domain);
    publishDkim(added);
    dns.publishCname(`bounce.${domain}`, 'Bounce.Herald.Test.');
    dns.publishTxt(domain, 'v=spf1 include:_spf.herald.test include:_spf.google.com ~all');
    const right = await check();
    expect(right.records.map((entry) => entry.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(right.status).toBe('verified');
    expect(right.keys[0]?.verifiedAt).not.toBeNull();
    // The result is stored: the list shows the same.
    const listed = await admin.call<{ sending: SendingDomain[] }>('getOrganizationDomains');
    expect(listed.sending[0]?.records.map((entry) => entry.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    admin.session.close();
  });

  it('answers failed for every record when DNS does not answer', async () => {
    const silent = await startTestHerald({ dnsServers: ['127.0.0.1:9'] });
    try {
      const organizationId = await createOrganization(silent);
      const user = await createUser(silent, [{ organizationId, roles: ['System.Admin'] }]);
      const { session, sessionId } = await signedIn(silent, user);
      const domain = uniqueDomain();
      await session.call('addOrganizationTrackingDomain', { sessionId, organizationId, domain });
      const checked = await session.call<TrackingDomain>('checkOrganizationDomain', {
        sessionId,
        organizationId,
        domain,
        kind: 'tracking',
      });
      expect(checked.records.map((entry) => entry.status)).toEqual(['failed']);
      expect(checked.status).toBe('unverified');
      session.close();
    } finally {
      await silent.stop();
    }
  }, 30_000);

  it('signs with the published key: nodemailer signs, mailauth verifies against the DNS stub', async () => {
    const admin = await administrator();
    const domain = uniqueDomain();
    const added = await addSending(admin, domain);
    publishDkim(added);
    await admin.call('checkOrganizationDomain', { domain, kind: 'sending' });
    const key = await dkimSigningKeyFor(herald.database.db, admin.organizationId, domain);
    expect(key).toMatchObject({ domainName: domain, keySelector: 'herald1' });
    expect(key?.privateKey).toContain('BEGIN PRIVATE KEY');

    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, dkim: key });
    const sent = await transport.sendMail({
      from: `news@${domain}`,
      to: 'someone@example.test',
      subject: 'Signed',
      text: 'Hello from a verified domain.',
    });
    const resolver = new Resolver();
    resolver.setServers([dns.server]);
    const verified = await dkimVerify(sent.message as Buffer, {
      // DKIM asks only for TXT records.
      resolver: (name, type) =>
        type === 'TXT' ? resolver.resolveTxt(name) : Promise.reject(new Error(`unexpected ${type} lookup`)),
    });
    expect(
      verified.results.map((result) => [result.signingDomain, result.selector, result.status.result]),
    ).toEqual([[domain, 'herald1', 'pass']]);
    admin.session.close();
  });

  it('rotates the key: both published, signing moves once the new one is seen, the old one retired', async () => {
    const admin = await administrator();
    const domain = uniqueDomain();
    const added = await addSending(admin, domain);
    publishDkim(added);
    await admin.call('checkOrganizationDomain', { domain, kind: 'sending' });

    const rotated = await admin.call<SendingDomain>('rotateSendingDomainKey', {
      domain,
      selector: 'herald2',
    });
    expect(rotated.selector).toBe('herald2');
    expect(
      rotated.records.filter((entry) => entry.purpose === 'dkim').map((entry) => entry.selector),
    ).toEqual(['herald2', 'herald1']);
    expect((await admin.request('rotateSendingDomainKey', { domain, selector: 'herald1' })).error?.type).toBe(
      'ValidationError',
    );
    // The new key is not published yet: signing stays with the old one, which cannot be retired.
    expect((await dkimSigningKeyFor(herald.database.db, admin.organizationId, domain))?.keySelector).toBe(
      'herald1',
    );
    expect((await admin.request('retireSendingDomainKey', { domain, selector: 'herald1' })).error?.type).toBe(
      'DomainKeyRetireError',
    );

    publishDkim(rotated, 'herald2');
    await admin.call('checkOrganizationDomain', { domain, kind: 'sending' });
    expect((await dkimSigningKeyFor(herald.database.db, admin.organizationId, domain))?.keySelector).toBe(
      'herald2',
    );
    const retired = await admin.call<SendingDomain>('retireSendingDomainKey', {
      domain,
      selector: 'herald1',
    });
    expect(
      retired.records.filter((entry) => entry.purpose === 'dkim').map((entry) => entry.selector),
    ).toEqual(['herald2']);
    expect(retired.keys.map((entry) => [entry.selector, entry.retiredAt !== null])).toEqual([
      ['herald2', false],
      ['herald1', true],
    ]);
    expect((await admin.request('retireSendingDomainKey', { domain, selector: 'herald2' })).error?.type).toBe(
      'DomainKeyRetireError',
    );
    admin.session.close();
  });

  it('one organization cannot claim or verify a domain another organization has verified', async () => {
    const first = await administrator();
    const second = await administrator();
    const third = await administrator();
    const domain = uniqueDomain();
    // Unverified claims do not block one another.
    const firstAdded = await addSending(first, domain);
    // Its own selector: one name holding two 2048-bit keys would not fit the stub's single UDP answer.
    await second.call('addOrganizationSendingDomain', { domain, selector: 'second1', envfrom: 'bounce' });
    publishDkim(firstAdded);
    expect(
      (await first.call<SendingDomain>('checkOrganizationDomain', { domain, kind: 'sending' })).status,
    ).toBe('verified');

    const claimed = await third.request('addOrganizationSendingDomain', {
      domain,
      selector: 'herald1',
      envfrom: 'bounce',
    });
    expect(claimed.error?.type).toBe('DomainClaimedError');
    expect((await third.request('addOrganizationTrackingDomain', { domain })).error?.type).toBe(
      'DomainClaimedError',
    );
    // The second's claim stays unverified even when DNS shows its own key.
    const secondDomain = (await second.call<{ sending: SendingDomain[] }>('getOrganizationDomains'))
      .sending[0];
    if (secondDomain) publishDkim(secondDomain);
    const secondCheck = await second.call<SendingDomain>('checkOrganizationDomain', {
      domain,
      kind: 'sending',
    });
    expect(record(secondCheck, 'dkim').status).toBe('ok');
    expect(secondCheck.status).toBe('unverified');
    expect(await dkimSigningKeyFor(herald.database.db, second.organizationId, domain)).toBeUndefined();
    for (const admin of [first, second, third]) admin.session.close();
  });

  it('a tracking domain is verified by its CNAME, and Herald then answers tracking requests on it', async () => {
    const admin = await administrator();
    const domain = `links.${uniqueDomain()}`;
    const added = await admin.call<TrackingDomain>('addOrganizationTrackingDomain', { domain });
    expect(added.records).toEqual([
      {
        purpose: 'tracking',
        type: 'CNAME',
        host: domain,
        value: 'track.herald.test',
        status: 'unchecked',
        found: [],
      },
    ]);
    // fetch will not send another Host; node:http does, as a browser or proxy on that host would.
    const trackingCheck = (host: string) =>
      new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
        const request = httpGet(
          { host: '127.0.0.1', port: herald.port, path: '/t/check', headers: { host } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, json: () => JSON.parse(body) }),
            );
          },
        );
        request.on('error', reject);
      });

    expect((await trackingCheck(domain)).status).toBe(404);
    expect(await trackingOrganizationOf(herald.database.db, domain)).toBeUndefined();

    dns.publishCname(domain, 'track.herald.test');
    const checked = await admin.call<TrackingDomain>('checkOrganizationDomain', { domain, kind: 'tracking' });
    expect(checked.status).toBe('verified');
    expect(checked.records[0]?.status).toBe('ok');
    expect(await trackingOrganizationOf(herald.database.db, domain.toUpperCase())).toBe(admin.organizationId);
    const answer = await trackingCheck(`${domain}:${herald.port}`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ organizationId: admin.organizationId });
    expect((await trackingCheck('elsewhere.example.test')).status).toBe(404);

    await admin.call('removeOrganizationTrackingDomain', { domain });
    expect((await trackingCheck(domain)).status).toBe(404);
    admin.session.close();
  });

  it('an exclusive single sign-on domain redirects sign-ins only once its TXT proof is seen', async () => {
    const admin = await administrator();
    const domain = uniqueDomain();
    await admin.call('addOrganizationIssuer', {
      issuerType: 'oidc',
      issuerUri: 'https://idp.example.test',
      issuerClientId: 'herald',
      issuerCredential: 'a-client-secret-of-some-length',
      exclusive: true,
      exclusiveDomains: [domain],
    });
    const loginMethod = () =>
      admin.session.call<{ method: string }>('getUserLoginMethod', { email: `someone@${domain}` });
    expect((await loginMethod()).method).toBe('password');

    const { sso } = await admin.call<{ sso: SsoDomain[] }>('getOrganizationDomains');
    expect(sso).toHaveLength(1);
    const proof = sso[0]?.records[0];
    expect(proof).toMatchObject({ purpose: 'ownership', type: 'TXT', host: domain, status: 'unchecked' });
    expect(proof?.value).toMatch(/^herald-verification=[\w-]{20,}$/);
    expect(sso[0]?.status).toBe('unverified');

    dns.publishTxt(domain, 'herald-verification=someone-elses-token');
    const wrong = await admin.call<SsoDomain>('checkOrganizationDomain', { domain, kind: 'sso' });
    expect(wrong.records[0]).toMatchObject({
      status: 'mismatch',
      found: ['herald-verification=someone-elses-token'],
    });
    expect((await loginMethod()).method).toBe('password');

    dns.publishTxt(domain, proof?.value ?? '');
    const right = await admin.call<SsoDomain>('checkOrganizationDomain', { domain, kind: 'sso' });
    expect(right.status).toBe('verified');
    expect((await loginMethod()).method).toBe('sso');
    admin.session.close();
  });
});
