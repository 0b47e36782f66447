import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useAdminParams } from '../useAdminCommand.ts';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';

/** A domain page's top: the way back, the domain and its status, when it was last checked, Check now. */
export function DomainPageHeader({
  domain,
  onCheck,
  checking,
}: {
  domain: { domain: string; status: 'verified' | 'unverified'; checkedAt: string | null };
  onCheck: () => void;
  checking: boolean;
}) {
  const { t, i18n } = useTranslation();
  const params = useAdminParams();
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={`/${params?.organizationId ?? ''}/settings/domains`} size="sm">
        {t('settings.domains.backToDomains')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group>
          <Title order={1} style={{ wordBreak: 'break-all' }}>
            {domain.domain}
          </Title>
          <DomainStatusBadge status={domain.status} />
        </Group>
        <Button onClick={onCheck} loading={checking} data-testid="check-domain">
          {t('settings.domains.checkNow')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="domain-checked-at">
        {t('settings.domains.lastChecked')}:{' '}
        {domain.checkedAt ? formatDateTime(domain.checkedAt, i18n.language) : t('settings.domains.never')}
      </Text>
      <Text size="sm">{t('settings.domains.recordsIntro')}</Text>
    </Stack>
  );
}
