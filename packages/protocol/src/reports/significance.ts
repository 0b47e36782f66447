/**
 * The standard normal distribution's cumulative probability, P(Z ≤ z). W. J. Cody's rational approximation of
 * erfc as used by Hart (Algorithm 5666 in "Computer Approximations"), accurate to about 1e-14: plenty for a
 * p-value shown to three places, and no dependency for one function.
 */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  const x = Math.abs(z);
  let tail = 0;
  if (x <= 37) {
    const e = Math.exp((-x * x) / 2);
    if (x < 7.07106781186547) tail = (e * horner(TAIL_NUMERATOR, x)) / horner(TAIL_DENOMINATOR, x);
    else tail = e / (x + 1 / (x + 2 / (x + 3 / (x + 4 / (x + 0.65))))) / 2.506628274631;
  }
  return z < 0 ? tail : 1 - tail;
}

/** Hart's coefficients, highest power first. */
const TAIL_NUMERATOR = [
  0.0352624965998911, 0.700383064443688, 6.37396220353165, 33.912866078383, 112.079291497871,
  221.213596169931, 220.206867912376,
];
const TAIL_DENOMINATOR = [
  0.0883883476483184, 1.75566716318264, 16.064177579207, 86.7807322029461, 296.564248779674, 637.333633378831,
  793.826512519948, 440.413735824752,
];

function horner(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);
}

/** One group of a comparison of proportions: how many tried, how many succeeded. */
export interface Proportion {
  successes: number;
  trials: number;
}

/**
 * The two-sided p-value of a two-proportion z-test (pooled standard error): how likely a difference at
 * least this large would be if both groups had the same rate. Null when either group is empty or the pooled
 * rate is 0 or 1 (no variance: nothing to test).
 */
export function twoProportionPValue(a: Proportion, b: Proportion): number | null {
  if (a.trials <= 0 || b.trials <= 0) return null;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const variance = pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials);
  if (!(variance > 0)) return null;
  const z = (a.successes / a.trials - b.successes / b.trials) / Math.sqrt(variance);
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

/** The significance level a variation must beat every other at to be marked the winner. */
export const VARIATION_SIGNIFICANCE_LEVEL = 0.05;

/** A variation's verdict: whether it won, and its p-value against the leader (the leader's: its largest). */
export interface VariationVerdict {
  winner: boolean;
  pValue: number | null;
}

/**
 * Which of several versions won: the one with the best rate whose two-proportion z-test against each other
 * version gives p < 0.05. Every version gets a p-value: the leader its largest against the others (the one
 * that decides), the others theirs against the leader; null where there is nothing to test (a version never
 * sent, a single version). No winner when the best rate is shared or any comparison is not significant.
 */
export function variationVerdicts(groups: readonly Proportion[]): VariationVerdict[] {
  const rate = (group: Proportion) => (group.trials > 0 ? group.successes / group.trials : -1);
  let leader = -1;
  groups.forEach((group, index) => {
    if (group.trials > 0 && (leader < 0 || rate(group) > rate(groups[leader]!))) leader = index;
  });
  if (leader < 0 || groups.length < 2) return groups.map(() => ({ winner: false, pValue: null }));
  const best = groups[leader]!;
  const pValues = groups.map((group, index) => (index === leader ? null : twoProportionPValue(best, group)));
  const others = pValues.filter((_, index) => index !== leader);
  const tested = others.filter((value): value is number => value !== null);
  const shared = groups.some(
    (group, index) => index !== leader && group.trials > 0 && rate(group) === rate(best),
  );
  const won =
    !shared &&
    tested.length > 0 &&
    others.every((value, index) => {
      const group = groups.filter((_, at) => at !== leader)[index]!;
      // A version never sent is no rival; one sent must be beaten significantly.
      return group.trials === 0 || (value !== null && value < VARIATION_SIGNIFICANCE_LEVEL);
    });
  return groups.map((_, index) =>
    index === leader
      ? { winner: won, pValue: tested.length > 0 ? Math.max(...tested) : null }
      : { winner: false, pValue: pValues[index] ?? null },
  );
}
