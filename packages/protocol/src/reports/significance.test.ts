import { describe, expect, it } from 'vitest';
import { normalCdf, twoProportionPValue, variationVerdicts } from './significance.ts';

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 12);
    expect(normalCdf(1.959963985)).toBeCloseTo(0.975, 9);
    expect(normalCdf(-1.959963985)).toBeCloseTo(0.025, 9);
    expect(normalCdf(1)).toBeCloseTo(0.841344746, 9);
    expect(normalCdf(-3)).toBeCloseTo(0.001349898, 9);
    expect(normalCdf(8)).toBeCloseTo(1, 12);
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
  });
});

describe('twoProportionPValue', () => {
  it('gives the two-sided p of the pooled z-test', () => {
    // 200/1000 against 150/1000: z ≈ 2.9424, p ≈ 0.003256.
    expect(
      twoProportionPValue({ successes: 200, trials: 1000 }, { successes: 150, trials: 1000 }),
    ).toBeCloseTo(0.003256, 5);
    expect(twoProportionPValue({ successes: 5, trials: 50 }, { successes: 5, trials: 50 })).toBeCloseTo(
      1,
      12,
    );
  });

  it('has nothing to test without trials or without variance', () => {
    expect(twoProportionPValue({ successes: 0, trials: 0 }, { successes: 1, trials: 10 })).toBeNull();
    expect(twoProportionPValue({ successes: 0, trials: 10 }, { successes: 0, trials: 10 })).toBeNull();
    expect(twoProportionPValue({ successes: 10, trials: 10 }, { successes: 5, trials: 5 })).toBeNull();
  });
});

describe('variationVerdicts', () => {
  it('marks the best rate the winner when it beats every other at p < 0.05', () => {
    const verdicts = variationVerdicts([
      { successes: 150, trials: 1000 },
      { successes: 200, trials: 1000 },
      { successes: 100, trials: 1000 },
    ]);
    expect(verdicts.map((verdict) => verdict.winner)).toEqual([false, true, false]);
    expect(verdicts[1]!.pValue).toBeCloseTo(0.003256, 5);
    expect(verdicts[0]!.pValue).toBeCloseTo(0.003256, 5);
    expect(verdicts[2]!.pValue).toBeLessThan(0.001);
  });

  it('marks none when one comparison is not significant', () => {
    const verdicts = variationVerdicts([
      { successes: 190, trials: 1000 },
      { successes: 200, trials: 1000 },
      { successes: 100, trials: 1000 },
    ]);
    expect(verdicts.some((verdict) => verdict.winner)).toBe(false);
    expect(verdicts[1]!.pValue).toBeGreaterThan(0.05);
  });

  it('marks none for a single version, a tie or nothing sent, and ignores a version never sent', () => {
    expect(variationVerdicts([{ successes: 5, trials: 10 }])).toEqual([{ winner: false, pValue: null }]);
    expect(
      variationVerdicts([
        { successes: 50, trials: 100 },
        { successes: 50, trials: 100 },
      ]).some((verdict) => verdict.winner),
    ).toBe(false);
    expect(
      variationVerdicts([
        { successes: 0, trials: 0 },
        { successes: 0, trials: 0 },
      ]),
    ).toEqual([
      { winner: false, pValue: null },
      { winner: false, pValue: null },
    ]);
    const unsent = variationVerdicts([
      { successes: 300, trials: 1000 },
      { successes: 100, trials: 1000 },
      { successes: 0, trials: 0 },
    ]);
    expect(unsent.map((verdict) => verdict.winner)).toEqual([true, false, false]);
    expect(unsent[2]!.pValue).toBeNull();
  });
});
