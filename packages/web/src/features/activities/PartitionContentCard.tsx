import type { ActivityRecord, PartitionContent } from '@herald/protocol';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { commandKey, useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { addBlock, draftChanged, draftOf, moveBlock, offeredBlocks } from './partitionContent.ts';
import type { PartitionContentDraft } from './partitionContent.ts';

/** A published content block as the card offers and names it. */
export interface OfferedBlock {
  id: number;
  name: string;
  tags: readonly string[];
  partitionIds: readonly number[];
}

/** A published asset as the card offers and names it. */
export interface OfferedAsset {
  id: number;
  name: string;
}

/**
 * One partition's content of an activity (functional §3 Activity: partitionContent): its content blocks in the
 * order they show (picked from published blocks, moved up or down, removed with removeActivityPartitionContent
 * once stored) and the published assets it opts in to, saved with setActivityPartitionContent.
 */
export function PartitionContentCard({
  activity,
  partition,
  stored,
  blocks,
  assets,
  readOnly,
}: {
  activity: ActivityRecord;
  partition: { id: number; name: string };
  stored: PartitionContent | undefined;
  blocks: readonly OfferedBlock[];
  assets: readonly OfferedAsset[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization()!;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PartitionContentDraft>(() => draftOf(stored));
  const [touched, setTouched] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  // Content stored meanwhile (by this card or someone else) is taken in while this card has no changes.
  useEffect(() => {
    if (!touched) setDraft(draftOf(stored));
  }, [stored, touched]);

  const readParams = { organizationId: organization.organizationId, activityId: activity.id };
  const keep = (answer: { activityId: number; partitionContent: PartitionContent[] }) =>
    queryClient.setQueryData(
      commandKey(organization.channel, 'getActivityPartitionContent', readParams),
      answer,
    );
  const saving = useCommandMutation(organization.channel, 'setActivityPartitionContent', {
    onSuccess: (answer) => {
      keep(answer);
      setTouched(false);
      showToast(t('partitionContent.saved', { partition: partition.name }));
    },
  });
  const removing = useCommandMutation(organization.channel, 'removeActivityPartitionContent', {
    onSuccess: (answer) => keep(answer),
  });

  const change = (next: PartitionContentDraft) => {
    setTouched(true);
    setDraft(next);
  };
  const blockName = (id: number) =>
    blocks.find((block) => block.id === id)?.name ?? t('partitionContent.unknownBlock', { id });
  const storedBlockIds = draftOf(stored).blockIds;
  const remove = (blockId: number) => {
    const rest = { ...draft, blockIds: draft.blockIds.filter((id) => id !== blockId) };
    // A block only in this card's changes is simply dropped; a stored one is taken out on the server at once.
    if (!storedBlockIds.includes(blockId)) {
      change(rest);
      return;
    }
    removing.mutate(
      { ...readParams, partitionId: partition.id, contentId: blockId },
      {
        onSuccess: () => {
          setDraft(rest);
          showToast(t('partitionContent.removed', { name: blockName(blockId) }));
        },
      },
    );
  };
  const save = () =>
    saving.mutate({
      ...readParams,
      partitionId: partition.id,
      assetOptins: draft.assetOptins,
      lsm: draft.blockIds.map((contentId) => ({ contentId })),
    });
  const offered = offeredBlocks(blocks, partition.id, draft.blockIds);
  const assetOptions = [
    ...assets.map((asset) => ({ value: String(asset.id), label: asset.name })),
    // Opted-in assets no longer published still show, so saving does not drop them unseen.
    ...draft.assetOptins
      .filter((id) => !assets.some((asset) => asset.id === id))
      .map((id) => ({ value: String(id), label: t('partitionContent.unknownAsset', { id }) })),
  ];
  const changed = draftChanged(draft, stored);
  const headingId = `partition-content-${partition.id}-title`;

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="partition-content"
      data-partition-id={partition.id}
    >
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id={headingId}>
            {partition.name}
          </Title>
          {changed && (
            <Badge color="yellow" variant="light" data-testid="partition-content-unsaved">
              {t('partitionContent.unsaved')}
            </Badge>
          )}
        </Group>
        <RecordsError error={saving.error} testId="partition-content-save-error" />
        <RecordsError error={removing.error} testId="partition-content-remove-error" />
        <Title order={3} size="h5">
          {t('partitionContent.blocks')}
        </Title>
        {draft.blockIds.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="partition-blocks-empty">
            {t('partitionContent.noBlocks')}
          </Text>
        ) : (
          <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {draft.blockIds.map((blockId, index) => {
              const name = blockName(blockId);
              return (
                <Group
                  key={blockId}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="partition-block"
                  data-block-id={blockId}
                >
                  <Text size="sm">
                    {index + 1}. {name}
                  </Text>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === 0}
                        aria-label={t('partitionContent.moveUp', { name })}
                        onClick={() => change({ ...draft, blockIds: moveBlock(draft.blockIds, index, -1) })}
                        data-testid="partition-block-up"
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === draft.blockIds.length - 1}
                        aria-label={t('partitionContent.moveDown', { name })}
                        onClick={() => change({ ...draft, blockIds: moveBlock(draft.blockIds, index, 1) })}
                        data-testid="partition-block-down"
                      >
                        ↓
                      </ActionIcon>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-xs"
                        loading={removing.isPending && removing.variables?.contentId === blockId}
                        aria-label={t('partitionContent.remove', { name })}
                        onClick={() => remove(blockId)}
                        data-testid="partition-block-remove"
                      >
                        {t('partitionContent.removeShort')}
                      </Button>
                    </Group>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        {!readOnly && (
          <Group align="flex-end">
            <Select
              label={t('partitionContent.addBlock')}
              placeholder={
                offered.length > 0 ? t('partitionContent.pickBlock') : t('partitionContent.noBlocksToPick')
              }
              data={offered.map((block) => ({
                value: String(block.id),
                label: block.tags.length > 0 ? `${block.name} (${block.tags.join(', ')})` : block.name,
              }))}
              value={picked}
              onChange={setPicked}
              disabled={offered.length === 0}
              searchable
              style={{ flex: 1 }}
              data-testid="partition-block-picker"
            />
            <Button
              variant="light"
              disabled={picked === null}
              onClick={() => {
                if (picked === null) return;
                change({ ...draft, blockIds: addBlock(draft.blockIds, Number(picked)) });
                setPicked(null);
              }}
              data-testid="partition-block-add"
            >
              {t('partitionContent.add')}
            </Button>
          </Group>
        )}
        <MultiSelect
          label={t('partitionContent.assets')}
          description={t('partitionContent.assetsHint')}
          placeholder={assetOptions.length === 0 ? t('partitionContent.noAssetsToPick') : undefined}
          data={assetOptions}
          value={draft.assetOptins.map(String)}
          onChange={(values) => change({ ...draft, assetOptins: values.map(Number) })}
          readOnly={readOnly}
          searchable
          data-testid="partition-assets"
        />
        {!readOnly && (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!changed}
              onClick={() => {
                setTouched(false);
                setDraft(draftOf(stored));
              }}
              data-testid="partition-content-discard"
            >
              {t('partitionContent.discard')}
            </Button>
            <Button
              disabled={!changed}
              loading={saving.isPending}
              onClick={save}
              aria-label={t('partitionContent.save', { partition: partition.name })}
              data-testid="partition-content-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
