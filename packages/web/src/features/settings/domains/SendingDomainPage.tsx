import { Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { DkimKeys } from './DkimKeys.tsx';
import { DomainPageHeader } from './DomainPageHeader.tsx';
import { DomainRecordsTable } from './DomainRecordsTable.tsx';
import { useDomainCheck } from './useDomainCheck.ts';
import { useOrganizationDomains } from './useDomains.ts';

/**
 * Settings › Domains › one sending domain: every record to publish (DKIM, return path, SPF and DMARC advice)
 * with copy buttons, Check now with each record's status, and the DKIM keys with their rotation.
 */
export default function SendingDomainPage() {
  const errorText = useErrorText();
  const params = useAdminParams();
  const name = useParams().domain ?? '';
  const domains = useOrganizationDomains();
  const check = useDomainCheck();
  const domain = domains.data?.sending.find((candidate) => candidate.domain === name);
  if (domains.isPending && !domains.isError) return <PageLoader />;
  return (
    <Stack data-testid="sending-domain-page">
      <AdminError error={domains.error ?? check.error} />
      {domains.data && !domain && <Text role="alert">{errorText('NotFoundError')}</Text>}
      {domain && (
        <>
          <DomainPageHeader
            domain={domain}
            checking={check.isPending}
            onCheck={() => params && check.mutate({ ...params, domain: domain.domain, kind: 'sending' })}
          />
          <Paper withBorder p="md">
            <DomainRecordsTable records={domain.records} />
          </Paper>
          <DkimKeys domain={domain} />
        </>
      )}
    </Stack>
  );
}
