import { describe, expect, it } from 'vitest';
import type { AccessContext } from '@herald/protocol';
import { resourceAccess } from './resources.ts';

const member = (capabilities: string[]): AccessContext => ({
  roles: [],
  capabilities,
  email: 'someone@example.com',
  partitionsets: [],
  enableBetaFeatures: false,
  featureKeys: '',
});

describe('resource access', () => {
  it('reads with any read capability and writes with every write capability', () => {
    expect(resourceAccess('list', member(['franchisee']))).toEqual({ canRead: true, canWrite: false });
    expect(resourceAccess('list', member(['base', 'database-manage']))).toEqual({
      canRead: true,
      canWrite: true,
    });
    expect(resourceAccess('campaign', member(['base', 'database-manage']))).toEqual({
      canRead: true,
      canWrite: false,
    });
  });

  it('refuses everything to a user without a read capability', () => {
    expect(resourceAccess('targetingRule', member(['franchisee', 'admin']))).toEqual({
      canRead: false,
      canWrite: false,
    });
    expect(resourceAccess('tag', member([]))).toEqual({ canRead: false, canWrite: false });
  });

  it('lets no one write a read-only type', () => {
    expect(resourceAccess('job', member(['base', 'admin', 'database-manage']))).toEqual({
      canRead: true,
      canWrite: false,
    });
  });
});
