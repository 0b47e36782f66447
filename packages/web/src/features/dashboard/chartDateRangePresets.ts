import { defaultChartDateRange, isoDate, type ChartDateRange } from './chartDateRange.ts';

/** The ranges the dashboard offers in one choice, as Klaviyo's and Mailchimp's reports do. */
export const CHART_DATE_RANGE_PRESETS = ['sinceStart', 'last30Days', 'last12Months', 'thisYear'] as const;
export type ChartDateRangePreset = (typeof CHART_DATE_RANGE_PRESETS)[number];

/**
 * A preset's range on `today`, which ends it (a UTC date, as the default range's end is): the default range
 * (platform §9, since 2000-02-01), the last 30 days counting today, the twelve calendar months ending with this
 * one (so the chart shows twelve monthly bars, the first not cut short), and this year so far.
 */
export function presetRange(preset: ChartDateRangePreset, today: Date): ChartDateRange {
  const to = isoDate(today);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (preset) {
    case 'sinceStart':
      return defaultChartDateRange(today);
    case 'last30Days':
      return { from: isoDate(new Date(Date.UTC(year, month, today.getUTCDate() - 29))), to };
    case 'last12Months':
      return { from: isoDate(new Date(Date.UTC(year, month - 11, 1))), to };
    case 'thisYear':
      return { from: `${year}-01-01`, to };
  }
}

/**
 * The preset whose range on `today` is `range`, the first one where two coincide (in December the last twelve
 * months are this year); none for a range the user picked date by date. A range kept from yesterday no longer
 * ends today, so it is a custom range then.
 */
export function presetOf(range: ChartDateRange, today: Date): ChartDateRangePreset | undefined {
  return CHART_DATE_RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
}
