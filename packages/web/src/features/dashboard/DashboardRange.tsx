import { AccordionChevron, Button, Group, Menu, Skeleton } from '@mantine/core';
import { DEFAULT_CHART_DATE_RANGE_START } from '@herald/protocol';
import { Suspense, lazy, useState } from 'react';
import { useValueStore } from '../../platform/appState/valueStore.ts';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { chartDateRangeState } from './chartDateRangeState.ts';
import { CHART_DATE_RANGE_PRESETS, presetOf, presetRange } from './chartDateRangePresets.ts';

const CustomRangeFields = lazy(() => import('./CustomRangeFields.tsx'));

/**
 * The dashboard's date range: a button naming it that opens the presets and "Custom range…", which shows the
 * two date pickers. A range that is no preset (picked date by date, and kept from an earlier visit) shows its
 * pickers straight away, so what the charts show can be changed where it was set.
 */
export function DashboardRange() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useValueStore(chartDateRangeState);
  // "Custom range…" chosen here, while the range may still be a preset's until a date is picked.
  const [customChosen, setCustomChosen] = useState(false);
  const preset = customChosen ? undefined : presetOf(range, new Date());
  const labels = {
    sinceStart: t('dashboard.range.sinceStart', {
      date: displayDate(DEFAULT_CHART_DATE_RANGE_START, i18n.language),
    }),
    last30Days: t('dashboard.range.last30Days'),
    last12Months: t('dashboard.range.last12Months'),
    thisYear: t('dashboard.range.thisYear'),
  };
  const shown = `${displayDate(range.from, i18n.language)} – ${displayDate(range.to, i18n.language)}`;
  const choose = (value: string | null) => {
    const chosen = CHART_DATE_RANGE_PRESETS.find((one) => one === value);
    setCustomChosen(chosen === undefined);
    if (chosen) setRange(presetRange(chosen, new Date()));
  };
  return (
    <Group gap="sm" align="end">
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<AccordionChevron size={14} />}
            aria-label={t('dashboard.range.button', { range: shown })}
            data-testid="dashboard-range"
          >
            {shown}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.RadioGroup value={preset ?? 'custom'} onChange={choose}>
            {CHART_DATE_RANGE_PRESETS.map((one) => (
              <Menu.RadioItem
                key={one}
                value={one}
                closeMenuOnClick
                data-testid="dashboard-range-preset"
                data-preset={one}
              >
                {labels[one]}
              </Menu.RadioItem>
            ))}
            <Menu.Divider />
            <Menu.RadioItem value="custom" closeMenuOnClick data-testid="dashboard-range-custom">
              {t('dashboard.range.custom')}
            </Menu.RadioItem>
          </Menu.RadioGroup>
        </Menu.Dropdown>
      </Menu>
      {preset === undefined && (
        <Suspense fallback={<Skeleton h={60} w={350} />}>
          {/* Chosen just now from the menu: the first picker takes focus, so the keyboard goes on there. */}
          <CustomRangeFields autoFocus={customChosen} />
        </Suspense>
      )}
    </Group>
  );
}
