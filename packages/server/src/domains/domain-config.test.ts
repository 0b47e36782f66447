import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { normalizedDomain } from './domain-names.ts';

describe('domain settings', () => {
  it('derives the product hosts from the public URL unless given', () => {
    expect(readConfig({ HERALD_PUBLIC_URL: 'https://console.herald.example' })).toMatchObject({
      dnsServers: [],
      returnPathHost: 'bounce.console.herald.example',
      trackingHost: 'console.herald.example',
      spfHost: '_spf.console.herald.example',
      productMailDomain: 'console.herald.example',
    });
    expect(
      readConfig({
        HERALD_DNS_SERVERS: ' 127.0.0.1:5353, 10.0.0.53 ,[::1]:53',
        HERALD_RETURN_PATH_HOST: 'Bounces.Example.NET.',
        HERALD_TRACKING_HOST: 'links.example.net',
        HERALD_SPF_HOST: 'spf.example.net',
        HERALD_PRODUCT_MAIL_DOMAIN: 'Mail.Example.NET',
      }),
    ).toMatchObject({
      dnsServers: ['127.0.0.1:5353', '10.0.0.53', '[::1]:53'],
      returnPathHost: 'bounces.example.net',
      trackingHost: 'links.example.net',
      spfHost: 'spf.example.net',
      productMailDomain: 'mail.example.net',
    });
    expect(() => readConfig({ HERALD_DNS_SERVERS: 'dns.example.net' })).toThrow(
      'HERALD_DNS_SERVERS: "dns.example.net" is not an address or address:port',
    );
  });

  it('normalises domains to one spelling and refuses what is not a hostname', () => {
    expect(normalizedDomain('Mail.Example.COM.')).toBe('mail.example.com');
    expect(normalizedDomain('bücher.example')).toBe('xn--bcher-kva.example');
    for (const text of [
      '',
      'example',
      'exa mple.com',
      'example.com/path',
      `${'a'.repeat(64)}.com`,
      '1.2.3.4',
    ])
      expect(() => normalizedDomain(text), text).toThrow();
  });
});
