import { describe, it, expect } from 'vitest';
import { CAPABILITIES, capabilitiesForRoles, isCapability } from './capabilities.ts';
import type { Capability } from './capabilities.ts';
import { ROLES } from './roles.ts';

const ALL_CONTENT: Capability[] = ['content-edit', 'content-approve', 'content-deploy'];
const ALL_DATABASE: Capability[] = ['database-view', 'database-manage', 'database-extract'];

// Platform §6, written out role by role rather than derived from the code's own table.
describe('capabilitiesForRoles: each role alone', () => {
  it.each<[string, Capability[]]>([
    ['Database.Read', ['base', 'database-view']],
    ['Database.Manage', ['base', 'database-view', 'database-manage']],
    ['Database.Extract', ['base', 'database-view', 'database-extract']],
    ['Content.Edit', ['base', 'content-edit']],
    ['Content.Approve', ['base', 'content-approve']],
    ['Content.Deploy', ['base', 'content-deploy']],
    ['System.PowerUser', ['base', ...ALL_CONTENT, ...ALL_DATABASE]],
    ['System.Admin', ['base', 'admin', ...ALL_CONTENT, ...ALL_DATABASE, 'integration-manage']],
    ['System.BaseUser', ['base']],
    ['Integration.Manage', ['integration-manage']],
    ['franchisee', ['franchisee']],
  ])('%s → %j', (role, expected) => {
    expect(capabilitiesForRoles([role])).toStrictEqual(expected);
  });

  it('covers every role', () => {
    expect(ROLES).toHaveLength(11);
  });
});

describe('capabilitiesForRoles: combinations and edge cases', () => {
  it.each<[string[], Capability[]]>([
    [[], []],
    [['Unknown.Role'], []],
    [['system.admin'], []],
    [
      ['Content.Edit', 'Unknown.Role'],
      ['base', 'content-edit'],
    ],
    [
      ['Integration.Manage', 'franchisee'],
      ['franchisee', 'integration-manage'],
    ],
    [
      ['franchisee', 'Content.Edit'],
      ['base', 'franchisee', 'content-edit'],
    ],
    [
      ['Content.Edit', 'Content.Approve', 'Content.Deploy'],
      ['base', ...ALL_CONTENT],
    ],
    [
      ['Database.Manage', 'Database.Extract'],
      ['base', ...ALL_DATABASE],
    ],
    [
      ['Database.Extract', 'Content.Deploy'],
      ['base', 'content-deploy', 'database-view', 'database-extract'],
    ],
    [
      ['System.PowerUser', 'Integration.Manage'],
      ['base', ...ALL_CONTENT, ...ALL_DATABASE, 'integration-manage'],
    ],
    [
      ['System.BaseUser', 'Database.Read'],
      ['base', 'database-view'],
    ],
    // Order of the input does not matter and duplicates collapse.
    [
      ['Database.Read', 'Content.Edit', 'Database.Read'],
      ['base', 'content-edit', 'database-view'],
    ],
    [['System.Admin', 'System.PowerUser', 'franchisee'], [...CAPABILITIES]],
  ])('%j → %j', (roles, expected) => {
    expect(capabilitiesForRoles(roles)).toStrictEqual(expected);
  });
});

describe('isCapability', () => {
  it.each([
    ['content-edit', true],
    ['integration-manage', true],
    ['Content.Edit', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isCapability(value)).toBe(expected);
  });
});
