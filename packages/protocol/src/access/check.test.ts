import { describe, it, expect } from 'vitest';
import { checkAccess, emailDomain, isHeadOfficeUser } from './check.ts';
import type { AccessContext, AccessRequirement } from './check.ts';

const admin: AccessContext = {
  roles: ['System.Admin'],
  capabilities: ['base', 'admin', 'content-edit', 'integration-manage'],
  organizationId: 7,
  email: 'ana@Herald.example',
  partitionsets: [],
  enableBetaFeatures: true,
  featureKeys: 'integrations\n!lam',
};
const editor: AccessContext = {
  roles: ['Content.Edit'],
  capabilities: ['base', 'content-edit'],
  organizationId: 7,
  email: 'ed@customer.example',
  partitionsets: [3, 4],
  enableBetaFeatures: false,
  featureKeys: 'integrations',
};
const noOrganization: AccessContext = { ...editor, organizationId: undefined };

describe('checkAccess', () => {
  it.each<[string, AccessRequirement, AccessContext, boolean]>([
    ['an empty requirement admits anyone', {}, editor, true],

    ['roles: holds one of them', { roles: ['System.PowerUser', 'Content.Edit'] }, editor, true],
    ['roles: holds none of them', { roles: ['System.Admin'] }, editor, false],
    ['roles: an empty list admits no one', { roles: [] }, admin, false],

    ['capabilities: holds all', { capabilities: ['base', 'content-edit'] }, editor, true],
    ['capabilities: misses one', { capabilities: ['content-edit', 'admin'] }, editor, false],
    ['capabilities: an empty list asks nothing', { capabilities: [] }, editor, true],

    ['anyCapability: holds one', { anyCapability: ['admin', 'content-edit'] }, editor, true],
    ['anyCapability: holds none', { anyCapability: ['admin', 'integration-manage'] }, editor, false],
    ['anyCapability: an empty list admits no one', { anyCapability: [] }, admin, false],

    ['features: enabled', { features: ['integrations'] }, admin, true],
    ['features: listed but beta features off', { features: ['integrations'] }, editor, false],
    ['features: excluded with !', { features: ['lam'] }, admin, false],
    ['features: one of several missing', { features: ['integrations', 'lam'] }, admin, false],
    ['features: an empty list asks nothing', { features: [] }, editor, true],

    ['emailDomains: domain listed, case-insensitive', { emailDomains: ['herald.example'] }, admin, true],
    ['emailDomains: listed with a leading @', { emailDomains: ['@HERALD.example'] }, admin, true],
    ['emailDomains: not listed', { emailDomains: ['herald.example'] }, editor, false],
    ['emailDomains: a subdomain is another domain', { emailDomains: ['example'] }, admin, false],
    ['emailDomains: an empty list admits no one', { emailDomains: [] }, admin, false],
    [
      'emailDomains: an address without @ matches nothing',
      { emailDomains: [''] },
      { ...admin, email: 'nobody' },
      false,
    ],

    ['headOfficeOnly: no partition sets', { headOfficeOnly: true }, admin, true],
    ['headOfficeOnly: restricted to partition sets', { headOfficeOnly: true }, editor, false],
    ['headOfficeOnly false asks nothing', { headOfficeOnly: false }, editor, true],

    ['organizationId: same organization', { organizationId: 7 }, editor, true],
    ['organizationId: another organization', { organizationId: 8 }, editor, false],
    ['organizationId: not in any organization', { organizationId: 7 }, noOrganization, false],

    // The rules page (platform §2 guard 6): admin role and a provider domain.
    [
      'rules page: provider admin',
      { roles: ['System.Admin'], emailDomains: ['herald.example'] },
      admin,
      true,
    ],
    [
      'rules page: admin of another domain',
      { roles: ['System.Admin'], emailDomains: ['herald.example'] },
      { ...admin, email: 'boss@customer.example' },
      false,
    ],
    // Integrations (platform §6): capability and feature together.
    [
      'integrations: capability and feature',
      { capabilities: ['integration-manage'], features: ['integrations'] },
      admin,
      true,
    ],
    [
      'integrations: feature without capability',
      { capabilities: ['integration-manage'], features: ['integrations'] },
      { ...editor, enableBetaFeatures: true },
      false,
    ],
  ])('%s', (_case, requirement, context, expected) => {
    expect(checkAccess(requirement, context)).toBe(expected);
  });
});

describe('isHeadOfficeUser', () => {
  it.each<[number[], boolean]>([
    [[], true],
    [[1], false],
    [[1, 2], false],
  ])('%j → %s', (partitionsets, expected) => {
    expect(isHeadOfficeUser(partitionsets)).toBe(expected);
  });
});

describe('emailDomain', () => {
  it.each([
    ['ana@herald.example', 'herald.example'],
    ['Ana@Herald.Example', 'herald.example'],
    ['"odd@name"@herald.example', 'herald.example'],
    ['nobody', ''],
    ['trailing@', ''],
  ])('%j → %j', (email, expected) => {
    expect(emailDomain(email)).toBe(expected);
  });
});
