/**
 * A percentage as the console shows it (platform §9): 1 decimal, 2 decimals under 10%, decimals kept so
 * a column of figures lines up ('45.3%', '9.87%', '45.0%'). The input is a percent from 0 to 100 (45.3 for
 * 45.3%), not a ratio, because that is the figure reports compute and show. A value that rounds to 10 or
 * more takes 1 decimal ('9.996' → '10.0%'); one that rounds to zero shows no minus sign. NaN and ±Infinity
 * give ''.
 */
export function formatPercentage(percent: number): string {
  if (!Number.isFinite(percent)) return '';
  const magnitude = Math.abs(percent);
  const twoDecimals = magnitude.toFixed(2);
  const text = Number(twoDecimals) < 10 ? twoDecimals : magnitude.toFixed(1);
  const sign = percent < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${text}%`;
}
