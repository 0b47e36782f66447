import { describe, expect, it } from 'vitest';
import {
  emptyIssuerForm,
  grantParams,
  issuerParams,
  knownRoles,
  listFromText,
  pageCount,
  pageOffset,
  validFromInput,
  validFromParam,
} from './accessForms.ts';

describe('valid-from dates', () => {
  it.each<[string | null | undefined, string]>([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['2026-03-01T00:00:00.000Z', '2026-03-01'],
    ['2026-03-01T23:30:00Z', '2026-03-01'],
    ['garbage', ''],
  ])('validFromInput(%j) → %j', (value, expected) => {
    expect(validFromInput(value)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['', null],
    ['  ', null],
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    [' 2026-03-01 ', '2026-03-01T00:00:00.000Z'],
    ['2026-02-30', null],
    ['01/03/2026', null],
    ['2026-3-1', null],
  ])('validFromParam(%j) → %j', (value, expected) => {
    expect(validFromParam(value)).toBe(expected);
  });

  it('a date survives the round trip', () => {
    expect(validFromInput(validFromParam('2030-12-31'))).toBe('2030-12-31');
  });
});

describe('grantParams', () => {
  it('trims, keeps known roles in the contract order, and puts n/a for a blank phone', () => {
    expect(
      grantParams({
        email: ' bo@example.com ',
        phone: ' ',
        roles: ['System.Admin', 'Content.Edit', 'Bogus'],
      }),
    ).toEqual({ email: 'bo@example.com', phone: 'n/a', roles: ['Content.Edit', 'System.Admin'] });
  });

  it('keeps a given phone', () => {
    expect(grantParams({ email: 'bo@example.com', phone: '+61 400 000 000', roles: [] }).phone).toBe(
      '+61 400 000 000',
    );
  });

  it('knownRoles drops repeats', () => {
    expect(knownRoles(['franchisee', 'franchisee'])).toEqual(['franchisee']);
  });
});

describe('issuerParams', () => {
  it('sends every field, blanks as null and domains as a list', () => {
    expect(
      issuerParams({
        ...emptyIssuerForm,
        issuerUri: ' https://id.example.com ',
        issuerClientId: ' herald ',
        issuerCredential: ' s3cret ',
        manageRoles: true,
        customRolesClaimName: ' groups ',
        customRolesRegex: '^herald-(.+)$',
        description: ' Staff ',
        exclusive: true,
        exclusiveDomains: 'Example.com\n@example.org, example.com',
        grantConsent: true,
      }),
    ).toEqual({
      issuerType: 'oidc',
      issuerUri: 'https://id.example.com',
      issuerClientId: 'herald',
      issuerCredential: ' s3cret ',
      manageRoles: true,
      customRolesClaimName: 'groups',
      customRolesRegex: '^herald-(.+)$',
      customPartitionsetsTransform: null,
      description: 'Staff',
      exclusive: true,
      exclusiveDomains: ['example.com', 'example.org'],
      grantConsent: true,
      disabled: false,
    });
  });

  it('an empty form has no optional values', () => {
    expect(issuerParams(emptyIssuerForm)).toMatchObject({
      customRolesClaimName: null,
      customRolesRegex: null,
      customPartitionsetsTransform: null,
      exclusiveDomains: [],
    });
  });

  it.each<[string, string[]]>([
    ['', []],
    ['a.com b.com;c.com', ['a.com', 'b.com', 'c.com']],
    [' \n@A.com\n\n', ['a.com']],
  ])('listFromText(%j) → %j', (text, expected) => {
    expect(listFromText(text)).toEqual(expected);
  });
});

describe('paging', () => {
  it.each<[number, number]>([
    [1, 0],
    [2, 25],
    [0, 0],
    [3.7, 50],
  ])('page %d starts at %d', (page, offset) => {
    expect(pageOffset(page, 25)).toBe(offset);
  });

  it.each<[number, number]>([
    [0, 1],
    [25, 1],
    [26, 2],
    [100, 4],
  ])('%d records fill %d pages', (total, pages) => {
    expect(pageCount(total, 25)).toBe(pages);
  });
});
