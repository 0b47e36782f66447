import { errorMessage } from '../errors/herald-error.ts';
import { placeDecimalPoint } from './number.ts';

export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const STEP = 1024;

/**
 * A file size as the console shows it (platform §9): B to PB in 1024 steps, 3 significant figures without
 * trailing zeros, but never fewer digits than the whole part has ('1023 B', '500 KB', '1.5 MB'). Bytes are
 * whole. A value that rounds up to 1024 moves to the next unit ('1023.9' → '1 KB'). A negative size, or one
 * that is not a number, returns the catalogue text 'Invalid file size' (platform §8) rather than throwing,
 * since the caller is always a display.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return errorMessage('InvalidFileSizeError');
  let unitIndex = 0;
  let value = bytes;
  while (value >= STEP && unitIndex < FILE_SIZE_UNITS.length - 1) {
    value /= STEP;
    unitIndex += 1;
  }
  let text = roundInUnit(value, unitIndex);
  if (Number(text) >= STEP && unitIndex < FILE_SIZE_UNITS.length - 1) {
    unitIndex += 1;
    text = roundInUnit(value / STEP, unitIndex);
  }
  return `${text} ${FILE_SIZE_UNITS[unitIndex]}`;
}

function roundInUnit(value: number, unitIndex: number): string {
  if (unitIndex === 0 || value >= 100) return String(Math.round(value));
  if (value === 0) return '0';
  const [mantissa = '0', exponent = '0'] = value.toExponential(2).split('e');
  return placeDecimalPoint(mantissa.replace('.', ''), Number(exponent) + 1);
}
