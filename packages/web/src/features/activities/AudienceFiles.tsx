import { PAGE_LIMIT } from '@herald/protocol';
import type { ActivityRecord, DeploymentRunRecord } from '@herald/protocol';
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListPagination, RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { postExtractForm } from '../export/jobs.ts';
import { useOrganizationJwt } from '../export/useOrganizationJwt.ts';
import { audienceFileAddress, audienceFileState } from './audienceFiles.ts';

/** The newest run first: the `deploymentRun` query's sort. */
const STARTED_AT = 'startedAt';

/**
 * A display ad's runs, newest first and live, each finished one with its hashed audience file (the CSV uploaded
 * to the ad network) to download as the extracts are: a form POSTed with a fresh organization token. The server
 * keeps a file 7 days; a run whose file was not kept, or has been swept, says so instead.
 */
export function AudienceFiles({ activity }: { activity: ActivityRecord }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useRecords('deploymentRun', {
    filter: { activityId: activity.id },
    sortKey: STARTED_AT,
    sortOrder: 'desc',
    limit: PAGE_LIMIT,
    offset: (page - 1) * PAGE_LIMIT,
  });
  const records = runs.data?.records ?? [];
  return (
    <Paper withBorder p="md" data-testid="audience-files">
      <Stack>
        <Title order={2} size="h4">
          {t('activities.audienceFiles.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('activities.audienceFiles.explanation')}
        </Text>
        <RecordsError error={runs.error} testId="audience-files-error" />
        {runs.isSuccess && records.length === 0 ? (
          <Text size="sm" data-testid="audience-files-empty">
            {t('activities.audienceFiles.noRuns')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activities.audienceFiles.started')}</Table.Th>
                <Table.Th>{t('activities.audienceFiles.recipients')}</Table.Th>
                <Table.Th>{t('activities.audienceFiles.file')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((run) => (
                <AudienceFileRow key={run.id} run={run} />
              ))}
            </Table.Tbody>
          </Table>
        )}
        <ListPagination total={runs.data?.total ?? 0} page={page} onChange={setPage} />
      </Stack>
    </Paper>
  );
}

function AudienceFileRow({ run }: { run: DeploymentRunRecord }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const jwt = useOrganizationJwt();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const state = audienceFileState(run);
  const download = async () => {
    if (!organization) return;
    setDownloading(true);
    setError(null);
    try {
      postExtractForm(document, audienceFileAddress(organization.organizationId, run.id), await jwt());
    } catch (failure) {
      setError(failure);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Table.Tr data-testid="audience-file-run" data-run-id={run.id} data-file-state={state}>
      <Table.Td>{displayDateTime(run.startedAt, i18n.language)}</Table.Td>
      <Table.Td>{exactFigure(run.sent, i18n.language)}</Table.Td>
      <Table.Td>
        {state === 'download' && (
          <Button
            size="xs"
            variant="light"
            loading={downloading}
            onClick={() => void download()}
            data-testid="audience-file-download"
          >
            {t('activities.audienceFiles.download')}
          </Button>
        )}
        {state === 'notKept' && (
          <Text size="sm" c="dimmed" data-testid="audience-file-none">
            {t('activities.audienceFiles.notKept')}
          </Text>
        )}
        {state === 'pending' && (
          <Text size="sm" c="dimmed">
            {t('activities.audienceFiles.pending')}
          </Text>
        )}
        <RecordsError error={error} testId="audience-file-error" />
      </Table.Td>
    </Table.Tr>
  );
}
