import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import {
  ListEmpty,
  ListPagination,
  ListSkeleton,
  RecordsError,
} from '../../../platform/list/ListControls.tsx';
import { useRecords, useWriteRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { useOverlayLink } from '../../../platform/overlay/overlay.ts';
import { usePartitionSets } from './usePartitions.ts';
import type { PartitionSet } from './usePartitions.ts';

/** Partitions are listed by name. */
const PARTITION_ORDER = 'name';

/** Settings › Partitions (admin): the partitions with their subscribers, the partition sets, create and import. */
export default function PartitionsPage() {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const overlayLink = useOverlayLink();
  const [page, setPage] = useState(1);
  const partitions = useRecords('partition', {
    limit: PAGE_LIMIT,
    offset: (page - 1) * PAGE_LIMIT,
    sortKey: PARTITION_ORDER,
    sortOrder: 'asc',
  });
  const sets = usePartitionSets();
  const setName = new Map((sets.data?.records ?? []).map((set) => [set.id, set.name]));
  const records = partitions.data?.records ?? [];
  const withCounts = records.some((partition) => typeof partition.subscriberCount === 'number');
  const base = `/${organization?.organizationId ?? ''}/settings/partitions`;

  return (
    <Stack data-testid="partitions-page" aria-busy={partitions.isFetching}>
      <Group justify="space-between">
        <Title order={1}>{t('settings.partitions.title')}</Title>
        <Group>
          <Button component={Link} to={overlayLink(`${base}/import`)} variant="default">
            {t('settings.partitions.import')}
          </Button>
          <Button component={Link} to={overlayLink(`${base}/new`)} data-testid="new-partition">
            {t('settings.partitions.new')}
          </Button>
        </Group>
      </Group>
      <RecordsError error={partitions.error} />
      {partitions.isPending && !partitions.isError ? (
        <ListSkeleton view="list" />
      ) : records.length === 0 ? (
        <ListEmpty filtered={false} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="partitions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.partitions.id')}</Table.Th>
                <Table.Th>{t('settings.partitions.name')}</Table.Th>
                <Table.Th>{t('settings.partitions.externalRef')}</Table.Th>
                <Table.Th>{t('settings.partitions.set')}</Table.Th>
                {withCounts && <Table.Th>{t('settings.partitions.subscribers')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((partition) => (
                <Table.Tr key={partition.id} data-testid="partition-row" data-partition-id={partition.id}>
                  <Table.Td>{partition.id}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={overlayLink(`${base}/${partition.id}`)}>
                      {partition.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{partition.externalRef ?? ''}</Table.Td>
                  <Table.Td>
                    {partition.partitionSetId === null
                      ? ''
                      : (setName.get(partition.partitionSetId) ?? String(partition.partitionSetId))}
                  </Table.Td>
                  {withCounts && (
                    <Table.Td>{(partition.subscriberCount ?? 0).toLocaleString(i18n.language)}</Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {partitions.data && partitions.data.total > 0 && (
        <ListPagination total={partitions.data.total} page={page} onChange={setPage} />
      )}
      <PartitionSets sets={sets.data?.records ?? []} error={sets.error} />
    </Stack>
  );
}

function PartitionSets({ sets, error }: { sets: PartitionSet[]; error: unknown }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const creating = useWriteRecords('partitionSet', {
    onSuccess: () => {
      setName('');
      showToast(t('settings.partitions.setCreated'));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') creating.mutate([{ name: name.trim() }]);
  };
  return (
    <Paper withBorder p="md" data-testid="partition-sets">
      <Stack>
        <Title order={2} size="h3">
          {t('settings.partitions.setsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.partitions.setsHint')}
        </Text>
        <RecordsError error={error} testId="partition-sets-error" />
        {sets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('settings.partitions.noSets')}
          </Text>
        ) : (
          <Table data-testid="partition-sets-table">
            <Table.Tbody>
              {sets.map((set) => (
                <Table.Tr key={set.id} data-testid="partition-set" data-set-id={set.id}>
                  <Table.Td w={80}>{set.id}</Table.Td>
                  <Table.Td>{set.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={onSubmit}>
          <Group align="flex-end">
            <TextInput
              label={t('settings.partitions.newSet')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              data-testid="new-partition-set-name"
            />
            <Button type="submit" variant="light" loading={creating.isPending} disabled={name.trim() === ''}>
              {t('settings.partitions.createSet')}
            </Button>
          </Group>
        </form>
        <RecordsError error={creating.error} testId="partition-set-error" />
      </Stack>
    </Paper>
  );
}
