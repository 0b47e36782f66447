import { describe, expect, it } from 'vitest';
import { signedOutSession } from '../session/storedSession.ts';
import type { OrganizationToken } from '../session/storedSession.ts';
import { accessContextFor } from './accessContext.ts';

const organization: OrganizationToken = {
  token: 'jwt',
  organization_id: 7,
  name: 'Acme',
  roles: ['System.PowerUser'],
  capabilities: ['base', 'content-edit'],
  partitionsets: [2],
  settings: {},
};

describe('accessContextFor', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, boolean, string]>([
    ['no advanced settings anywhere', {}, {}, false, ''],
    [
      'organization turns beta on',
      { advanced: { enableBetaFeatures: true, featureKeys: 'a\nb' } },
      {},
      true,
      'a\nb',
    ],
    ['user turns beta on', {}, { advanced: { enableBetaFeatures: true, featureKeys: 'c' } }, true, 'c'],
    [
      'both lists are read together',
      { advanced: { enableBetaFeatures: false, featureKeys: 'a' } },
      { advanced: { enableBetaFeatures: true, featureKeys: '!a' } },
      true,
      'a\n!a',
    ],
    [
      'malformed values are ignored',
      { advanced: { enableBetaFeatures: 'yes', featureKeys: 4 } },
      {},
      false,
      '',
    ],
  ])('%s', (_case, organizationSettings, userSettings, enableBetaFeatures, featureKeys) => {
    const context = accessContextFor(
      { ...signedOutSession, email: 'ana@example.com', settings: userSettings },
      { ...organization, settings: organizationSettings },
    );
    expect(context).toEqual({
      roles: ['System.PowerUser'],
      capabilities: ['base', 'content-edit'],
      organizationId: 7,
      email: 'ana@example.com',
      partitionsets: [2],
      enableBetaFeatures,
      featureKeys,
    });
  });
});
