import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DEFAULT_DKIM_SELECTOR, DEFAULT_ENVFROM } from '@herald/protocol';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { formatDateTime } from '../../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams, useRefetchAdmin } from '../useAdminCommand.ts';
import { DomainError } from './DomainError.tsx';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';
import { useOrganizationDomains } from './useDomains.ts';

type Kind = 'sending' | 'tracking';

/** Settings › Domains (admin): the sending and tracking domains with their status, added and removed here. */
export default function DomainsPage() {
  const { t } = useTranslation();
  const domains = useOrganizationDomains();
  return (
    <Stack data-testid="domains-page">
      <Title order={1}>{t('settings.domains.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('settings.domains.intro')}
      </Text>
      <AdminError error={domains.error} />
      {domains.isPending && !domains.isError && <PageLoader />}
      {domains.data && (
        <>
          <DomainSection kind="sending" domains={domains.data.sending} />
          <DomainSection kind="tracking" domains={domains.data.tracking} />
        </>
      )}
    </Stack>
  );
}

function DomainSection({
  kind,
  domains,
}: {
  kind: Kind;
  domains: ReadonlyArray<{ domain: string; status: 'verified' | 'unverified'; checkedAt: string | null }>;
}) {
  const { t, i18n } = useTranslation();
  const params = useAdminParams();
  const [removing, setRemoving] = useState<string | null>(null);
  const { sessionChannel } = usePlatform();
  const refetch = useRefetchAdmin();
  const remove = useCommandMutation(
    sessionChannel,
    kind === 'sending' ? 'removeOrganizationSendingDomain' : 'removeOrganizationTrackingDomain',
    {
      onSuccess: () => {
        showToast(t('settings.domains.removed'));
        void refetch('getOrganizationDomains');
      },
    },
  );
  const titleId = `${kind}-domains-title`;
  const pagePath = (domain: string) =>
    `/${params?.organizationId ?? ''}/settings/${kind === 'sending' ? 'sendingdomains' : 'trackingdomains'}/${encodeURIComponent(domain)}`;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId} data-testid={`${kind}-domains`}>
      <Stack>
        <Title order={2} size="h3" id={titleId}>
          {kind === 'sending' ? t('settings.domains.sendingTitle') : t('settings.domains.trackingTitle')}
        </Title>
        <AdminError error={remove.error} testId={`${kind}-remove-error`} />
        {domains.length === 0 ? (
          <Text data-testid={`${kind}-domains-empty`}>
            {kind === 'sending' ? t('settings.domains.noSending') : t('settings.domains.noTracking')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.domains.domain')}</Table.Th>
                  <Table.Th>{t('settings.domains.status')}</Table.Th>
                  <Table.Th>{t('settings.domains.lastChecked')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('settings.domains.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {domains.map((domain) => (
                  <Table.Tr key={domain.domain} data-testid="domain-row">
                    <Table.Td>
                      <Anchor component={Link} to={pagePath(domain.domain)}>
                        {domain.domain}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <DomainStatusBadge status={domain.status} />
                    </Table.Td>
                    <Table.Td>
                      {domain.checkedAt
                        ? formatDateTime(domain.checkedAt, i18n.language)
                        : t('settings.domains.never')}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={t('settings.domains.removeDomain', { domain: domain.domain })}
                        onClick={() => setRemoving(domain.domain)}
                      >
                        {t('settings.domains.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <AddDomainForm kind={kind} />
      </Stack>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('settings.domains.removeTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('settings.domains.removeConfirm', { domain: removing ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              data-testid="confirm-remove-domain"
              onClick={() => {
                if (params && removing) remove.mutate({ ...params, domain: removing });
                setRemoving(null);
              }}
            >
              {t('settings.domains.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function AddDomainForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const params = useAdminParams();
  const { sessionChannel } = usePlatform();
  const refetch = useRefetchAdmin();
  const [domain, setDomain] = useState('');
  const [selector, setSelector] = useState(DEFAULT_DKIM_SELECTOR);
  const [envfrom, setEnvfrom] = useState(DEFAULT_ENVFROM);
  const onSuccess = () => {
    showToast(t('settings.domains.added'));
    setDomain('');
    void refetch('getOrganizationDomains');
  };
  const addSending = useCommandMutation(sessionChannel, 'addOrganizationSendingDomain', { onSuccess });
  const addTracking = useCommandMutation(sessionChannel, 'addOrganizationTrackingDomain', { onSuccess });
  const adding = kind === 'sending' ? addSending : addTracking;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!params) return;
    if (kind === 'sending') addSending.mutate({ ...params, domain, selector, envfrom });
    else addTracking.mutate({ ...params, domain });
  };
  return (
    <form onSubmit={submit} data-testid={`add-${kind}-domain`} noValidate>
      <Stack gap="xs">
        <DomainError error={adding.error} testId={`add-${kind}-error`} />
        <Group align="flex-end">
          <TextInput
            label={
              kind === 'sending' ? t('settings.domains.sendingDomain') : t('settings.domains.trackingDomain')
            }
            placeholder={kind === 'sending' ? 'example.com' : 'links.example.com'}
            required
            value={domain}
            onChange={(event) => setDomain(event.currentTarget.value)}
            style={{ flex: 2, minWidth: 200 }}
          />
          {kind === 'sending' && (
            <>
              <TextInput
                label={t('settings.domains.selector')}
                description={t('settings.domains.selectorHint')}
                required
                value={selector}
                onChange={(event) => setSelector(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 140 }}
              />
              <TextInput
                label={t('settings.domains.envfrom')}
                description={t('settings.domains.envfromHint')}
                required
                value={envfrom}
                onChange={(event) => setEnvfrom(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 140 }}
              />
            </>
          )}
          <Button type="submit" loading={adding.isPending} disabled={domain.trim() === ''}>
            {kind === 'sending' ? t('settings.domains.addSending') : t('settings.domains.addTracking')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
