import { describe, it, expect } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it.each<[number, string, string]>([
    [1234, 'USD', '$1.23K'],
    [1234, 'AUD', 'A$1.23K'],
    [1234, 'aud', 'A$1.23K'],
    [1234, 'NZD', 'NZ$1.23K'],
    [1234, 'SGD', 'S$1.23K'],
    [1234, 'HKD', 'HK$1.23K'],
    [1234, 'TWD', 'NT$1.23K'],
    [1_500_000, 'IDR', 'Rp1.5M'],
    [1234, 'JPY', '¥1.23K'],
    [1234, 'CNY', 'CN¥1.23K'],
    [1234, 'GBP', '£1.23K'],
    // The euro follows the amount.
    [1234, 'EUR', '1.23K €'],
    [0.5, 'EUR', '0.50 €'],
    // Under 1: 2 decimals.
    [0.5, 'USD', '$0.50'],
    [0.05, 'USD', '$0.05'],
    [0, 'USD', '$0.00'],
    [0.994, 'USD', '$0.99'],
    [0.999, 'USD', '$1'],
    [1, 'USD', '$1'],
    [12.345, 'USD', '$12.3'],
    [999.5, 'USD', '$1K'],
    [-1234, 'USD', '-$1.23K'],
    [-1234, 'EUR', '-1.23K €'],
    [-0.5, 'USD', '-$0.50'],
    [-0.001, 'USD', '$0.00'],
    // A currency without a symbol shows its code.
    [12.3, 'CHF', 'CHF 12.3'],
    [12.3, '', '12.3'],
    [Number.NaN, 'USD', ''],
  ])('%d %s → %j', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });
});
