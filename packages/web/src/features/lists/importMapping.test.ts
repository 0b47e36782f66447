import { describe, expect, it } from 'vitest';
import {
  changeMapping,
  comparableName,
  customFieldForHeader,
  fieldNameForHeader,
  suggestMapping,
  importOutcomeOf,
  importTargets,
  initialMapping,
  mappingProblems,
  mapsMatchingKey,
  previewOfMapping,
  progressPercent,
  rowsPerSecond,
} from './importMapping.ts';

describe('import column mapping', () => {
  const targets = importTargets(['loyalty', 'tier']);

  it('offers the importable profile fields, ref included, then custom fields', () => {
    expect(targets).toContain('email');
    expect(targets).toContain('ref');
    expect(targets).not.toContain('is_invalid');
    expect(targets).not.toContain('cluster_id');
    expect(targets.slice(-2)).toEqual(['custom.loyalty', 'custom.tier']);
  });

  it('starts from the suggestions it knows, each target once', () => {
    expect(initialMapping(['email', 'email', 'custom.tier', 'custom.gone', null], targets)).toEqual([
      'email',
      null,
      'custom.tier',
      null,
      null,
    ]);
  });

  it('moves a target from the column that had it', () => {
    expect(changeMapping(['email', 'firstname', null], 2, 'email')).toEqual([null, 'firstname', 'email']);
    expect(changeMapping(['email', 'firstname'], 1, null)).toEqual(['email', null]);
  });

  it('says what stops an import and whether subscribers can be matched', () => {
    expect(mappingProblems([null, null])).toEqual(['nothingMapped']);
    expect(mappingProblems(['email', 'email'])).toEqual(['duplicateTarget']);
    expect(mappingProblems(['email', null])).toEqual([]);
    expect(mapsMatchingKey(['firstname', 'ref'])).toBe(true);
    expect(mapsMatchingKey(['firstname'])).toBe(false);
  });

  it('previews the rows as they will be imported: mapped columns only', () => {
    expect(
      previewOfMapping(
        ['email', null, 'firstname'],
        [
          ['a@example.com', 'x', 'Ann'],
          ['b@example.com', 'y'],
        ],
      ),
    ).toEqual({
      targets: ['email', 'firstname'],
      rows: [
        ['a@example.com', 'Ann'],
        ['b@example.com', ''],
      ],
    });
  });
});

describe('import progress', () => {
  it('measures rows per second between the first and last readings', () => {
    expect(rowsPerSecond([])).toBeNull();
    expect(rowsPerSecond([{ at: 1000, done: 0 }])).toBeNull();
    expect(
      rowsPerSecond([
        { at: 1000, done: 0 },
        { at: 3000, done: 500 },
      ]),
    ).toBe(250);
  });

  it('gives a percentage once the total is known', () => {
    expect(progressPercent({ done: 5, total: null })).toBeNull();
    expect(progressPercent({ done: 5, total: 20 })).toBe(25);
    expect(progressPercent({ done: 0, total: 0 })).toBe(100);
    expect(progressPercent({ done: 30, total: 20 })).toBe(100);
  });

  it('reads the outcome counts and the rejected rows report', () => {
    expect(importOutcomeOf({ created: 2, updated: 1, rejected: 1, rejectedReport: 'rej-1' })).toEqual({
      created: 2,
      updated: 1,
      skipped: 0,
      rejected: 1,
      rejectedReport: 'rej-1',
    });
    expect(importOutcomeOf(undefined).rejectedReport).toBeNull();
  });
});

describe('custom field suggestions', () => {
  const fields = [
    { field: 'loyalty_tier', description: '' },
    { field: 'pts', description: 'Reward points' },
  ];
  const targets = importTargets(fields.map((field) => field.field));

  it('matches a header to a field whatever its case, spaces, underscores or hyphens, or by its label', () => {
    expect(comparableName('Loyalty Tier')).toBe(comparableName('loyalty_tier'));
    expect(customFieldForHeader('Loyalty Tier', fields)).toBe('loyalty_tier');
    expect(customFieldForHeader('LOYALTY-TIER', fields)).toBe('loyalty_tier');
    expect(customFieldForHeader('custom.Loyalty_Tier', fields)).toBe('loyalty_tier');
    expect(customFieldForHeader('reward points', fields)).toBe('pts');
    expect(customFieldForHeader('Tier', fields)).toBeNull();
    expect(customFieldForHeader('  ', fields)).toBeNull();
  });

  it('fills skipped columns the user left alone, each target once, keeping what the user chose', () => {
    const header = ['E-mail', 'Loyalty Tier', 'Reward Points', 'loyalty tier'];
    const suggested = ['email', null, null, null];
    const empty = [null, null, null, null];
    expect(suggestMapping(header, suggested, targets, fields, empty, new Set())).toEqual([
      'email',
      'custom.loyalty_tier',
      'custom.pts',
      null,
    ]);
    // The user skipped the tier column on purpose: it stays skipped.
    expect(suggestMapping(header, suggested, targets, fields, empty, new Set([1]))).toEqual([
      'email',
      null,
      'custom.pts',
      'custom.loyalty_tier',
    ]);
    // A field the organization does not have (yet) is not suggested.
    expect(suggestMapping(header, suggested, importTargets([]), fields, empty, new Set())).toEqual([
      'email',
      null,
      null,
      null,
    ]);
  });

  it('names a new field after its header', () => {
    expect(fieldNameForHeader('Loyalty Tier')).toBe('loyalty_tier');
    expect(fieldNameForHeader(' Café-Visits (2024) ')).toBe('cafe_visits_2024');
    expect(fieldNameForHeader('2nd phone')).toBe('field_2nd_phone');
    expect(fieldNameForHeader('会員')).toBe('');
  });
});
