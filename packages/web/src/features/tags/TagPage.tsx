import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecord } from '../../platform/list/useRecords.ts';
import type { Tag } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';
import { AddTagSubscribers } from './AddTagSubscribers.tsx';
import { TagFigures } from './TagFigures.tsx';
import { TagSubscribers } from './TagSubscribers.tsx';

/** An id from the path, or null when it is none. */
function pathId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A tag (`settings/tags/{id}`, platform §2): its figures with a recount, and its subscribers, whom managers add and remove. */
export default function TagPage() {
  const { t } = useTranslation();
  const tagId = pathId(useParams().id);
  const loaded = useRecord('tag', tagId);
  const tag = loaded.record;
  if (tag) return <TagView tag={tag} />;
  if (tagId !== null && (loaded.isPending || loaded.isFetching))
    return <Text c="dimmed">{t('app.loading')}</Text>;
  if (loaded.error) return <RecordsError error={loaded.error} testId="tag-error" />;
  return <TagNotFound />;
}

function TagNotFound() {
  const { t } = useTranslation();
  const { base } = useTagsAccess();
  return (
    <Alert color="yellow" data-testid="tag-not-found">
      <Stack gap="xs">
        <Text size="sm">{t('tags.notFound')}</Text>
        <Anchor component={Link} to={`${base}/settings/tags`} size="sm">
          {t('tags.backToTags')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function TagView({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const { base, canManage } = useTagsAccess();
  return (
    <Stack data-testid="tag-page" data-tag-id={tag.id}>
      <Anchor component={Link} to={`${base}/settings/tags`} size="sm">
        {t('tags.backToTags')}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{tag.name}</Title>
        {tag.isArchived && (
          <Badge color="gray" variant="light">
            {t('tags.archivedBadge')}
          </Badge>
        )}
      </Group>
      {tag.description !== '' && <Text c="dimmed">{tag.description}</Text>}
      <TagFigures tag={tag} />
      {canManage && !tag.isArchived && <AddTagSubscribers tag={tag} />}
      <TagSubscribers tag={tag} />
    </Stack>
  );
}
