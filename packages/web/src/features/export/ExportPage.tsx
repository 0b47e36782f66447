import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { EXPORT_TYPES, PAGE_LIMIT, checkAccess } from '@herald/protocol';
import type { ExportType } from '@herald/protocol';
import { useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListEmpty, ListPagination, ListSkeleton, RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { ExportRequestForm, exportTypeLabel } from './ExportRequestForm.tsx';
import { JobProgress, JobStateBadge } from './JobStatus.tsx';
import {
  canCancelJob,
  extractAddress,
  extractName,
  isAwaitingApproval,
  isFinished,
  postExtractForm,
} from './jobs.ts';
import type { Job } from './jobs.ts';
import { useOrganizationJwt } from './useOrganizationJwt.ts';

/** Export (platform §2 "export subscribers"): ask for an export and follow the export jobs live. */
export default function ExportPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const jobs = useRecords('job', {
    filter: { kind: 'export' },
    limit: PAGE_LIMIT,
    offset: (page - 1) * PAGE_LIMIT,
  });
  const records = jobs.data?.records ?? [];
  return (
    <Stack data-testid="export-page" aria-busy={jobs.isFetching}>
      <Title order={1}>{t('export.title')}</Title>
      <ExportRequestForm onRequested={() => setPage(1)} />
      <Title order={2} size="h3">
        {t('export.jobsTitle')}
      </Title>
      <RecordsError error={jobs.error} testId="export-jobs-error" />
      {jobs.isPending && !jobs.isError ? (
        <ListSkeleton view="list" count={3} />
      ) : records.length === 0 ? (
        <ListEmpty filtered={false}>
          <Text size="sm" c="dimmed">
            {t('export.noJobs')}
          </Text>
        </ListEmpty>
      ) : (
        <ExportJobsTable records={records} />
      )}
      {jobs.data && jobs.data.total > 0 && (
        <ListPagination total={jobs.data.total} page={page} onChange={setPage} />
      )}
    </Stack>
  );
}

function ExportJobsTable({ records }: { records: Job[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="export-jobs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('export.fields.id')}</Table.Th>
            <Table.Th>{t('export.fields.name')}</Table.Th>
            <Table.Th>{t('export.fields.requestedBy')}</Table.Th>
            <Table.Th>{t('export.fields.createdAt')}</Table.Th>
            <Table.Th>{t('export.fields.state')}</Table.Th>
            <Table.Th>{t('export.fields.progress')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((job) => (
            <Table.Tr key={job.id} data-testid="export-job" data-job-id={job.id} data-status={job.status}>
              <Table.Td>{job.id}</Table.Td>
              <Table.Td>{exportName(t, job.name)}</Table.Td>
              <Table.Td>{job.createdByEmail ?? ''}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(job.createdAt, i18n.language)}
              </Table.Td>
              <Table.Td>
                <JobStateBadge job={job} />
              </Table.Td>
              <Table.Td miw={140}>
                {!isFinished(job) && !isAwaitingApproval(job) && <JobProgress job={job} />}
                {job.error && <JobError error={job.error} />}
              </Table.Td>
              <Table.Td>
                <JobActions job={job} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An export of a list is named after the list; the server names the others by their type. */
function exportName(t: (key: string) => string, name: string): string {
  return (EXPORT_TYPES as readonly string[]).includes(name) ? exportTypeLabel(t, name as ExportType) : name;
}

function JobError({ error }: { error: { type: string; message: string } }) {
  const errorText = useErrorText();
  return (
    <Text size="xs" c="red" data-testid="job-error" data-error-type={error.type}>
      {errorText(error.type, error.message)}
    </Text>
  );
}

/** Download a finished extract, cancel unfinished work, or (another administrator) approve a waiting one. */
function JobActions({ job }: { job: Job }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const { id: userId } = useSession();
  const jwt = useOrganizationJwt();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);
  const cancelling = useCommandMutation(organization!.channel, 'cancelJob', {
    onSuccess: () => showToast(t('export.cancelled')),
  });
  const approving = useCommandMutation(organization!.channel, 'approveExport', {
    onSuccess: (_result, params) => showToast(params.approve ? t('export.approved') : t('export.refused')),
  });
  const name = extractName(job);
  const isAdmin = organization ? checkAccess({ capabilities: ['admin'] }, organization.access) : false;
  const mayApprove = isAdmin && isAwaitingApproval(job) && job.createdBy !== userId;

  const download = async () => {
    if (!organization || !name) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      postExtractForm(document, extractAddress(organization.organizationId, name), await jwt());
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        {name && (
          <Button
            size="xs"
            onClick={() => void download()}
            loading={downloading}
            data-testid="export-download"
          >
            {t('export.download')}
          </Button>
        )}
        {mayApprove && organization && (
          <>
            <Button
              size="xs"
              color="teal"
              loading={approving.isPending}
              onClick={() =>
                approving.mutate({
                  organizationId: organization.organizationId,
                  jobId: job.id,
                  approve: true,
                })
              }
            >
              {t('export.approve')}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={approving.isPending}
              onClick={() =>
                approving.mutate({
                  organizationId: organization.organizationId,
                  jobId: job.id,
                  approve: false,
                })
              }
            >
              {t('export.refuse')}
            </Button>
          </>
        )}
        {canCancelJob(job) && organization && (
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={cancelling.isPending}
            onClick={() => cancelling.mutate({ organizationId: organization.organizationId, jobId: job.id })}
            data-testid="export-cancel"
          >
            {t('export.cancel')}
          </Button>
        )}
      </Group>
      {isAwaitingApproval(job) && !mayApprove && (
        <Text size="xs" c="dimmed">
          {t('export.awaitingApprovalHint')}
        </Text>
      )}
      <RecordsError error={downloadError ?? cancelling.error ?? approving.error} testId="export-job-error" />
    </Stack>
  );
}
