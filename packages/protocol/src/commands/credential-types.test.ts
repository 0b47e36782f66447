import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_TYPES,
  PROVIDER_CHANNELS,
  credentialTypesFor,
  credentialValueIssues,
  isProviderBaseUrl,
  secretHint,
} from './credential-types.ts';

describe('credential types', () => {
  it('gives every channel with a provider at least one type, with a base URL or an SMTP login to test', () => {
    for (const channel of PROVIDER_CHANNELS) {
      const types = credentialTypesFor(channel);
      expect(types.length, channel).toBeGreaterThan(0);
      for (const type of types) expect(CREDENTIAL_TYPES[type]).toHaveProperty('test');
    }
  });

  it('takes https base URLs anywhere and plain http on loopback only', () => {
    expect(isProviderBaseUrl('https://api.twilio.com')).toBe(true);
    expect(isProviderBaseUrl('http://127.0.0.1:8080/gateway')).toBe(true);
    expect(isProviderBaseUrl('http://gateway.internal')).toBe(false);
    expect(isProviderBaseUrl('https://user:secret@api.example.com')).toBe(false);
    expect(isProviderBaseUrl('https://api.example.com/?key=1')).toBe(false);
  });

  it('lets an update keep a stored secret, and never repeats a refused value', () => {
    const values = { host: 'smtp.example.test', port: '99999', accountName: 'a' };
    expect(credentialValueIssues('smtp', values, { existingSecrets: true })).toEqual([
      { path: 'values.port', message: 'A port is from 1 to 65535' },
    ]);
    expect(
      credentialValueIssues('smtp', values, { existingSecrets: false }).map((issue) => issue.path),
    ).toEqual(['values.port', 'values.password']);
  });

  it('shows the last four characters of a long secret only', () => {
    expect(secretHint('0123456789abWXYZ')).toBe('••••WXYZ');
    expect(secretHint('short')).toBe('••••');
  });
});
