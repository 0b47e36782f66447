import { Button, Code, Group, Paper, Stack, Switch, Table, Text, Textarea, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import type { SecuritySettings } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommand, useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { pageOffset } from './accessForms.ts';
import { AdminError } from './AdminError.tsx';
import { Outbox } from './Outbox.tsx';
import { Pages } from './Pages.tsx';
import { useAdminParams, useRefetchAdmin } from './useAdminCommand.ts';

/** Settings › Security: the organization's security settings, its audit log and its outbox. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const settings = useCommand(sessionChannel, 'getSecuritySettings', useAdminParams());
  return (
    <Stack>
      <Title order={1}>{t('settings.security.title')}</Title>
      <AdminError error={settings.error} />
      {settings.isPending && !settings.isError && <PageLoader />}
      {settings.data && <SecurityForm saved={settings.data} />}
      <AuditLog />
      <Outbox />
    </Stack>
  );
}

function SecurityForm({ saved }: { saved: SecuritySettings }) {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const refetch = useRefetchAdmin();
  const [form, setForm] = useState<SecuritySettings>(saved);
  const update = useCommandMutation(sessionChannel, 'updateSecuritySettings', {
    onSuccess: (result) => {
      setForm(result);
      showToast(t('settings.security.saved'));
      void refetch('getSecuritySettings', 'getAuditLog');
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (params) update.mutate({ ...params, ...form });
  };
  return (
    <Paper component="form" onSubmit={onSave} withBorder p="md" data-testid="security-settings-form">
      <Stack>
        <AdminError error={update.error} testId="security-settings-error" />
        <Switch
          label={t('settings.security.requireTwoFactor')}
          description={t('settings.security.requireTwoFactorHint')}
          checked={form.requireTwoFactor}
          onChange={(event) => setForm({ ...form, requireTwoFactor: event.currentTarget.checked })}
        />
        <Switch
          label={t('settings.security.twoPersonApproval')}
          description={t('settings.security.twoPersonApprovalHint')}
          checked={form.twoPersonExtractApproval}
          onChange={(event) => setForm({ ...form, twoPersonExtractApproval: event.currentTarget.checked })}
        />
        <Switch
          label={t('workflow.security.twoPersonApproval')}
          description={t('workflow.security.twoPersonApprovalHint')}
          checked={form.twoPersonActivityApproval}
          onChange={(event) => setForm({ ...form, twoPersonActivityApproval: event.currentTarget.checked })}
        />
        <Textarea
          label={t('settings.security.ipAllowList')}
          description={t('settings.security.ipAllowListHint')}
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={form.adminIpAllowList}
          onChange={(event) => setForm({ ...form, adminIpAllowList: event.currentTarget.value })}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AuditLog() {
  const { t, i18n } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const [page, setPage] = useState(1);
  const log = useCommand(
    sessionChannel,
    'getAuditLog',
    params ? { ...params, limit: PAGE_LIMIT, offset: pageOffset(page, PAGE_LIMIT) } : null,
    { placeholderData: (previous) => previous },
  );
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="audit-log-title" data-testid="audit-log">
      <Stack>
        <Title order={2} size="h3" id="audit-log-title">
          {t('settings.audit.title')}
        </Title>
        <AdminError error={log.error} testId="audit-log-error" />
        {log.isPending && !log.isError && <PageLoader />}
        {log.data && log.data.records.length === 0 && <Text>{t('settings.audit.none')}</Text>}
        {log.data && log.data.records.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.audit.when')}</Table.Th>
                  <Table.Th>{t('settings.audit.who')}</Table.Th>
                  <Table.Th>{t('settings.audit.action')}</Table.Th>
                  <Table.Th>{t('settings.audit.subject')}</Table.Th>
                  <Table.Th>{t('settings.audit.from')}</Table.Th>
                  <Table.Th>{t('settings.audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.records.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                    <Table.Td>{formatDateTime(entry.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{entry.actor ?? '—'}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td>{entry.subject ?? '—'}</Table.Td>
                    <Table.Td>{entry.remoteAddress ?? '—'}</Table.Td>
                    <Table.Td>
                      {Object.keys(entry.details).length > 0 && (
                        <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                          {JSON.stringify(entry.details)}
                        </Code>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {log.data && <Pages total={log.data.total} page={page} onChange={setPage} testId="audit-log-pages" />}
      </Stack>
    </Paper>
  );
}
