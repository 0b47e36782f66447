import { Alert, Anchor, Badge, Button, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { CustomFieldStats } from '@herald/protocol';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { LockIcon } from '../../subscriberProfile/icons.tsx';
import { dataTypeLabel } from './customFieldLabels.ts';
import { FieldStats } from './FieldStats.tsx';
import { isStandardProfileField, isSystemField } from './profileFields.ts';
import { useCustomField } from './useCustomFields.ts';
import type { CustomField } from './useCustomFields.ts';

/** profilefields/{field}: a standard field's meaning, or a subscriber custom field's details and stats. */
export default function ProfileFieldPage() {
  const { t } = useTranslation();
  const { field = '' } = useParams();
  const standard = isStandardProfileField(field);
  const loaded = useCustomField(standard ? null : 'subscriber', standard ? null : field);
  if (standard) {
    return (
      <Stack data-testid="profile-field" data-field={field}>
        <Group gap="xs">
          <Code>{field}</Code>
          <Text fw={600}>{t(`subscriber.fields.${field}`)}</Text>
          {isSystemField(field) && (
            <Badge size="xs" variant="light" color="gray">
              {t('settings.profileFields.systemSet')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t(`settings.profileFields.meanings.${field}`)}</Text>
        <Alert color="gray" icon={<LockIcon size={16} />} data-testid="profile-field-locked">
          {t('subscriber.notEditableLong')}
        </Alert>
      </Stack>
    );
  }
  if (!loaded.record) {
    if (loaded.isPending || loaded.isFetching) return <Text c="dimmed">{t('app.loading')}</Text>;
    return loaded.error ? (
      <RecordsError error={loaded.error} testId="profile-field-error" />
    ) : (
      <Alert color="yellow" data-testid="profile-field-not-found">
        {t('settings.customFields.notFound')}
      </Alert>
    );
  }
  return <CustomProfileField record={loaded.record} />;
}

function CustomProfileField({ record }: { record: CustomField }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const [fresh, setFresh] = useState<CustomFieldStats | null>(null);
  const refreshing = useCommandMutation(organization!.channel, 'updateCustomFieldStats', {
    onSuccess: (result) => setFresh(result.stats),
  });
  const stats = fresh ?? record.stats;
  return (
    <Stack data-testid="profile-field" data-field={record.field}>
      <Group justify="space-between">
        <Group gap="xs">
          <Code>{record.field}</Code>
          {record.groupName && <Badge variant="light">{record.groupName}</Badge>}
          {record.isArchived && (
            <Badge variant="light" color="gray">
              {t('settings.customFields.archivedBadge')}
            </Badge>
          )}
        </Group>
        <Anchor
          component={Link}
          to={`/${organization?.organizationId ?? ''}/settings/customfields/subscriber/${encodeURIComponent(record.field)}`}
          size="sm"
        >
          {t('settings.profileFields.editField')}
        </Anchor>
      </Group>
      {record.description && <Text size="sm">{record.description}</Text>}
      <Text size="sm">
        <b>{t('settings.customFields.dataType')}:</b> {dataTypeLabel(t, record.schema.dataType)}
      </Text>
      {record.schema.values && record.schema.values.length > 0 && (
        <Text size="sm">
          <b>{t('settings.customFields.values')}:</b> {record.schema.values.join(', ')}
        </Text>
      )}
      {record.validationRegex && (
        <Text size="sm">
          <b>{t('settings.customFields.validationRegex')}:</b> <Code>{record.validationRegex}</Code>
        </Text>
      )}
      <Text size="sm">
        <b>{t('settings.customFields.calculation')}:</b>{' '}
        {record.calculation.kind === 'calculated'
          ? t('settings.customFields.calculated')
          : t('settings.customFields.static')}
      </Text>
      <Group justify="space-between">
        <Text fw={600}>{t('settings.profileFields.stats.title')}</Text>
        <Tooltip label={t('settings.profileFields.stats.refreshHint')}>
          <Button
            size="xs"
            variant="light"
            loading={refreshing.isPending}
            onClick={() =>
              organization &&
              refreshing.mutate({ organizationId: organization.organizationId, customFieldId: record.id })
            }
            data-testid="refresh-field-stats"
          >
            {t('settings.profileFields.stats.refresh')}
          </Button>
        </Tooltip>
      </Group>
      <RecordsError error={refreshing.error} testId="field-stats-error" />
      {stats ? (
        <FieldStats stats={stats} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="field-stats-none">
          {t('settings.profileFields.stats.notYet')}
        </Text>
      )}
    </Stack>
  );
}
