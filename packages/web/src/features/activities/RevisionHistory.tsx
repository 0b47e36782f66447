import { PAGE_LIMIT } from '@herald/protocol';
import type { ActivityRecord, RevisionApprovalStatus } from '@herald/protocol';
import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListPagination, RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { RevisionComparison } from './RevisionComparison.tsx';
import { comparisonPair, toggleSelection } from './revisionChanges.ts';

/** Revisions, the newest first. */
const NEWEST_FIRST = { field: 'timestamp', order: 'desc' } as const;

const APPROVAL_COLORS: Record<RevisionApprovalStatus, string> = {
  none: 'gray',
  requested: 'yellow',
  approved: 'teal',
  rejected: 'red',
  reset: 'orange',
};

/**
 * An activity's revision history (functional §3, §4), newest first and live: restore an earlier revision as a
 * new one (restoreActivityRevision, after a confirm), or tick two and compare them (compareActivityRevisions).
 */
export function RevisionHistory({ activity }: { activity: ActivityRecord }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const canRestore = useResourceAccess('activity').canWrite && !activity.isArchived;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<number | null>(null);
  const revisions = useRecords('activityRevision', {
    filter: { activityId: activity.id },
    sortKey: NEWEST_FIRST.field,
    sortOrder: NEWEST_FIRST.order,
    limit: PAGE_LIMIT,
    offset: (page - 1) * PAGE_LIMIT,
  });
  const restore = useCommandMutation(organization!.channel, 'restoreActivityRevision', {
    onSuccess: ({ revisionId }, { revisionId: from }) => {
      setRestoring(null);
      showToast(t('activities.history.restored', { from, to: revisionId }));
    },
  });
  const compare = useCommandMutation(organization!.channel, 'compareActivityRevisions');
  const pair = comparisonPair(selected);
  const records = revisions.data?.records ?? [];

  return (
    <Paper withBorder p="md" data-testid="revision-history">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('activities.history.title')}
          </Title>
          {records.length > 1 && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('activities.history.tickTwo')}
              </Text>
              <Button
                size="xs"
                variant="light"
                disabled={pair === null}
                loading={compare.isPending}
                onClick={() =>
                  pair &&
                  compare.mutate({
                    organizationId: organization!.organizationId,
                    activityId: activity.id,
                    ...pair,
                  })
                }
                data-testid="compare-revisions"
              >
                {t('activities.history.compare')}
              </Button>
            </Group>
          )}
        </Group>
        <RecordsError error={revisions.error} testId="revision-history-error" />
        <RecordsError error={restore.error} testId="revision-restore-error" />
        <RecordsError error={compare.error} testId="revision-compare-error" />
        {revisions.isPending ? null : records.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="revision-history-empty">
            {t('activities.history.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="revision-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('activities.history.compareColumn')}</Table.Th>
                  <Table.Th>{t('activities.history.revision')}</Table.Th>
                  <Table.Th>{t('activities.history.savedAt')}</Table.Th>
                  <Table.Th>{t('activities.history.approval')}</Table.Th>
                  <Table.Th>{t('activities.fields.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((revision) => {
                  const latest = revision.id === activity.latestRevisionId;
                  return (
                    <Table.Tr key={revision.id} data-testid="revision-row" data-revision-id={revision.id}>
                      <Table.Td>
                        <Checkbox
                          checked={selected.includes(revision.id)}
                          onChange={() => setSelected((current) => toggleSelection(current, revision.id))}
                          aria-label={t('activities.history.tickToCompare', { id: revision.id })}
                          data-testid="revision-compare-tick"
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm">{t('activities.history.revisionNumber', { id: revision.id })}</Text>
                          {latest && (
                            <Badge size="sm" variant="light" data-testid="revision-latest">
                              {t('activities.history.latest')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{displayDateTime(revision.timestamp, i18n.language)}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={APPROVAL_COLORS[revision.approvalStatus]}>
                          {t(`activities.approvalStatuses.${revision.approvalStatus}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {canRestore && !latest && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => setRestoring(revision.id)}
                            aria-label={t('activities.history.restoreRevision', { id: revision.id })}
                            data-testid="revision-restore"
                          >
                            {t('activities.history.restore')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {revisions.data && revisions.data.total > PAGE_LIMIT && (
          <ListPagination total={revisions.data.total} page={page} onChange={setPage} />
        )}
        {compare.data && compare.variables && (
          <RevisionComparison
            changes={compare.data.changes}
            fromRevisionId={compare.variables.fromRevisionId}
            toRevisionId={compare.variables.toRevisionId}
          />
        )}
      </Stack>
      <Modal
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title={t('activities.history.restoreTitle', { id: restoring ?? '' })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="revision-restore-confirm"
      >
        <Stack>
          <Text size="sm">{t('activities.history.restoreConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRestoring(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={restore.isPending}
              onClick={() =>
                restoring !== null &&
                restore.mutate({
                  organizationId: organization!.organizationId,
                  activityId: activity.id,
                  revisionId: restoring,
                })
              }
              data-testid="revision-restore-proceed"
              data-autofocus
            >
              {t('activities.history.restore')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
