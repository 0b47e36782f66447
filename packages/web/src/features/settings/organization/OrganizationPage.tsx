import { Stack, Title } from '@mantine/core';
import { useCommand } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { TimeZoneCard } from '../../adminPanel/TimeZoneCard.tsx';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { AppearanceCard } from './AppearanceCard.tsx';
import { NameCard } from './NameCard.tsx';
import { SenderCard } from './SenderCard.tsx';

/**
 * Settings › Organization (administrators; docs/architecture.md § Organization settings pages): the name, the
 * logo and theme colour, the currency and default sender, and the time zone. The organization is the one the
 * shell already holds (its token's answer), so every card saves into it and the app sees the change at once.
 */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const held = useCommand(sessionChannel, 'getOrganizationToken', useAdminParams());
  const organization = held.data?.organization;
  return (
    <Stack maw={760} data-testid="organization-settings">
      <Title order={1}>{t('settings.organization.title')}</Title>
      <AdminError error={held.error} />
      {!organization && !held.isError && <PageLoader />}
      {organization && (
        <>
          <NameCard saved={organization.organization} />
          <AppearanceCard logoUri={organization.logo_uri} theme={organization.theme} />
          <SenderCard settings={organization.settings} domainsConfig={organization.domainsConfig} />
          <TimeZoneCard />
        </>
      )}
    </Stack>
  );
}
