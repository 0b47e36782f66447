import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { AdminError } from './AdminError.tsx';
import { SsoDomainOwnership } from './domains/SsoDomainOwnership.tsx';
import { useAdminParams, useOrganizationIssuers, useRefetchAdmin } from './useAdminCommand.ts';

/** Settings › Access › one identity provider: every field but the secret, and disabling it. */
export default function IssuerPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const issuerId = Number(useParams().id);
  const issuers = useOrganizationIssuers();
  const refetch = useRefetchAdmin();
  const [confirming, setConfirming] = useState(false);
  const disable = useCommandMutation(sessionChannel, 'disableOrganizationIssuer', {
    onSuccess: () => {
      showToast(t('settings.issuer.disabledNow'));
      void refetch('getOrganizationIssuers', 'getOrganizationAccess');
    },
  });
  const issuer = issuers.data?.issuers.find((candidate) => candidate.id === issuerId);
  const accessPath = `/${params?.organizationId ?? ''}/settings/access`;
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  if (issuers.isPending && !issuers.isError) return <PageLoader />;
  const rows: Array<[string, string]> = issuer
    ? [
        [t('settings.access.issuerType'), t(`issuerTypes.${issuer.issuerType}`)],
        [t('settings.access.issuerUri'), issuer.issuerUri],
        [t('settings.access.clientId'), issuer.issuerClientId],
        [t('settings.access.clientSecret'), issuer.issuerCredentialHint || '••••'],
        [t('settings.access.manageRoles'), yesNo(issuer.manageRoles)],
        [t('settings.access.rolesClaim'), issuer.customRolesClaimName ?? '—'],
        [t('settings.access.rolesRegex'), issuer.customRolesRegex ?? '—'],
        [t('settings.access.partitionsClaim'), issuer.customPartitionsetsTransform ?? '—'],
        [t('settings.access.exclusive'), yesNo(issuer.exclusive)],
        [t('settings.access.exclusiveDomains'), issuer.exclusiveDomains.join(', ') || '—'],
        [t('settings.access.grantConsent'), yesNo(issuer.grantConsent)],
        [t('settings.issuer.created'), formatDateTime(issuer.createdAt, i18n.language)],
        [t('settings.issuer.disabledAt'), formatDateTime(issuer.disabledAt, i18n.language) || '—'],
      ]
    : [];

  return (
    <Stack>
      <Anchor component={Link} to={accessPath} size="sm">
        {t('settings.issuer.backToAccess')}
      </Anchor>
      <AdminError error={issuers.error ?? disable.error} />
      {issuers.data && !issuer && (
        <Text role="alert" data-testid="issuer-not-found">
          {errorText('NotFoundError')}
        </Text>
      )}
      {issuer && (
        <>
          <Group justify="space-between" align="flex-start">
            <Group>
              <Title order={1}>{issuer.description || issuer.issuerUri}</Title>
              <Badge
                color={issuer.disabled ? 'gray' : 'teal'}
                variant="light"
                tt="none"
                data-testid="issuer-status"
                data-disabled={issuer.disabled}
              >
                {issuer.disabled ? t('settings.access.disabled') : t('settings.access.active')}
              </Badge>
            </Group>
            {!issuer.disabled && (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('settings.issuer.disable')}
              </Button>
            )}
          </Group>
          <Table variant="vertical" withTableBorder data-testid="issuer-details">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={240}>{label}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {issuer.exclusive && !issuer.disabled && <SsoDomainOwnership issuerId={issuer.id} />}
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={t('settings.issuer.disableTitle')}
            closeButtonProps={{ 'aria-label': t('common.close') }}
          >
            <Stack>
              <Text>{t('settings.issuer.disableConfirm')}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  color="red"
                  loading={disable.isPending}
                  data-testid="confirm-disable-issuer"
                  onClick={() => {
                    setConfirming(false);
                    if (params) disable.mutate({ ...params, issuerId: issuer.id });
                  }}
                >
                  {t('settings.issuer.disable')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
    </Stack>
  );
}
