import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SCORING_FIELDS } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { Subscriber } from './subscriberProfile.ts';

/** Functional §3 scoring fields, computed by Herald; '—' where there is no score yet. */
export function ScoresCard({ subscriber }: { subscriber: Subscriber }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 3 });
  return (
    <Paper withBorder p="md" data-testid="subscriber-scores">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('subscriber.scoresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
          {SCORING_FIELDS.map((field) => {
            const value = subscriber.scores[field];
            return (
              <Stack key={field} gap={0} data-testid="subscriber-score" data-field={field}>
                <Text size="xs" c="dimmed">
                  {t(`subscriber.scores.${field}`)}
                </Text>
                <Text size="sm">{typeof value === 'number' ? number.format(value) : '—'}</Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
