import { Group } from '@mantine/core';
import { DateField } from '../../platform/dates/DateFields.tsx';
import { useValueStore } from '../../platform/appState/valueStore.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { changeChartDateRange } from './chartDateRange.ts';
import { chartDateRangeState } from './chartDateRangeState.ts';

/** The dashboard's date range, two pickers; loaded on its own so the pickers arrive after the figures. */
export default function DashboardRange() {
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
