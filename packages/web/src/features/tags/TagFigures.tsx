import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { TAG_FIGURES, tagFigureText } from './tag.ts';
import type { Tag } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/**
 * A tag's figures as stat cards, with when they were counted and a "Recount" (updateTagStats). The server
 * pushes the recounted tag, which brings the new figures here.
 */
export function TagFigures({ tag }: { tag: Tag }) {
  const { t, i18n } = useTranslation();
  const { organization } = useTagsAccess();
  const recount = useCommandMutation(organization.channel, 'updateTagStats', {
    onSuccess: () => showToast(t('tags.recounted', { name: tag.name })),
  });
  // The recount's answer is what a partition-restricted user may see (their partitions' figures); a later
  // change of the tag (subscribers removed meanwhile) brings newer figures, which win.
  const recounted = recount.data?.stats;
  const stats =
    recounted && countedAt(recounted.updatedAt) >= countedAt(tag.stats.updatedAt) ? recounted : tag.stats;
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="tag-counted-at">
          {stats.updatedAt
            ? t('tags.countedAt', { date: formatDateTime(stats.updatedAt, i18n.language) })
            : t('tags.notCounted')}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={recount.isPending}
          onClick={() => recount.mutate({ organizationId: organization.organizationId, tagId: tag.id })}
          data-testid="tag-recount"
        >
          {t('tags.recount')}
        </Button>
      </Group>
      <RecordsError error={recount.error} testId="tag-recount-error" />
      <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="tag-figures">
        {TAG_FIGURES.map((figure) => (
          <Paper key={figure} withBorder p="sm" data-testid="tag-figure" data-figure={figure}>
            <Text size="xs" c="dimmed" tt="uppercase">
              {t(`tags.figures.${figure}`)}
            </Text>
            <Text fw={700} size="xl" data-testid="tag-figure-value" title={String(stats[figure] ?? '')}>
              {tagFigureText(stats, figure)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}

const countedAt = (updatedAt: string | null) => (updatedAt ? Date.parse(updatedAt) : 0);
