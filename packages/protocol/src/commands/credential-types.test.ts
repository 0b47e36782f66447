import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readServiceAccountKey } from './service-account-key.ts';
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

  it('takes a push credential with a service account key or an access token, never both nor neither', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const key = JSON.stringify({
      type: 'service_account',
      project_id: 'herald-project',
      private_key_id: 'abc123',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: 'herald@herald-project.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    const create = { existingSecrets: false };
    const base = { baseUrl: 'https://fcm.googleapis.com' };
    expect(credentialValueIssues('push', { ...base, serviceAccountKey: key }, create)).toEqual([]);
    expect(credentialValueIssues('push', { ...base, apiToken: 'ya29.token' }, create)).toEqual([
      { path: 'values.accountName', message: 'Required with apiToken' },
    ]);
    expect(
      credentialValueIssues('push', { ...base, accountName: 'p', apiToken: 'ya29.token' }, create),
    ).toEqual([]);
    expect(credentialValueIssues('push', { ...base, accountName: 'p' }, create)).toEqual([
      { path: 'values.serviceAccountKey', message: 'Required: serviceAccountKey or apiToken' },
    ]);
    expect(credentialValueIssues('push', { ...base, accountName: 'p' }, { existingSecrets: true })).toEqual(
      [],
    );
    expect(
      credentialValueIssues(
        'push',
        { ...base, accountName: 'p', serviceAccountKey: key, apiToken: 't' },
        create,
      ),
    ).toEqual([{ path: 'values.apiToken', message: 'Give one of serviceAccountKey or apiToken, not both' }]);
  });

  it('refuses service account keys that cannot mint a token, without repeating them', () => {
    const issue = (text: string) => {
      const read = readServiceAccountKey(text);
      return 'issue' in read ? read.issue : undefined;
    };
    const good = {
      type: 'service_account',
      project_id: 'p',
      client_email: 'a@p.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n',
      token_uri: 'https://oauth2.googleapis.com/token',
    };
    expect(issue(JSON.stringify(good))).toBeUndefined();
    expect(issue('{"type": "service_account", secret')).toMatch(/^The service account key is not JSON/);
    expect(issue('[]')).toBe('The service account key is not a JSON object');
    expect(issue(JSON.stringify({ ...good, type: 'authorized_user' }))).toMatch(/^Not a service account key/);
    expect(issue(JSON.stringify({ ...good, client_email: undefined, token_uri: '' }))).toBe(
      'The service account key lacks client_email, token_uri',
    );
    expect(issue(JSON.stringify({ ...good, private_key: 'hunter2' }))).toMatch(/not a PEM private key$/);
    expect(issue(JSON.stringify({ ...good, token_uri: 'http://oauth.example/token' }))).toMatch(
      /token_uri .* not an https URL/,
    );
    expect(
      credentialValueIssues(
        'push',
        { baseUrl: 'https://fcm.googleapis.com', serviceAccountKey: 'not json hunter2' },
        { existingSecrets: false },
      ),
    ).toEqual([{ path: 'values.serviceAccountKey', message: expect.not.stringContaining('hunter2') }]);
  });
});
