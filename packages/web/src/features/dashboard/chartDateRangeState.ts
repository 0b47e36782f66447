import { createValueStore } from '../../platform/appState/valueStore.ts';
import { defaultChartDateRange } from './chartDateRange.ts';

/** Platform §3 chartDateRange: kept while the page is open, so coming back to the dashboard keeps it. */
export const chartDateRangeState = createValueStore(defaultChartDateRange(new Date()));
