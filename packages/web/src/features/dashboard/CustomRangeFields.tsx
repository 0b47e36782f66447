import { Group } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { DateField } from '../../platform/dates/DateFields.tsx';
import { useValueStore } from '../../platform/appState/valueStore.ts';
import { changeChartDateRange } from './chartDateRange.ts';
import { chartDateRangeState } from './chartDateRangeState.ts';

/**
 * The range's two ends as date pickers, for "Custom range…". Loaded only then: the pickers bring
 * @mantine/dates and dayjs, which the first dashboard does without (docs/decisions/0032-light-first-scripts.md).
 */
export default function CustomRangeFields({ autoFocus }: { autoFocus: boolean }) {
  const { t } = useTranslation();
  const [range, setRange] = useValueStore(chartDateRangeState);
  return (
    <Group gap="sm" align="end">
      <DateField
        label={t('dashboard.from')}
        value={range.from}
        max={range.to}
        onChange={(from) => setRange((previous) => changeChartDateRange(previous, { from }))}
        data-testid="dashboard-date-from"
        autoFocus={autoFocus}
        w={170}
      />
      <DateField
        label={t('dashboard.to')}
        value={range.to}
        min={range.from}
        onChange={(to) => setRange((previous) => changeChartDateRange(previous, { to }))}
        data-testid="dashboard-date-to"
        w={170}
      />
    </Group>
  );
}
