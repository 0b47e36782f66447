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
 * Settings › Domains › one domain of the route's name: every record to publish with copy buttons, Check now
 * with each record's status, and for a sending domain its DKIM keys with their rotation.
 */
export function DomainPage({ kind }: { kind: 'sending' | 'tracking' }) {
  const errorText = useErrorText();
  const params = useAdminParams();
  const name = useParams().domain ?? '';
  const domains = useOrganizationDomains();
  const check = useDomainCheck();
  const sending = domains.data?.sending.find((one) => one.domain === name);
  const tracking = domains.data?.tracking.find((one) => one.domain === name);
  const domain = kind === 'sending' ? sending : tracking;
  if (domains.isPending && !domains.isError) return <PageLoader />;
  return (
    <Stack data-testid={`${kind}-domain-page`}>
      <AdminError error={domains.error ?? check.error} />
      {domains.data && !domain && <Text role="alert">{errorText('NotFoundError')}</Text>}
      {domain && (
        <>
          <DomainPageHeader
            domain={domain}
            checking={check.isPending}
            onCheck={() => params && check.mutate({ ...params, domain: domain.domain, kind })}
          />
          <Paper withBorder p="md">
            <DomainRecordsTable records={domain.records} />
          </Paper>
          {kind === 'sending' && sending && <DkimKeys domain={sending} />}
        </>
      )}
    </Stack>
  );
}
