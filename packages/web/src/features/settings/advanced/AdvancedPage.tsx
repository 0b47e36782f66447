import { CHANNELS, MAX_SEND_RATE_PER_MINUTE } from '@herald/protocol';
import {
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { AdminError } from '../AdminError.tsx';
import { fieldError, useOrganizationSettingsSave } from '../useOrganizationSettingsSave.ts';
import { advancedFormOf, settingsWithAdvanced, type AdvancedForm } from './advancedForm.ts';

/**
 * Settings › Advanced (administrators): beta features and the feature keys the access check reads
 * (platform §6; a `!key` line switches a feature off), and each channel's throttle ceiling. Saving replaces the
 * app's organization, so a page behind a feature just switched on can be opened at once.
 */
export default function AdvancedPage() {
  const { t } = useTranslation();
  const settings = useCurrentOrganization()?.organization.settings;
  const saved = useMemo(() => advancedFormOf(settings ?? {}), [settings]);
  const [edited, setEdited] = useState<AdvancedForm | null>(null);
  const form = edited ?? saved;
  const save = useOrganizationSettingsSave({
    onSuccess: () => {
      setEdited(null);
      showToast(t('settings.advanced.saved'));
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate((current) => settingsWithAdvanced(current, form));
  };
  const knownPaths = ['settings.advanced', 'settings.maxThrottlePerActivityType'];
  const otherError =
    save.error && !knownPaths.some((path) => fieldError(save.error, path)) ? save.error : null;

  return (
    <Stack maw={760} data-testid="advanced-settings">
      <Title order={1}>{t('settings.advanced.title')}</Title>
      <Paper component="form" onSubmit={onSave} withBorder p="md" aria-label={t('settings.advanced.title')}>
        <Stack>
          <AdminError error={otherError} testId="advanced-settings-error" />
          <Switch
            label={t('settings.advanced.enableBetaFeatures')}
            description={t('settings.advanced.enableBetaFeaturesHint')}
            checked={form.enableBetaFeatures}
            onChange={(event) => setEdited({ ...form, enableBetaFeatures: event.currentTarget.checked })}
            error={fieldError(save.error, 'settings.advanced.enableBetaFeatures')}
            data-testid="enable-beta-features"
          />
          <Textarea
            label={t('settings.advanced.featureKeys')}
            description={
              <>
                {t('settings.advanced.featureKeysHint')} <Code>!key</Code>{' '}
                {t('settings.advanced.featureKeysExclude')}
              </>
            }
            autosize
            minRows={3}
            maxRows={12}
            maxLength={4096}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={form.featureKeys}
            onChange={(event) => setEdited({ ...form, featureKeys: event.currentTarget.value })}
            error={fieldError(save.error, 'settings.advanced.featureKeys')}
            data-testid="feature-keys"
          />
          <Title order={2} size="h4" id="throttle-title">
            {t('settings.advanced.throttleTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.advanced.throttleHint', { max: MAX_SEND_RATE_PER_MINUTE.toLocaleString() })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-labelledby="throttle-title">
            {CHANNELS.map((channel) => (
              <NumberInput
                key={channel}
                label={t(`activities.channels.${channel}.name`)}
                placeholder={MAX_SEND_RATE_PER_MINUTE.toLocaleString()}
                min={1}
                max={MAX_SEND_RATE_PER_MINUTE}
                allowDecimal={false}
                thousandSeparator
                value={form.maxThrottle[channel]}
                onChange={(value) =>
                  setEdited({
                    ...form,
                    maxThrottle: { ...form.maxThrottle, [channel]: typeof value === 'number' ? value : '' },
                  })
                }
                error={fieldError(save.error, `settings.maxThrottlePerActivityType.${channel}`)}
                data-testid={`max-throttle-${channel}`}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={edited === null}
              data-testid="save-advanced"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
