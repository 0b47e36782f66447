import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CustomFieldStats } from '@herald/protocol';
import { formatDateTime } from '../../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';

/** A custom field's statistics (functional §3): counts, and the most common valid and invalid values. */
export function FieldStats({ stats }: { stats: CustomFieldStats }) {
  const { t, i18n } = useTranslation();
  const figures: Array<[string, number]> = [
    [t('settings.profileFields.stats.withValue'), stats.withValue],
    [t('settings.profileFields.stats.withInvalidValue'), stats.withInvalidValue],
    [t('settings.profileFields.stats.uniqueValues'), stats.uniqueValues],
    [t('settings.profileFields.stats.uniqueInvalidValues'), stats.uniqueInvalidValues],
  ];
  return (
    <Stack data-testid="field-stats">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl" data-testid="field-stat">
              {value.toLocaleString(i18n.language)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ValuesChart
        title={t('settings.profileFields.stats.mostCommonValid')}
        values={stats.mostCommonValid}
        color="teal.6"
        testId="most-common-valid"
      />
      <ValuesChart
        title={t('settings.profileFields.stats.mostCommonInvalid')}
        values={stats.mostCommonInvalid}
        color="red.6"
        testId="most-common-invalid"
      />
      <Text size="xs" c="dimmed" data-testid="field-stats-updated">
        {t('settings.profileFields.stats.updatedAt', {
          date: formatDateTime(stats.updatedAt, i18n.language),
        })}
      </Text>
    </Stack>
  );
}

function ValuesChart({
  title,
  values,
  color,
  testId,
}: {
  title: string;
  values: Array<{ value: string; count: number }>;
  color: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('settings.profileFields.stats.none')}
        </Text>
      ) : (
        <BarChart
          h={Math.max(120, values.length * 28)}
          data={values.map((entry) => ({ value: entry.value, count: entry.count }))}
          dataKey="value"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: t('settings.profileFields.stats.count'), color }]}
        />
      )}
    </Paper>
  );
}
