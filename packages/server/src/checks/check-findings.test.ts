import { describe, expect, it } from 'vitest';
import { checkOutcome } from './check-findings.ts';

describe('checkOutcome', () => {
  it('passes with its message when nothing was found', () => {
    expect(checkOutcome('links', [], 'All good.', 3)).toEqual({
      name: 'links',
      status: 'pass',
      message: 'All good.',
    });
  });

  it('answers the worst finding, lists each once and names the versions of those not in all', () => {
    const result = checkOutcome(
      'images',
      [
        { status: 'warn', text: 'No alt.', variation: 0 },
        { status: 'warn', text: 'No alt.', variation: 1 },
        { status: 'fail', text: 'Gone.', variation: 1 },
      ],
      '',
      2,
    );
    expect(result).toEqual({
      name: 'images',
      status: 'fail',
      message: 'Gone. (and 1 more)',
      details: ['No alt.', 'Version 1: Gone.'],
    });
  });

  it('sets the variation when every finding is in one version', () => {
    const result = checkOutcome('size', [{ status: 'warn', text: 'Big.', variation: 2 }], '', 4);
    expect(result.variation).toBe(2);
    expect(result.details).toEqual(['Version 2: Big.']);
  });
});
