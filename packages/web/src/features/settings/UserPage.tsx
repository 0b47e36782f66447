import { Anchor, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { UserAccount } from '@herald/protocol';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDate, formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { knownRoles, validFromInput, validFromParam } from './accessForms.ts';
import { AdminError } from './AdminError.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import { useAdminParams, useOrganizationAccess, useRefetchAdmin } from './useAdminCommand.ts';
import { DateField } from '../../platform/dates/DateFields.tsx';

/** Settings › Users › one user: their roles and valid-from date, ending their sessions, revoking access. */
export default function UserPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const userId = Number(useParams().id);
  const access = useOrganizationAccess();
  const user = access.data?.user_accounts.find((account) => account.id === userId);
  const organization = useCurrentOrganization();
  const usersPath = `/${organization?.organizationId ?? ''}/settings/users`;

  if (access.isPending && !access.isError) return <PageLoader />;
  return (
    <Stack>
      <Anchor component={Link} to={usersPath} size="sm">
        {t('settings.users.backToUsers')}
      </Anchor>
      <AdminError error={access.error} />
      {access.data && !user && (
        <Text role="alert" data-testid="user-not-found">
          {errorText('NotFoundError')}
        </Text>
      )}
      {user && <UserAccess key={user.id} user={user} usersPath={usersPath} />}
    </Stack>
  );
}

function UserAccess({ user, usersPath }: { user: UserAccount; usersPath: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const refetch = useRefetchAdmin();
  const organization = useCurrentOrganization();
  const [roles, setRoles] = useState<string[]>(knownRoles(user.roles));
  const [validFrom, setValidFrom] = useState(validFromInput(user.valid_from));
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);

  const update = useCommandMutation(sessionChannel, 'updateOrganizationAccess', {
    onSuccess: () => {
      showToast(t('settings.user.saved'));
      void refetch('getOrganizationAccess');
    },
  });
  const endSessions = useCommandMutation(sessionChannel, 'endUserSessions', {
    onSuccess: ({ ended }) => showToast(t('settings.user.sessionsEnded', { count: ended })),
  });
  const revoke = useCommandMutation(sessionChannel, 'revokeOrganizationAccess', {
    onSuccess: () => {
      showToast(t('settings.user.revoked', { email: user.email }));
      void refetch('getOrganizationAccess');
      void navigate(usersPath, { replace: true });
    },
  });

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (params) {
      update.mutate({
        ...params,
        userId: user.id,
        roles: knownRoles(roles),
        validFrom: validFromParam(validFrom),
      });
    }
  };
  const details: Array<[string, string]> = [
    [t('settings.users.userType'), t(`userTypes.${user.user_type}`, { defaultValue: user.user_type })],
    [
      t('settings.users.lastLogin'),
      user.last_login ? formatDateTime(user.last_login, i18n.language) : t('settings.users.never'),
    ],
    [t('settings.users.validFrom'), formatDate(user.valid_from, i18n.language) || t('account.notSet')],
    [t('account.twoFactor'), user.otp_enabled ? t('account.on') : t('account.off')],
    [t('account.phone'), user.phone ?? t('account.notSet')],
  ];

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={1} data-testid="user-email">
          {user.email}
        </Title>
        <Group>
          <Button
            variant="default"
            loading={endSessions.isPending}
            onClick={() => params && endSessions.mutate({ ...params, userId: user.id })}
          >
            {t('settings.user.endSessions')}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirmingRevoke(true)}>
            {t('settings.user.revoke')}
          </Button>
        </Group>
      </Group>
      <AdminError error={endSessions.error ?? revoke.error} testId="user-actions-error" />
      <Table variant="vertical" withTableBorder data-testid="user-details">
        <Table.Tbody>
          {details.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={200}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Paper component="form" onSubmit={onSave} withBorder p="md" data-testid="user-access-form">
        <Stack>
          <AdminError error={update.error} testId="user-access-error" />
          <RoleSelect value={roles} onChange={setRoles} testId="user-roles" />
          <DateField
            label={t('settings.users.validFrom')}
            description={t('settings.user.validFromHint')}
            maw={240}
            value={validFrom}
            onChange={setValidFrom}
            clearable
          />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={roles.length === 0}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Modal
        opened={confirmingRevoke}
        onClose={() => setConfirmingRevoke(false)}
        title={t('settings.user.revokeTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>
            {t('settings.user.revokeConfirm', {
              email: user.email,
              organization: organization?.organization.name ?? '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingRevoke(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              data-testid="confirm-revoke"
              onClick={() => {
                setConfirmingRevoke(false);
                if (params) revoke.mutate({ ...params, userId: user.id });
              }}
            >
              {t('settings.user.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
