import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { AssetsTabs } from '../assets/AssetsTabs.tsx';
import { ContentBlockFormModal } from './ContentBlockFormModal.tsx';
import { contentBlockListDefinition, contentBlockQueryFilter } from './contentBlock.ts';
import type { ContentBlock } from './contentBlock.ts';

type Editing = { block: ContentBlock | null } | null;

/**
 * Content blocks (functional §3), a tab of the assets page: reusable HTML or MJML with tags, a published status
 * (only published blocks are offered to the e-mail editor and to partition content) and a target.
 */
export default function ContentBlocksPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const base = `/${organization?.organizationId ?? ''}`;
  const { canWrite } = useResourceAccess('contentBlock');
  const [editing, setEditing] = useState<Editing>(null);
  const name = (block: ContentBlock) => (
    <Group gap="xs" wrap="nowrap">
      {canWrite ? (
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => setEditing({ block })}
          data-testid="content-block-name-link"
        >
          {block.name}
        </Anchor>
      ) : (
        <Text fw={600}>{block.name}</Text>
      )}
      <Badge color={block.isPublished ? 'teal' : 'gray'} variant="light" size="sm">
        {block.isPublished ? t('contentBlocks.published') : t('contentBlocks.draft')}
      </Badge>
    </Group>
  );
  const tags = (block: ContentBlock) => (block.tags.length > 0 ? block.tags.join(', ') : '—');

  return (
    <ResourceListPage
      type="contentBlock"
      definition={contentBlockListDefinition}
      queryFilter={contentBlockQueryFilter}
      queryKey="contentBlocks"
      labels="contentBlocks"
      item="content-block"
      testId="content-blocks-page"
      notice={<AssetsTabs base={base} current="blocks" />}
      actions={
        canWrite && (
          <Button onClick={() => setEditing({ block: null })} data-testid="new-content-block">
            {t('contentBlocks.new')}
          </Button>
        )
      }
      firstUse={
        <Stack align="center" gap="xs">
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('contentBlocks.emptyHint')}
          </Text>
        </Stack>
      }
      card={(block) => (
        <Stack gap={4}>
          {name(block)}
          <Text size="xs" c="dimmed">
            {t(`contentBlocks.formats.${block.format}`)} · {tags(block)}
          </Text>
          {block.target && (
            <Text size="xs" ff="monospace" lineClamp={1}>
              {block.target}
            </Text>
          )}
        </Stack>
      )}
      tableMinWidth={640}
      columns={[
        { header: t('contentBlocks.fields.name'), cell: name },
        {
          header: t('contentBlocks.fields.format'),
          cell: (block) => t(`contentBlocks.formats.${block.format}`),
        },
        { header: t('contentBlocks.fields.tags'), cell: tags },
        { header: t('contentBlocks.fields.target'), cell: (block) => block.target ?? '—' },
      ]}
    >
      <ContentBlockFormModal
        opened={editing !== null}
        block={editing?.block ?? null}
        onClose={() => setEditing(null)}
      />
    </ResourceListPage>
  );
}
