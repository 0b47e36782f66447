import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { Figure } from '../../platform/numbers/Figure.tsx';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecord, useWriteRecords } from '../../platform/list/useRecords.ts';
import { AudienceStatusBadge } from './AudienceStatusBadge.tsx';
import { archiveWrite } from '../../platform/list/archiveWrite.ts';
import { isGenerating } from './audience.ts';
import type { Audience } from './audience.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

/** One audience by id, kept live (its status moves as it generates); `missing` once read without it. */
export function useAudience(id: number | null) {
  const loaded = useRecord('audience', id);
  return {
    ...loaded,
    audience: loaded.record,
    missing: id === null || (!loaded.record && !loaded.isPending && !loaded.isFetching && !loaded.error),
  };
}

export function AudienceNotFound() {
  const { t } = useTranslation();
  const { base } = useAudiencesContext();
  return (
    <Alert color="yellow" data-testid="audience-not-found">
      <Stack gap="xs">
        <Text size="sm">{t('audiences.notFound')}</Text>
        <Anchor component={Link} to={`${base}/audiences`} size="sm">
          {t('audiences.backToAudiences')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The generation steps as a progress bar: queued, calculating, writing the members. */
const PROGRESS: Partial<Record<Audience['status'], number>> = {
  'in-queue': 10,
  calculating: 45,
  'in-progress': 80,
};

/**
 * An audience's header on its own pages: name, status, description, size and when it was generated, the
 * generation's progress or its error, and the actions a database manager has (generate now, archive).
 */
export function AudienceHeader({
  audience,
  title,
  extra,
}: {
  audience: Audience;
  title?: string;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { base, canManage, organization } = useAudiencesContext();
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const generating = useCommandMutation(organization.channel, 'generateAudience', {
    onSuccess: () => showToast(t('audiences.generationQueued', { name: audience.name })),
  });
  const archiving = useWriteRecords('audience', {
    onSuccess: ({ records }) => {
      setConfirmingArchive(false);
      showToast(
        t(records[0]?.isArchived ? 'audiences.archivedToast' : 'audiences.unarchivedToast', {
          name: audience.name,
        }),
      );
    },
  });
  const progress = PROGRESS[audience.status];
  const busy = isGenerating(audience.status) || audience.status === 'locked';

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor component={Link} to={`${base}/audiences`} size="sm">
            {t('audiences.backToAudiences')}
          </Anchor>
          <Group gap="sm">
            <Title order={1} data-testid="audience-title">
              {title ?? audience.name}
            </Title>
            <AudienceStatusBadge status={audience.status} />
            {audience.isArchived && <Text c="dimmed">{t('audiences.archived')}</Text>}
          </Group>
          {audience.description && (
            <Text size="sm" c="dimmed">
              {audience.description}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {extra}
          {canManage && !audience.isArchived && (
            <Button
              variant="default"
              loading={generating.isPending}
              disabled={busy}
              onClick={() =>
                generating.mutate({ organizationId: organization.organizationId, audienceId: audience.id })
              }
              data-testid="audience-generate"
            >
              {t('audiences.generateNow')}
            </Button>
          )}
          {canManage && (
            <Button
              variant="subtle"
              color={audience.isArchived ? undefined : 'orange'}
              onClick={() => setConfirmingArchive(true)}
              data-testid={audience.isArchived ? 'audience-unarchive' : 'audience-archive'}
            >
              {t(audience.isArchived ? 'audiences.unarchive' : 'audiences.archive')}
            </Button>
          )}
        </Group>
      </Group>
      <RecordsError error={generating.error} testId="audience-generate-error" />
      {progress !== undefined && (
        <Stack gap={4} data-testid="audience-progress">
          <Text size="sm">{t(`audiences.progress.${audience.status}`)}</Text>
          <Progress
            value={progress}
            animated
            striped
            aria-label={t(`audiences.statuses.${audience.status}`)}
          />
        </Stack>
      )}
      {audience.status === 'error' && (
        <Alert color="red" data-testid="audience-generation-error">
          {t('errors.AudienceGenerationError')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('audiences.fields.size')}
          </Text>
          {audience.size === null ? (
            <Text fw={700} size="xl" data-testid="audience-size">
              —
            </Text>
          ) : (
            <Figure
              value={audience.size}
              display="exact"
              fw={700}
              size="xl"
              data-testid="audience-size"
              data-size={audience.size}
            />
          )}
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('audiences.fields.generatedAt')}
          </Text>
          <Text fw={600}>
            {audience.generatedAt ? formatDateTime(audience.generatedAt, i18n.language) : '—'}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('audiences.fields.updatedAt')}
          </Text>
          <Text fw={600}>{formatDateTime(audience.updatedAt, i18n.language)}</Text>
        </Paper>
      </SimpleGrid>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={confirmingArchive}
        onClose={() => setConfirmingArchive(false)}
        title={t(audience.isArchived ? 'audiences.unarchiveTitle' : 'audiences.archiveTitle', {
          name: audience.name,
        })}
      >
        <Stack>
          <Text size="sm">
            {t(audience.isArchived ? 'audiences.unarchiveText' : 'audiences.archiveText')}
          </Text>
          <RecordsError error={archiving.error} testId="audience-archive-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingArchive(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={audience.isArchived ? undefined : 'orange'}
              loading={archiving.isPending}
              onClick={() => archiving.mutate([archiveWrite(audience, !audience.isArchived)])}
              data-testid="audience-archive-confirm"
            >
              {t(audience.isArchived ? 'audiences.unarchive' : 'audiences.archive')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
