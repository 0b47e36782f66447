import { describe, it, expect } from 'vitest';
import { ROLES, ROLE_LABELS, isRole, userTypeForRoles } from './roles.ts';
import type { UserType } from './roles.ts';

describe('userTypeForRoles', () => {
  it.each<[string[], UserType]>([
    [['System.Admin'], 'admin'],
    [['System.Admin', 'franchisee'], 'admin'],
    [['System.PowerUser'], 'power'],
    [['System.PowerUser', 'System.Admin'], 'admin'],
    [['System.BaseUser'], 'base'],
    [['Content.Edit', 'Database.Read'], 'base'],
    [['Integration.Manage'], 'base'],
    [['franchisee'], 'franchisee'],
    [['franchisee', 'Unknown.Role'], 'franchisee'],
    [['franchisee', 'Content.Edit'], 'base'],
    [[], 'base'],
  ])('%j → %s', (roles, expected) => {
    expect(userTypeForRoles(roles)).toBe(expected);
  });
});

describe('roles', () => {
  it.each([
    ['Database.Read', 'View Database'],
    ['System.Admin', 'Administrator'],
  ] as const)('%s is labelled %s, as the spec names it', (role, label) => {
    expect(ROLE_LABELS[role]).toBe(label);
  });

  it.each(ROLES.map((role) => [role]))('%s has a label and is a role', (role) => {
    expect(ROLE_LABELS[role]).toBeTruthy();
    expect(isRole(role)).toBe(true);
  });

  it.each(['', 'Admin', 'database.read', 'Franchisee'])('%j is not a role', (value) => {
    expect(isRole(value)).toBe(false);
  });
});
