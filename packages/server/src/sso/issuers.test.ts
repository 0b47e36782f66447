import { sessionCommands } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { credentialHint } from './issuers.ts';
import { isIssuerUriAllowed } from './sign-on.ts';

describe('credentialHint', () => {
  it('shows the last four characters of a long secret only', () => {
    expect(credentialHint('0123456789abcdefWXYZ')).toBe('••••WXYZ');
    expect(credentialHint('short-secret')).toBe('••••');
  });
});

describe('addOrganizationIssuer params', () => {
  const base = { sessionId: 's', organizationId: 1, issuerClientId: 'herald', issuerCredential: 'secret' };
  const parse = (fields: Record<string, unknown>) =>
    sessionCommands.addOrganizationIssuer.params.safeParse({ ...base, ...fields });

  it('accepts https issuers and http ones on loopback only', () => {
    expect(parse({ issuerUri: 'https://login.example.com/realms/x' }).success).toBe(true);
    expect(parse({ issuerUri: 'http://127.0.0.1:4000' }).success).toBe(true);
    expect(parse({ issuerUri: 'http://localhost:4000' }).success).toBe(true);
    expect(parse({ issuerUri: 'http://login.example.com' }).success).toBe(false);
    expect(parse({ issuerUri: 'ftp://login.example.com' }).success).toBe(false);
    expect(parse({ issuerUri: 'https://user:pw@login.example.com' }).success).toBe(false);
  });

  it('fills the defaults and lower-cases the domains', () => {
    const parsed = parse({
      issuerUri: 'https://login.example.com',
      exclusive: true,
      exclusiveDomains: ['Example.COM'],
    });
    expect(parsed.success && parsed.data).toMatchObject({
      issuerType: 'oidc',
      manageRoles: false,
      customRolesClaimName: null,
      customRolesRegex: null,
      customPartitionsetsTransform: null,
      description: '',
      exclusiveDomains: ['example.com'],
      grantConsent: false,
      disabled: false,
    });
  });
});

describe('isIssuerUriAllowed', () => {
  it('lets a plain-http issuer in only while Herald itself runs on loopback over http', () => {
    expect(isIssuerUriAllowed('https://login.example.com', 'https://herald.example.com')).toBe(true);
    expect(isIssuerUriAllowed('http://127.0.0.1:4000', 'http://localhost:8080')).toBe(true);
    expect(isIssuerUriAllowed('http://127.0.0.1:4000', 'https://herald.example.com')).toBe(false);
    expect(isIssuerUriAllowed('http://localhost:4000', 'http://herald.internal:8080')).toBe(false);
  });
});
