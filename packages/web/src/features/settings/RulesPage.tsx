import { Stack, Title } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { ImportRulesForm } from './rules/ImportRulesForm.tsx';
import { MessagingRulesForm } from './rules/MessagingRulesForm.tsx';

/**
 * Settings › Messaging and import rules (platform §2 guard 6: the admin role and an e-mail domain on
 * the provider's list). Both forms read the settings the app holds and save a change merged into fresh ones.
 */
export default function RulesPage() {
  const { t } = useTranslation();
  const settings = useCurrentOrganization()?.organization.settings ?? {};
  return (
    <Stack maw={900} data-testid="rules-page">
      <Title order={1}>{t('settings.rules.title')}</Title>
      <ImportRulesForm settings={settings} />
      <MessagingRulesForm settings={settings} />
    </Stack>
  );
}
