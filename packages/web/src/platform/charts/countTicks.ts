/**
 * The value axis of a chart of counts: ticks from 0 to at least `max`, about `target` of them, a round step
 * apart (1, 2, 5 or 10 times a power of ten, and 2.5 times from 25 up). Every tick is a whole number: a count
 * has no halves, so a 0.5 tick would name a value no bar can reach.
 */
export function countTicks(max: number, target = 5): number[] {
  const top = Math.max(0, Math.ceil(max));
  // Nothing to show still needs an axis; 0 to 1 keeps the baseline at the bottom.
  if (top === 0) return [0, 1];
  const step = roundStep(top / target);
  const ticks: number[] = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}

/** The smallest round whole step at least `rough`. */
function roundStep(rough: number): number {
  if (rough <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const factors = power >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  return (factors.find((factor) => factor * power >= rough) ?? 10) * power;
}
