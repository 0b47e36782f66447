import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { CUSTOM_FIELD_TYPES, PAGE_LIMIT } from '@herald/protocol';
import type { CustomFieldType } from '@herald/protocol';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import {
  ListEmpty,
  ListPagination,
  ListSearch,
  ListSkeleton,
  RecordsError,
} from '../../../platform/list/ListControls.tsx';
import { useWriteRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { useOverlayLink } from '../../../platform/overlay/overlay.ts';
import { customFieldFlagWrite } from './customFieldForm.ts';
import { customFieldTypeLabel, dataTypeLabel } from './customFieldLabels.ts';
import { useCustomFields } from './useCustomFields.ts';
import type { CustomField } from './useCustomFields.ts';

/** Fields are listed by name. */
const FIELD_ORDER = 'field';

const isFieldType = (value: string | null): value is CustomFieldType =>
  value !== null && (CUSTOM_FIELD_TYPES as readonly string[]).includes(value);

/**
 * Settings › Custom fields: every type's fields, filtered by type, searched (case-insensitive contains on
 * field, description and group), archived ones shown on demand; create, archive or unarchive, and delete.
 * The list state lives in the address.
 */
export default function CustomFieldsPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const overlayLink = useOverlayLink();
  const [searchParams, setSearchParams] = useSearchParams();
  const typeParam = searchParams.get('type');
  const type = isFieldType(typeParam) ? typeParam : null;
  const search = searchParams.get('search') ?? '';
  const showArchived = searchParams.get('archived') === '1';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const change = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: 'search' in changes },
    );
  const fields = useCustomFields({
    filter: { ...(type ? { type } : {}), ...(showArchived ? {} : { isArchived: false }) },
    search: search || undefined,
    limit: PAGE_LIMIT,
    offset: (page - 1) * PAGE_LIMIT,
    sortKey: FIELD_ORDER,
    sortOrder: 'asc',
  });
  const records = fields.data?.records ?? [];
  const base = `/${organization?.organizationId ?? ''}/settings/customfields`;
  const filtered = search !== '' || type !== null;

  return (
    <Stack data-testid="custom-fields-page" aria-busy={fields.isFetching}>
      <Group justify="space-between">
        <Title order={1}>{t('settings.customFields.title')}</Title>
        <Group>
          <Button component={Link} to={overlayLink(`${base}/import`)} variant="default">
            {t('settings.customFields.import')}
          </Button>
          <Button
            component={Link}
            to={overlayLink(`${base}/${type ?? 'subscriber'}/new`)}
            data-testid="new-custom-field"
          >
            {t('settings.customFields.new')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end">
        <Select
          label={t('settings.customFields.type')}
          data={[
            { value: '', label: t('settings.customFields.allTypes') },
            ...CUSTOM_FIELD_TYPES.map((value) => ({ value, label: customFieldTypeLabel(t, value) })),
          ]}
          value={type ?? ''}
          onChange={(value) => change({ type: value || null })}
          allowDeselect={false}
          w={220}
          data-testid="custom-field-type-filter"
        />
        <ListSearch value={search} onChange={(value) => change({ search: value })} />
        <Switch
          label={t('settings.customFields.showArchived')}
          checked={showArchived}
          onChange={(event) => change({ archived: event.currentTarget.checked ? '1' : null })}
          data-testid="custom-field-show-archived"
        />
      </Group>
      <RecordsError error={fields.error} />
      {fields.isPending && !fields.isError ? (
        <ListSkeleton view="list" />
      ) : records.length === 0 ? (
        <ListEmpty filtered={filtered} />
      ) : (
        <CustomFieldsTable records={records} base={base} overlayLink={overlayLink} />
      )}
      {fields.data && fields.data.total > 0 && (
        <ListPagination
          total={fields.data.total}
          page={page}
          onChange={(next) => change({ page: String(next) })}
        />
      )}
    </Stack>
  );
}

function CustomFieldsTable({
  records,
  base,
  overlayLink,
}: {
  records: CustomField[];
  base: string;
  overlayLink: (path: string) => string;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const flagging = useWriteRecords('customField', {
    onSuccess: (_result, data) => {
      const change = data[0];
      if (change?.isDeleted) showToast(t('settings.customFields.deleted'));
      else if (change?.isArchived) showToast(t('settings.customFields.archived'));
      else showToast(t('settings.customFields.unarchived'));
      setDeleting(null);
    },
  });
  const flag = (field: CustomField, name: 'isArchived' | 'isDeleted', value: boolean) =>
    flagging.mutate([customFieldFlagWrite(field, name, value)]);

  return (
    <>
      <RecordsError error={flagging.error} testId="custom-field-action-error" />
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover data-testid="custom-fields-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.customFields.field')}</Table.Th>
              <Table.Th>{t('settings.customFields.type')}</Table.Th>
              <Table.Th>{t('settings.customFields.groupName')}</Table.Th>
              <Table.Th>{t('settings.customFields.description')}</Table.Th>
              <Table.Th>{t('settings.customFields.dataType')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((field) => (
              <Table.Tr
                key={field.id}
                data-testid="custom-field-row"
                data-field={field.field}
                data-archived={field.isArchived}
              >
                <Table.Td>
                  <Group gap="xs">
                    <Anchor
                      component={Link}
                      to={overlayLink(`${base}/${field.type}/${encodeURIComponent(field.field)}`)}
                      data-testid="custom-field-name"
                    >
                      {field.field}
                    </Anchor>
                    {field.isArchived && (
                      <Badge color="gray" variant="light" size="sm">
                        {t('settings.customFields.archivedBadge')}
                      </Badge>
                    )}
                    {field.calculation.kind === 'calculated' && (
                      <Badge color="grape" variant="light" size="sm">
                        {t('settings.customFields.calculatedBadge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{customFieldTypeLabel(t, field.type)}</Table.Td>
                <Table.Td>{field.groupName}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {field.description}
                  </Text>
                </Table.Td>
                <Table.Td>{dataTypeLabel(t, field.schema.dataType)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      loading={flagging.isPending && flagging.variables?.[0]?.id === field.id}
                      onClick={() => flag(field, 'isArchived', !field.isArchived)}
                      data-testid="custom-field-archive"
                    >
                      {field.isArchived
                        ? t('settings.customFields.unarchive')
                        : t('settings.customFields.archive')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(field)}
                      data-testid="custom-field-delete"
                    >
                      {t('settings.customFields.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('settings.customFields.confirmDeleteTitle')}
        data-testid="custom-field-delete-confirm"
      >
        <Stack>
          <Text size="sm">{t('settings.customFields.confirmDelete', { field: deleting?.field ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={flagging.isPending}
              onClick={() => deleting && flag(deleting, 'isDeleted', true)}
              data-testid="custom-field-delete-confirmed"
            >
              {t('settings.customFields.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
