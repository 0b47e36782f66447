import { CHANNELS, messagingRulesOf, SUPPRESSION_LIMIT } from '@herald/protocol';
import type { Channel } from '@herald/protocol';
import {
  Alert,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useSendingSettings } from '../../../platform/organization/useSendingSettings.ts';
import { AdminError } from '../AdminError.tsx';
import { fieldError, useOrganizationSettingsSave } from '../useOrganizationSettingsSave.ts';
import {
  messagingFormOf,
  messagingRulesOfForm,
  parseSuppression,
  settingsWithMessagingRules,
  suppressionLineOf,
  type MessagingRulesForm as Form,
} from './rulesForms.ts';

/**
 * Messaging rules (settings `messaging.rules`), which the delivery engine enforces: quiet hours per
 * channel in the organization's time zone, a frequency cap across activities, and a global suppression list.
 */
export function MessagingRulesForm({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const zone = useSendingSettings().timeZone;
  const saved = useMemo(() => messagingFormOf(messagingRulesOf(settings)), [settings]);
  const [edited, setEdited] = useState<Form | null>(null);
  const form = edited ?? saved;
  const suppression = useMemo(() => parseSuppression(form.suppression), [form.suppression]);
  const save = useOrganizationSettingsSave({
    onSuccess: () => {
      setEdited(null);
      showToast(t('settings.rules.messagingSaved'));
    },
  });
  const blocked = suppression.invalidLines.length > 0 || suppression.tooMany;
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) save.mutate((current) => settingsWithMessagingRules(current, messagingRulesOfForm(form)));
  };
  const setHours = (channel: Channel, change: Partial<Form['quietHours'][Channel]>) =>
    setEdited({
      ...form,
      quietHours: { ...form.quietHours, [channel]: { ...form.quietHours[channel], ...change } },
    });
  const serverSuppressionLines = (save.error?.details ?? [])
    .map((detail) => suppressionLineOf(detail.path, suppression))
    .filter((line): line is number => line !== undefined);
  const knownPaths = ['settings.messaging.rules.quietHours', 'settings.messaging.rules.frequencyCap'];
  const otherError =
    save.error &&
    !knownPaths.some((path) => fieldError(save.error, path)) &&
    serverSuppressionLines.length === 0
      ? save.error
      : null;

  return (
    <Paper
      component="form"
      onSubmit={onSave}
      withBorder
      p="md"
      aria-labelledby="messaging-rules-title"
      data-testid="messaging-rules-form"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="messaging-rules-title">
          {t('settings.rules.messagingTitle')}
        </Title>
        <AdminError error={otherError} testId="messaging-rules-error" />

        <Title order={3} size="h5" id="quiet-hours-title">
          {t('settings.rules.quietHours')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.rules.quietHoursHint', { zone })}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table aria-labelledby="quiet-hours-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.rules.channel')}</Table.Th>
                <Table.Th>{t('settings.rules.quietFrom', { zone })}</Table.Th>
                <Table.Th>{t('settings.rules.quietUntil', { zone })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CHANNELS.map((channel) => {
                const hours = form.quietHours[channel];
                const name = t(`activities.channels.${channel}.name`);
                const error = fieldError(save.error, `settings.messaging.rules.quietHours.${channel}`);
                return (
                  <Table.Tr key={channel} data-testid={`quiet-hours-${channel}`}>
                    <Table.Td>
                      <Switch
                        label={name}
                        checked={hours.enabled}
                        onChange={(event) => setHours(channel, { enabled: event.currentTarget.checked })}
                        data-testid={`quiet-hours-${channel}-enabled`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        type="time"
                        aria-label={t('settings.rules.quietFromFor', { channel: name, zone })}
                        value={hours.start}
                        disabled={!hours.enabled}
                        required={hours.enabled}
                        onChange={(event) => setHours(channel, { start: event.currentTarget.value })}
                        error={error}
                        data-testid={`quiet-hours-${channel}-start`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        type="time"
                        aria-label={t('settings.rules.quietUntilFor', { channel: name, zone })}
                        value={hours.end}
                        disabled={!hours.enabled}
                        required={hours.enabled}
                        onChange={(event) => setHours(channel, { end: event.currentTarget.value })}
                        data-testid={`quiet-hours-${channel}-end`}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Title order={3} size="h5">
          {t('settings.rules.frequencyCap')}
        </Title>
        <Switch
          label={t('settings.rules.frequencyCapOn')}
          description={t('settings.rules.frequencyCapHint')}
          checked={form.capEnabled}
          onChange={(event) => setEdited({ ...form, capEnabled: event.currentTarget.checked })}
          data-testid="frequency-cap-enabled"
        />
        {form.capEnabled && (
          <Group align="flex-end">
            <NumberInput
              label={t('settings.rules.capMessages')}
              min={1}
              max={1000}
              allowDecimal={false}
              value={form.capMessages}
              onChange={(value) => setEdited({ ...form, capMessages: value })}
              error={fieldError(save.error, 'settings.messaging.rules.frequencyCap')}
              w={160}
              data-testid="frequency-cap-messages"
            />
            <SegmentedControl
              aria-label={t('settings.rules.capPer')}
              value={form.capPer}
              onChange={(value) => setEdited({ ...form, capPer: value as Form['capPer'] })}
              data={[
                { value: 'day', label: t('settings.rules.perDay') },
                { value: 'week', label: t('settings.rules.perWeek') },
              ]}
              data-testid="frequency-cap-per"
            />
          </Group>
        )}

        <Title order={3} size="h5">
          {t('settings.rules.suppression')}
        </Title>
        <Textarea
          label={t('settings.rules.suppressionLabel')}
          description={t('settings.rules.suppressionHint', { limit: SUPPRESSION_LIMIT.toLocaleString() })}
          autosize
          minRows={4}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={form.suppression}
          onChange={(event) => setEdited({ ...form, suppression: event.currentTarget.value })}
          data-testid="suppression-list"
        />
        <Text size="sm" data-testid="suppression-count">
          {t('settings.rules.suppressionCount', { count: suppression.entries.length })}
        </Text>
        {(blocked || serverSuppressionLines.length > 0) && (
          <Alert color="red" role="alert" data-testid="suppression-errors">
            {suppression.tooMany && (
              <Text size="sm">
                {t('settings.rules.suppressionTooMany', { limit: SUPPRESSION_LIMIT.toLocaleString() })}
              </Text>
            )}
            <List size="sm">
              {suppression.invalidLines.slice(0, 20).map(({ line, text }) => (
                <List.Item key={line}>{t('settings.rules.suppressionLineInvalid', { line, text })}</List.Item>
              ))}
              {serverSuppressionLines.map((line) => (
                <List.Item key={`server-${line}`}>
                  {t('settings.rules.suppressionLineRefused', { line })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={edited === null || blocked}
            data-testid="save-messaging-rules"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
