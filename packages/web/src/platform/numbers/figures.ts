import { formatNumber } from '@herald/protocol';

/**
 * A count as a marketer reads it at a glance: functional §9's three significant figures (1.23M). Cards and
 * tables show this; the exact figure goes beside it on hover (Figure) or in full where the size matters.
 */
export function compactFigure(value: number): string {
  return formatNumber(value);
}

/** The exact figure with the language's digit grouping: 1,234,567 in English, 1.234.567 in Indonesian. */
export function exactFigure(value: number, locale: string): string {
  if (!Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
