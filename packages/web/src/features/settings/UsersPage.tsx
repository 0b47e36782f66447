import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDate, formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { RoleBadges } from '../organizations/RoleBadges.tsx';
import { grantParams } from './accessForms.ts';
import type { GrantForm } from './accessForms.ts';
import { AdminError } from './AdminError.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import { useAdminParams, useOrganizationAccess, useRefetchAdmin } from './useAdminCommand.ts';

const emptyGrant: GrantForm = { email: '', phone: '', roles: [] };

/** Settings › Users: who may enter the organization, with which roles, and a form to let someone in. */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const access = useOrganizationAccess();
  const refetch = useRefetchAdmin();
  const [grant, setGrant] = useState<GrantForm>(emptyGrant);
  const granting = useCommandMutation(sessionChannel, 'grantOrganizationAccess', {
    onSuccess: () => {
      setGrant(emptyGrant);
      showToast(t('settings.users.granted'));
      void refetch('getOrganizationAccess');
    },
  });

  const onGrant = (event: FormEvent) => {
    event.preventDefault();
    if (params) granting.mutate({ ...params, ...grantParams(grant) });
  };

  return (
    <Stack>
      <Title order={1}>{t('settings.users.title')}</Title>
      <AdminError error={access.error} />
      {access.isPending && !access.isError && <PageLoader />}
      {access.data && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.users.email')}</Table.Th>
                <Table.Th>{t('settings.users.roles')}</Table.Th>
                <Table.Th>{t('settings.users.validFrom')}</Table.Th>
                <Table.Th>{t('settings.users.lastLogin')}</Table.Th>
                <Table.Th>{t('settings.users.userType')}</Table.Th>
                <Table.Th>{t('account.twoFactor')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {access.data.user_accounts.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row" data-user-id={user.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/${params?.organizationId ?? ''}/settings/users/${user.id}`}
                    >
                      {user.email}
                    </Anchor>
                    {user.disabled && (
                      <Text size="xs" c="dimmed">
                        {t('settings.users.disabled')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <RoleBadges roles={user.roles} />
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(user.valid_from, i18n.language)}</Table.Td>
                  <Table.Td>
                    {user.last_login
                      ? formatDateTime(user.last_login, i18n.language)
                      : t('settings.users.never')}
                  </Table.Td>
                  <Table.Td>{t(`userTypes.${user.user_type}`, { defaultValue: user.user_type })}</Table.Td>
                  <Table.Td>{user.otp_enabled ? t('account.on') : t('account.off')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper
        component="form"
        onSubmit={onGrant}
        withBorder
        p="md"
        aria-labelledby="grant-access-title"
        data-testid="grant-access-form"
      >
        <Stack>
          <Title order={2} size="h3" id="grant-access-title">
            {t('settings.users.grantTitle')}
          </Title>
          <AdminError error={granting.error} testId="grant-access-error" />
          <Group grow align="flex-start">
            <TextInput
              label={t('settings.users.email')}
              type="email"
              required
              withAsterisk={false}
              value={grant.email}
              onChange={(event) => setGrant({ ...grant, email: event.currentTarget.value })}
            />
            <TextInput
              label={t('settings.users.phone')}
              description={t('settings.users.phoneOptional')}
              type="tel"
              value={grant.phone}
              onChange={(event) => setGrant({ ...grant, phone: event.currentTarget.value })}
            />
          </Group>
          <RoleSelect
            value={grant.roles}
            onChange={(roles) => setGrant({ ...grant, roles })}
            testId="grant-roles"
          />
          <Group>
            <Button type="submit" loading={granting.isPending} disabled={grant.roles.length === 0}>
              {t('settings.users.grant')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
