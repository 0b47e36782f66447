import type { ActivityReport, Channel } from '@herald/protocol';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { Figure } from '../../../platform/numbers/Figure.tsx';
import { channelFigures, percentOf, type ReportFigure } from './reportModel.ts';

/** The rate shown under a figure, as a share of what was sent. */
const RATES: Partial<Record<ReportFigure, keyof ActivityReport['rates']>> = {
  delivered: 'delivered',
  uniqueOpens: 'open',
  uniqueClicks: 'click',
  unsubscribes: 'unsubscribe',
  bounced: 'bounce',
};

/** The report's figures as cards, those the channel has; rates of sent beneath the ones that have one. */
export function ReportFigures({ report, channel }: { report: ActivityReport; channel: Channel }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} data-testid="report-figures">
      {channelFigures(channel).map((figure) => {
        const rate = RATES[figure];
        return (
          <Paper key={figure} withBorder p="sm">
            <Text size="sm" c="dimmed">
              {t(`activityReport.figures.${figure}`)}
            </Text>
            <Figure value={report[figure]} fz="xl" fw={700} data-testid={`report-figure-${figure}`} />
            {rate && (
              <Text size="xs" c="dimmed" data-testid={`report-rate-${rate}`}>
                {t('activityReport.rateOfSent', { rate: percentOf(report.rates[rate]) })}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
