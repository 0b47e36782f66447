import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ThemeRecord } from '@herald/protocol';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { ListSkeleton, RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords, useWriteRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { refusalOf } from './themeGuard.ts';
import { copyOfTheme, settingsOf } from './themeWrites.ts';

/** Themes are few; one page holds them, by name. */
const THEME_LIMIT = 200;
const THEME_ORDER = 'themeName';

/**
 * Settings › Themes (functional §2, §3; content-edit): every e-mail theme with its lock, to open, copy or delete
 * (after a confirmation). Guard 9's refusals arrive here with themeLocked or failedToLoad, and say so.
 */
export default function ThemesPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const base = `/${organization?.organizationId ?? ''}/settings/themes`;
  const [search] = useSearchParams();
  const refusal = refusalOf(search);
  const [deleting, setDeleting] = useState<ThemeRecord | null>(null);
  const themes = useRecords('theme', {
    limit: THEME_LIMIT,
    offset: 0,
    sortKey: THEME_ORDER,
    sortOrder: 'asc',
  });
  const writing = useWriteRecords('theme', {
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });
  const records = themes.data?.records ?? [];

  const remove = (theme: ThemeRecord) =>
    writing.mutate([{ id: theme.id, version: theme.version, isDeleted: true }], {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ message: t('themes.deleted', { name: theme.themeName }) });
      },
    });

  return (
    <Stack data-testid="themes-page" aria-busy={themes.isFetching}>
      <Group justify="space-between">
        <Title order={1}>{t('themes.title')}</Title>
        <Button component={Link} to={`${base}/new`} data-testid="theme-new">
          {t('themes.new')}
        </Button>
      </Group>
      {refusal && (
        <Alert color="orange" role="alert" data-testid="theme-refusal" data-refusal={refusal}>
          {t(`themes.refusals.${refusal}`)}
        </Alert>
      )}
      <RecordsError error={themes.error} />
      {themes.isPending ? (
        <ListSkeleton view="list" />
      ) : records.length === 0 ? (
        <Alert color="gray" data-testid="themes-empty">
          {t('errors.NoThemeFoundError')}
        </Alert>
      ) : (
        <Paper withBorder>
          <Table data-testid="themes-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('themes.name')}</Table.Th>
                <Table.Th>{t('themes.brand')}</Table.Th>
                <Table.Th>{t('themes.locked')}</Table.Th>
                <Table.Th>{t('themes.updated')}</Table.Th>
                <Table.Th>{t('themes.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((theme) => (
                <Table.Tr key={theme.id} data-testid="theme-row" data-theme-id={theme.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/${theme.id}`} data-testid="theme-open">
                      {theme.themeName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{theme.brandName}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={theme.isLocked}
                      disabled={writing.isPending}
                      onChange={(event) =>
                        writing.mutate([
                          {
                            id: theme.id,
                            version: theme.version,
                            policies: { lock: event.currentTarget.checked },
                          },
                        ])
                      }
                      aria-label={t('themes.lockFor', { name: theme.themeName })}
                      data-testid="theme-lock"
                    />
                  </Table.Td>
                  <Table.Td>{formatDateTime(theme.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        disabled={writing.isPending}
                        onClick={() =>
                          writing.mutate([
                            copyOfTheme(settingsOf(theme), t('themes.copyName', { name: theme.themeName })),
                          ])
                        }
                        data-testid="theme-copy"
                      >
                        {t('themes.copy')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        disabled={theme.isLocked || writing.isPending}
                        onClick={() => setDeleting(theme)}
                        data-testid="theme-delete"
                      >
                        {t('themes.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('themes.deleteTitle')}>
        <Stack>
          <Text>{t('themes.deleteConfirm', { name: deleting?.themeName ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('themes.cancel')}
            </Button>
            <Button
              color="red"
              loading={writing.isPending}
              onClick={() => deleting && remove(deleting)}
              data-testid="theme-delete-confirm"
            >
              {t('themes.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
