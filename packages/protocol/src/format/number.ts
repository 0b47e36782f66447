/**
 * Numbers as the console shows them (platform §9: "3 significant figures"): rounded to 3 significant
 * figures, with a compact suffix from a thousand up, and trailing zeros dropped so that whole values read
 * cleanly. 999 → '999', 1234 → '1.23K', 12345 → '12.3K', 999.5 → '1K', 0.01234 → '0.0123'. Suffixes stop at
 * T: 1.23e15 → '1230T'. A value that cannot be shown (NaN, ±Infinity) gives '' so a cell stays blank.
 */
export const NUMBER_SUFFIXES = ['', 'K', 'M', 'B', 'T'] as const;

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = formatMagnitude(Math.abs(value));
  return value < 0 && text !== '0' ? `-${text}` : text;
}

function formatMagnitude(magnitude: number): string {
  if (magnitude === 0) return '0';
  // toExponential rounds once, in decimal, and reports the exponent after rounding: 999.5 gives '1.00e+3',
  // which is what moves it to the next suffix.
  const [mantissa = '0', exponentText = '0'] = magnitude.toExponential(2).split('e');
  const exponent = Number(exponentText);
  const suffixIndex = Math.min(Math.max(Math.floor(exponent / 3), 0), NUMBER_SUFFIXES.length - 1);
  const digits = mantissa.replace('.', '');
  return placeDecimalPoint(digits, exponent - 3 * suffixIndex + 1) + NUMBER_SUFFIXES[suffixIndex];
}

/**
 * The digits with the point after `integerDigits` of them (zeros added either side as needed), trailing
 * fractional zeros dropped. Done on the decimal string so no binary rounding creeps back in.
 */
export function placeDecimalPoint(digits: string, integerDigits: number): string {
  let whole: string;
  let fraction: string;
  if (integerDigits <= 0) {
    whole = '0';
    fraction = '0'.repeat(-integerDigits) + digits;
  } else if (integerDigits >= digits.length) {
    whole = digits + '0'.repeat(integerDigits - digits.length);
    fraction = '';
  } else {
    whole = digits.slice(0, integerDigits);
    fraction = digits.slice(integerDigits);
  }
  fraction = fraction.replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
