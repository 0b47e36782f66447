import { Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { DomainPageHeader } from './DomainPageHeader.tsx';
import { DomainRecordsTable } from './DomainRecordsTable.tsx';
import { useDomainCheck } from './useDomainCheck.ts';
import { useOrganizationDomains } from './useDomains.ts';

/** Settings › Domains › one tracking domain: its CNAME to publish, Check now and its status. */
export default function TrackingDomainPage() {
  const errorText = useErrorText();
  const params = useAdminParams();
  const name = useParams().domain ?? '';
  const domains = useOrganizationDomains();
  const check = useDomainCheck();
  const domain = domains.data?.tracking.find((candidate) => candidate.domain === name);
  if (domains.isPending && !domains.isError) return <PageLoader />;
  return (
    <Stack data-testid="tracking-domain-page">
      <AdminError error={domains.error ?? check.error} />
      {domains.data && !domain && <Text role="alert">{errorText('NotFoundError')}</Text>}
      {domain && (
        <>
          <DomainPageHeader
            domain={domain}
            checking={check.isPending}
            onCheck={() => params && check.mutate({ ...params, domain: domain.domain, kind: 'tracking' })}
          />
          <Paper withBorder p="md">
            <DomainRecordsTable records={domain.records} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
