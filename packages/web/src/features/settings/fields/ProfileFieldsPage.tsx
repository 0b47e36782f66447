import { Anchor, Badge, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { useOverlayLink } from '../../../platform/overlay/overlay.ts';
import { LockIcon } from '../../subscriberProfile/icons.tsx';
import { dataTypeLabel } from './customFieldLabels.ts';
import { PROFILE_FIELD_ORDER } from '@herald/protocol';
import { isSystemField } from './profileFields.ts';
import { useFieldsOfType } from './useCustomFields.ts';

/**
 * Settings › Profile fields: the standard profile fields with what they mean (not editable for existing
 * subscribers, functional §5), then the organization's subscriber custom fields; each opens its own page.
 */
export default function ProfileFieldsPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const overlayLink = useOverlayLink();
  const custom = useFieldsOfType('subscriber');
  const base = `/${organization?.organizationId ?? ''}/settings/profilefields`;
  return (
    <Stack data-testid="profile-fields-page">
      <Title order={1}>{t('settings.profileFields.title')}</Title>
      <Title order={2} size="h3">
        {t('settings.profileFields.standardTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.profileFields.standardHint')}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="standard-fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.profileFields.field')}</Table.Th>
              <Table.Th>{t('settings.profileFields.label')}</Table.Th>
              <Table.Th>{t('settings.profileFields.meaning')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PROFILE_FIELD_ORDER.map((field) => (
              <Table.Tr key={field} data-testid="standard-field" data-field={field}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Tooltip label={t('subscriber.notEditable')}>
                      <span aria-label={t('subscriber.notEditable')} role="img">
                        <LockIcon />
                      </span>
                    </Tooltip>
                    <Anchor component={Link} to={overlayLink(`${base}/${field}`)} ff="monospace" size="sm">
                      {field}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {t(`subscriber.fields.${field}`)}
                    {isSystemField(field) && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('settings.profileFields.systemSet')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`settings.profileFields.meanings.${field}`)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} size="h3">
        {t('settings.profileFields.customTitle')}
      </Title>
      <RecordsError error={custom.error} />
      {custom.data && custom.data.records.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="no-custom-profile-fields">
          {t('settings.profileFields.noCustom')}
        </Text>
      )}
      {custom.data && custom.data.records.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="custom-profile-fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.customFields.field')}</Table.Th>
                <Table.Th>{t('settings.customFields.groupName')}</Table.Th>
                <Table.Th>{t('settings.customFields.description')}</Table.Th>
                <Table.Th>{t('settings.customFields.dataType')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {custom.data.records.map((field) => (
                <Table.Tr key={field.id} data-testid="custom-profile-field" data-field={field.field}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={overlayLink(`${base}/${encodeURIComponent(field.field)}`)}
                      ff="monospace"
                      size="sm"
                    >
                      {field.field}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{field.groupName}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {field.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{dataTypeLabel(t, field.schema.dataType)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
