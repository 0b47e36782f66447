import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatPercentage, type EngagementFigures } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { Figure } from '../../platform/numbers/Figure.tsx';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { figureRate, type RatedFigure } from './engagement.ts';

export type CardFigure = 'sent' | RatedFigure;

/**
 * A card a figure: its count, and beside opens and clicks the unique ones, and the rate of the sends (unique
 * opens and clicks, unsubscribes, bounces). Each card is `engagement-figure-{name}`, its count's `data-exact`
 * the plain number.
 */
export function EngagementCards({
  figures,
  shown,
}: {
  figures: EngagementFigures;
  shown: readonly CardFigure[];
}) {
  const { t, i18n } = useTranslation();
  const unique = { opens: figures.uniqueOpens, clicks: figures.uniqueClicks } as const;
  return (
    <SimpleGrid cols={{ base: 2, md: shown.length }}>
      {shown.map((figure) => {
        const rate = figure === 'sent' ? null : figureRate(figures, figure);
        return (
          <Paper key={figure} withBorder p="md" data-testid={`engagement-figure-${figure}`}>
            <Text size="sm" c="dimmed">
              {t(`engagement.figures.${figure}`)}
            </Text>
            <Figure value={figures[figure]} fz="xl" fw={700} data-testid="engagement-figure-value" />
            {(figure === 'opens' || figure === 'clicks') && (
              <Text size="xs" c="dimmed" data-testid="engagement-figure-unique" data-exact={unique[figure]}>
                {t('engagement.unique', { count: exactFigure(unique[figure], i18n.language) })}
              </Text>
            )}
            {rate !== null && (
              <Text size="xs" c="dimmed" data-testid="engagement-figure-rate">
                {t('engagement.rateOfSent', { rate: formatPercentage(rate) })}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
