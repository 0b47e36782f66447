import { Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { PROFILE_FIELD_ORDER } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { LockIcon } from './icons.tsx';
import { standardFieldText } from './subscriberProfile.ts';
import type { Subscriber } from './subscriberProfile.ts';

/** The standard profile fields, read-only: functional §5 says existing subscribers' cannot be changed. */
export function StandardFieldsCard({ subscriber }: { subscriber: Subscriber }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="standard-profile-fields">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('subscriber.standardFields')}
          </Title>
          <Tooltip label={t('subscriber.notEditableLong')} multiline w={260}>
            <span role="img" aria-label={t('subscriber.notEditable')} data-testid="standard-fields-lock">
              <LockIcon />
            </span>
          </Tooltip>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
          {PROFILE_FIELD_ORDER.map((field) => {
            const text = standardFieldText(subscriber, field);
            const shown =
              text === null ? (subscriber[field] ? t('common.yes') : t('common.no')) : text || '—';
            return (
              <Stack key={field} gap={0} data-testid="standard-field" data-field={field}>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('subscriber.notEditable')}>
                    <Text
                      component="span"
                      c="dimmed"
                      lh={1}
                      role="img"
                      aria-label={t('subscriber.notEditable')}
                    >
                      <LockIcon size={11} />
                    </Text>
                  </Tooltip>
                  <Text size="xs" c="dimmed">
                    {t(`subscriber.fields.${field}`)}
                  </Text>
                </Group>
                <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="standard-field-value">
                  {shown}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
