import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * Settings › Messaging and import rules. Only its guard (platform §2 guard 6: the admin role and an e-mail
 * domain on the provider's list) is built so far; the rules themselves come with their own issue.
 */
export default function RulesPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('settings.rules.title')}</Title>
      <Text data-testid="rules-placeholder">{t('settings.rules.comingLater')}</Text>
    </Stack>
  );
}
