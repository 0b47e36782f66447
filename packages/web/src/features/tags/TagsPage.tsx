import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import type { ListColumn } from '../../platform/list/ResourceListPage.tsx';
import { TagActions } from './TagActions.tsx';
import { TagFormModal } from './TagFormModal.tsx';
import { TAG_FIGURES, tagFigureText, tagListDefinition, tagQueryFilter } from './tag.ts';
import type { Tag, TagFigure } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/** The figures a tag's row or card shows: contactable and the predicted scores (functional §3). */
const LISTED_FIGURES = TAG_FIGURES.filter((figure) => figure !== 'subscribers');

/** The tag form: closed, a new tag, or renaming one. */
type Editing = { tag: Tag | null } | null;

/**
 * Settings › Tags (functional §3): the organization's tags with the figures of the tagged (contactable,
 * predicted engagement, conversion and value), searched, filtered by archive state; managers create, rename
 * and archive them. The list state lives in the address.
 */
export default function TagsPage() {
  const { t } = useTranslation();
  const { base, canManage } = useTagsAccess();
  const [editing, setEditing] = useState<Editing>(null);
  const create = () => setEditing({ tag: null });
  const rename = (tag: Tag) => setEditing({ tag });
  const figureLabel = (figure: TagFigure) => t(`tags.figures.${figure}`);
  const name = (tag: Tag) => (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={`${base}/settings/tags/${tag.id}`} fw={600} data-testid="tag-name">
        {tag.name}
      </Anchor>
      {tag.isArchived && (
        <Badge color="gray" variant="light" size="sm">
          {t('tags.archivedBadge')}
        </Badge>
      )}
    </Group>
  );
  const figureColumns = LISTED_FIGURES.map((figure): ListColumn<Tag> => ({
    header: figureLabel(figure),
    align: 'right',
    cell: (tag) => tagFigureText(tag.stats, figure),
    cellProps: (tag) => ({ 'data-testid': `tag-${figure}`, title: String(tag.stats[figure] ?? '') }),
  }));

  return (
    <ResourceListPage
      type="tag"
      definition={tagListDefinition}
      queryFilter={tagQueryFilter}
      queryKey="tags"
      labels="tags"
      item="tag"
      testId="tags-page"
      actions={
        canManage && (
          <Button onClick={create} data-testid="new-tag">
            {t('tags.new')}
          </Button>
        )
      }
      firstUse={
        <>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('tags.emptyHint')}
          </Text>
          {canManage && (
            <Button variant="light" onClick={create} data-testid="create-first-tag">
              {t('tags.createFirst')}
            </Button>
          )}
        </>
      }
      card={(tag) => (
        <>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            {name(tag)}
            <TagActions tag={tag} onRename={rename} />
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
        </>
      )}
      tableMinWidth={760}
      columns={[
        { header: t('tags.fields.name'), cell: name },
        ...figureColumns,
        {
          header: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
          cell: (tag) => <TagActions tag={tag} onRename={rename} />,
        },
      ]}
    >
      <TagFormModal opened={editing !== null} tag={editing?.tag ?? null} onClose={() => setEditing(null)} />
    </ResourceListPage>
  );
}
