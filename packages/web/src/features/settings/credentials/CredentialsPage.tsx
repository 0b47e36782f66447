import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Credential } from '@herald/protocol';
import { Link } from 'react-router';
import { formatDateTime } from '../../../platform/i18n/formatDateTime.ts';
import type { TFunction } from '../../../platform/i18n/translator.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { ChannelsCard } from './ChannelsCard.tsx';
import { useCredentials } from './useCredentials.ts';
import { WebChannelCard } from './WebChannelCard.tsx';

/** Settings › Credentials: the organization's vault, its limit, and which credential each channel's provider uses. */
export default function CredentialsPage() {
  const { t, i18n } = useTranslation();
  const params = useAdminParams();
  const credentials = useCredentials();
  const base = `/${params?.organizationId ?? ''}/settings`;
  const data = credentials.data;
  const full = data ? data.credentials.length >= data.limit : true;
  const usedBy = (credential: Credential) =>
    credential.usedBy
      .map((use) => t(`settings.credentials.uses.${use.kind}`, { name: channelOrName(use, t) }))
      .join(', ') || '—';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('settings.credentials.title')}</Title>
        <Button component={Link} to={`${base}/credential/new`} disabled={full} data-testid="add-credential">
          {t('settings.credentials.add')}
        </Button>
      </Group>
      <Text c="dimmed">{t('settings.credentials.intro')}</Text>
      <AdminError error={credentials.error} />
      {credentials.isPending && !credentials.isError && <PageLoader />}
      {data && (
        <>
          <Text size="sm" data-testid="credential-count">
            {t('settings.credentials.count', { count: data.credentials.length, limit: data.limit })}
          </Text>
          <Paper withBorder>
            <Table.ScrollContainer minWidth={720}>
              <Table data-testid="credential-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('settings.credentials.alias')}</Table.Th>
                    <Table.Th>{t('settings.credentials.type')}</Table.Th>
                    <Table.Th>{t('settings.credentials.usedBy')}</Table.Th>
                    <Table.Th>{t('settings.credentials.created')}</Table.Th>
                    <Table.Th>{t('settings.credentials.modified')}</Table.Th>
                    <Table.Th>{t('settings.credentials.lastAccessed')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.credentials.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>{t('settings.credentials.none')}</Table.Td>
                    </Table.Tr>
                  )}
                  {data.credentials.map((credential) => (
                    <Table.Tr key={credential.id} data-testid="credential-row">
                      <Table.Td>
                        <Anchor component={Link} to={`${base}/credential/${credential.id}`}>
                          {credential.alias}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{t(`settings.credentials.types.${credential.type}`)}</Table.Td>
                      <Table.Td>{usedBy(credential)}</Table.Td>
                      <Table.Td>{formatDateTime(credential.createdAt, i18n.language)}</Table.Td>
                      <Table.Td>{formatDateTime(credential.modifiedAt, i18n.language)}</Table.Td>
                      <Table.Td>{formatDateTime(credential.lastAccessedAt, i18n.language) || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <ChannelsCard credentials={data.credentials} saved={data.channelCredentials} />
          <WebChannelCard />
        </>
      )}
    </Stack>
  );
}

/** A channel is named in the user's language; a domain by itself. */
function channelOrName(use: Credential['usedBy'][number], t: TFunction): string {
  return use.kind === 'channel' ? t(`settings.credentials.channels.${use.name}`) : use.name;
}
