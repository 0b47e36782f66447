import { describe, expect, it } from 'vitest';
import {
  claimValues,
  emailDomainOf,
  emailOf,
  partitionSetsFromClaimValues,
  rolesFromClaimValues,
} from './claims.ts';

describe('claimValues', () => {
  it('reads an array, a single string, numbers, and nested names', () => {
    expect(claimValues({ roles: ['a', 'b'] }, 'roles')).toEqual(['a', 'b']);
    expect(claimValues({ roles: 'a' }, 'roles')).toEqual(['a']);
    expect(claimValues({ sets: [3, '4', null, {}] }, 'sets')).toEqual(['3', '4']);
    expect(claimValues({ realm_access: { roles: ['x'] } }, 'realm_access.roles')).toEqual(['x']);
    expect(claimValues({ 'a.b': ['exact'], a: { b: ['nested'] } }, 'a.b')).toEqual(['exact']);
  });

  it('answers undefined for a missing claim and ignores oversized values', () => {
    expect(claimValues({}, 'roles')).toBeUndefined();
    expect(claimValues({ roles: null }, 'roles')).toBeUndefined();
    expect(claimValues({ roles: ['x'.repeat(300), 'ok'] }, 'roles')).toEqual(['ok']);
    expect(claimValues({ a: 'text' }, 'a.b')).toBeUndefined();
  });
});

describe('rolesFromClaimValues', () => {
  it('keeps only Herald roles', () => {
    expect(rolesFromClaimValues(['Content.Edit', 'Made.Up', ' System.Admin '], null)).toEqual([
      'Content.Edit',
      'System.Admin',
    ]);
  });

  it('takes the named group, else the first group, else the whole value of a matching value', () => {
    expect(rolesFromClaimValues(['herald-Content.Edit', 'Content.Deploy'], '^herald-(.+)$')).toEqual([
      'Content.Edit',
    ]);
    expect(rolesFromClaimValues(['app:Database.Read:x'], '^app:(?<role>[^:]+):')).toEqual(['Database.Read']);
    expect(rolesFromClaimValues(['Database.Read', 'franchisee'], '^Database\\.')).toEqual(['Database.Read']);
  });
});

describe('partitionSetsFromClaimValues', () => {
  const sets = [
    { id: 4, name: 'North' },
    { id: 9, name: 'South' },
  ];
  it('matches ids and names without regard to case, dropping the unknown', () => {
    expect(partitionSetsFromClaimValues(['north', '9', 'Nowhere', '77'], sets)).toEqual([4, 9]);
    expect(partitionSetsFromClaimValues(['Nowhere'], sets)).toEqual([]);
  });
});

describe('emailOf and emailDomainOf', () => {
  it('reads the address and the verified flag, also as a string', () => {
    expect(emailOf({ email: 'Ana@Example.com', email_verified: true })).toEqual({
      email: 'Ana@Example.com',
      verified: true,
    });
    expect(emailOf({ email: 'ana@example.com', email_verified: 'true' })?.verified).toBe(true);
    expect(emailOf({ email: 'ana@example.com' })?.verified).toBe(false);
    expect(emailOf({ email: 'not an address' })).toBeUndefined();
    expect(emailOf({})).toBeUndefined();
  });

  it('lower-cases the domain', () => {
    expect(emailDomainOf('ana@Example.COM')).toBe('example.com');
    expect(emailDomainOf('no-domain@')).toBeUndefined();
    expect(emailDomainOf('nothing')).toBeUndefined();
  });
});
