import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { DisplayView } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagActions } from './TagActions.tsx';
import { TAG_FIGURES, tagFigureText } from './tag.ts';
import type { Tag, TagFigure } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/** The figures a tag's row or card shows: contactable and the predicted scores (functional §3). */
const LISTED_FIGURES = TAG_FIGURES.filter((figure) => figure !== 'subscribers');

/** Tags as cards (grid) or rows (list), each with its figures and actions. */
export function TagsView({
  tags,
  view,
  onRename,
}: {
  tags: readonly Tag[];
  view: DisplayView;
  onRename: (tag: Tag) => void;
}) {
  const { t } = useTranslation();
  const { base } = useTagsAccess();
  const figureLabel = (figure: TagFigure) => t(`tags.figures.${figure}`);
  const name = (tag: Tag) => (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={`${base}/tags/${tag.id}`} fw={600} data-testid="tag-name">
        {tag.name}
      </Anchor>
      {tag.isArchived && (
        <Badge color="gray" variant="light" size="sm">
          {t('tags.archivedBadge')}
        </Badge>
      )}
    </Group>
  );

  if (view === 'grid') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="tag-grid">
        {tags.map((tag) => (
          <Card key={tag.id} withBorder data-testid="tag-card" data-tag-id={tag.id}>
            <Group justify="space-between" wrap="nowrap" mb="xs">
              {name(tag)}
              <TagActions tag={tag} onRename={onRename} />
            </Group>
            {tag.description !== '' && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {tag.description}
              </Text>
            )}
            <SimpleGrid cols={2} spacing="xs" mt="sm">
              {LISTED_FIGURES.map((figure) => (
                <Stack key={figure} gap={0}>
                  <Text size="xs" c="dimmed">
                    {figureLabel(figure)}
                  </Text>
                  <Text fw={600} data-testid={`tag-${figure}`} title={String(tag.stats[figure] ?? '')}>
                    {tagFigureText(tag.stats, figure)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover data-testid="tag-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tags.fields.name')}</Table.Th>
            {LISTED_FIGURES.map((figure) => (
              <Table.Th key={figure} ta="right">
                {figureLabel(figure)}
              </Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tags.map((tag) => (
            <Table.Tr key={tag.id} data-testid="tag-row" data-tag-id={tag.id}>
              <Table.Td>{name(tag)}</Table.Td>
              {LISTED_FIGURES.map((figure) => (
                <Table.Td
                  key={figure}
                  ta="right"
                  data-testid={`tag-${figure}`}
                  title={String(tag.stats[figure] ?? '')}
                >
                  {tagFigureText(tag.stats, figure)}
                </Table.Td>
              ))}
              <Table.Td>
                <TagActions tag={tag} onRename={onRename} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
