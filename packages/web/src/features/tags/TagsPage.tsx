import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ListEmpty,
  ListPagination,
  ListSkeleton,
  ListToolbar,
  RecordsError,
} from '../../platform/list/ListControls.tsx';
import { defaultListParams, queryWindow } from '../../platform/list/listParams.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { TagFormModal } from './TagFormModal.tsx';
import { TagsView } from './TagsView.tsx';
import { TAG_FILTERS, TAG_SORT_KEYS, tagListDefinition, tagQueryFilter } from './tag.ts';
import type { Tag } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/** Names the screen's queries, so a newer one cancels an older still running. */
const TAGS_QUERY = 'tags';

/** The tag form: closed, a new tag, or renaming one. */
type Editing = { tag: Tag | null } | null;

/**
 * Settings › Tags (functional §3): the organization's tags with the figures of the tagged (contactable,
 * predicted engagement, conversion and value), searched, filtered by archive state; managers create, rename
 * and archive them. The list state lives in the address.
 */
export default function TagsPage() {
  const { t } = useTranslation();
  const { canManage } = useTagsAccess();
  const [params, change] = useListParams(tagListDefinition);
  const [editing, setEditing] = useState<Editing>(null);
  const tags = useRecords<Tag>('tag', {
    filter: tagQueryFilter(params),
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: TAGS_QUERY,
  });
  const defaults = defaultListParams(tagListDefinition);
  const filtered = params.search !== '' || params.filter !== defaults.filter;
  const records = tags.data?.records ?? [];
  const create = () => setEditing({ tag: null });

  return (
    <Stack data-testid="tags-page" aria-busy={tags.isFetching}>
      <Group justify="space-between">
        <Title order={1}>{t('tags.title')}</Title>
        {canManage && (
          <Button onClick={create} data-testid="new-tag">
            {t('tags.new')}
          </Button>
        )}
      </Group>
      <ListToolbar
        params={params}
        onChange={change}
        filters={TAG_FILTERS.map((value) => ({ value, label: t(`tags.filters.${value}`) }))}
        sortKeys={TAG_SORT_KEYS.map((value) => ({ value, label: t(`tags.sortKeys.${value}`) }))}
      />
      <RecordsError error={tags.error} />
      {tags.isPending && !tags.isError ? (
        <ListSkeleton view={params.view} />
      ) : records.length === 0 ? (
        <ListEmpty filtered={filtered}>
          {!filtered && (
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              {t('tags.emptyHint')}
            </Text>
          )}
          {!filtered && canManage && (
            <Button variant="light" onClick={create} data-testid="create-first-tag">
              {t('tags.createFirst')}
            </Button>
          )}
        </ListEmpty>
      ) : (
        <TagsView tags={records} view={params.view} onRename={(tag) => setEditing({ tag })} />
      )}
      {tags.data && tags.data.total > 0 && (
        <ListPagination total={tags.data.total} page={params.page} onChange={(page) => change({ page })} />
      )}
      <TagFormModal opened={editing !== null} tag={editing?.tag ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
