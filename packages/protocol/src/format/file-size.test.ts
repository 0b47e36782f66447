import { describe, it, expect } from 'vitest';
import { formatFileSize } from './file-size.ts';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;
const PB = TB * 1024;

describe('formatFileSize', () => {
  it.each<[number, string]>([
    [0, '0 B'],
    [1, '1 B'],
    [999, '999 B'],
    [1000, '1000 B'],
    [1023, '1023 B'],
    [1023.4, '1023 B'],
    // Rounds up across the unit boundary.
    [1023.9, '1 KB'],
    [KB, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [12.34 * KB, '12.3 KB'],
    [500 * KB, '500 KB'],
    [1023 * KB, '1023 KB'],
    [MB - 1, '1 MB'],
    [MB, '1 MB'],
    [2.5 * MB, '2.5 MB'],
    [GB, '1 GB'],
    [1.25 * TB, '1.25 TB'],
    [PB, '1 PB'],
    // PB is the largest unit.
    [2048 * PB, '2048 PB'],
    [-1, 'Invalid file size'],
    [-0.5, 'Invalid file size'],
    [Number.NaN, 'Invalid file size'],
    [Number.POSITIVE_INFINITY, 'Invalid file size'],
  ])('%d → %j', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
