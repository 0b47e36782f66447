import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { DomainRecordsTable } from './DomainRecordsTable.tsx';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';
import { useDomainCheck } from './useDomainCheck.ts';
import { useOrganizationDomains } from './useDomains.ts';

/**
 * On an identity provider's page: each exclusive domain's ownership proof. Sign-ins of a domain go to the
 * provider only once the `herald-verification` TXT record has been seen
 * (docs/guide-administration.md § Single sign-on).
 */
export function SsoDomainOwnership({ issuerId }: { issuerId: number }) {
  const { t } = useTranslation();
  const params = useAdminParams();
  const domains = useOrganizationDomains();
  const check = useDomainCheck();
  const owned = domains.data?.sso.filter((domain) => domain.issuerIds.includes(issuerId)) ?? [];
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-labelledby="sso-domains-title"
      data-testid="sso-domains"
    >
      <Stack>
        <Title order={2} size="h3" id="sso-domains-title">
          {t('settings.domains.ssoTitle')}
        </Title>
        <AdminError error={domains.error ?? check.error} testId="sso-domains-error" />
        {domains.data && owned.length === 0 && <Text>{t('settings.domains.ssoNone')}</Text>}
        {owned.length > 0 && <Text size="sm">{t('settings.domains.ssoIntro')}</Text>}
        {owned.map((domain) => (
          <Stack key={domain.domain} gap="xs" data-testid="sso-domain" data-domain={domain.domain}>
            <Group justify="space-between">
              <Group>
                <Text fw={600}>{domain.domain}</Text>
                <DomainStatusBadge status={domain.status} />
              </Group>
              <Button
                size="xs"
                loading={check.isPending && check.variables.domain === domain.domain}
                aria-label={t('settings.domains.checkDomain', { domain: domain.domain })}
                onClick={() => params && check.mutate({ ...params, domain: domain.domain, kind: 'sso' })}
              >
                {t('settings.domains.check')}
              </Button>
            </Group>
            <DomainRecordsTable records={domain.records} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
