import { formatNumber } from './number.ts';

/**
 * Currency symbols for the currencies Herald's organizations use. Dollars other than the US dollar carry
 * their country so that two organizations' reports cannot be misread.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  AUD: 'A$',
  NZD: 'NZ$',
  SGD: 'S$',
  HKD: 'HK$',
  TWD: 'NT$',
  IDR: 'Rp',
  JPY: '¥',
  CNY: 'CN¥',
  GBP: '£',
  EUR: '€',
};

/** Platform §9: the euro sign follows the amount; every other symbol precedes it. */
const SUFFIX_CURRENCIES: ReadonlySet<string> = new Set(['EUR']);

/**
 * Money as the console shows it (platform §9): the number formatted like formatNumber (3 significant
 * figures, compact suffix), except that an amount that rounds to under 1 shows 2 decimals ('$0.50'); the
 * symbol before it, or after it with a space for the euro ('1.23K €'). A currency without a symbol here
 * shows its code ('CHF 12.3'). A value that cannot be shown gives ''.
 */
export function formatMoney(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return '';
  const code = currency.trim().toUpperCase();
  const magnitude = Math.abs(amount);
  const cents = Math.round(magnitude * 100);
  // 0.999 rounds to 1.00 in cents, so it is shown as 1, not as '0.999'.
  const number = cents < 100 ? (cents / 100).toFixed(2) : formatNumber(Math.max(magnitude, 1));
  const sign = amount < 0 && cents > 0 ? '-' : '';
  if (SUFFIX_CURRENCIES.has(code)) return `${sign}${number} ${CURRENCY_SYMBOLS[code] ?? code}`;
  const symbol = CURRENCY_SYMBOLS[code];
  if (symbol !== undefined) return `${sign}${symbol}${number}`;
  return code ? `${sign}${code} ${number}` : `${sign}${number}`;
}
