import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { SendingDomain } from '@herald/protocol';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { formatDateTime } from '../../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { useAdminParams, useRefetchAdmin } from '../useAdminCommand.ts';
import { DomainError } from './DomainError.tsx';

/**
 * A sending domain's DKIM keys and their rotation: a new selector adds a key whose record is published beside
 * the old one; once a check has seen it, the old key can be retired.
 */
export function DkimKeys({ domain }: { domain: SendingDomain }) {
  const { t, i18n } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const refetch = useRefetchAdmin();
  const [selector, setSelector] = useState('');
  const rotate = useCommandMutation(sessionChannel, 'rotateSendingDomainKey', {
    onSuccess: () => {
      setSelector('');
      showToast(t('settings.domains.rotated'));
      void refetch('getOrganizationDomains');
    },
  });
  const retire = useCommandMutation(sessionChannel, 'retireSendingDomainKey', {
    onSuccess: () => {
      showToast(t('settings.domains.retired'));
      void refetch('getOrganizationDomains');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (params) rotate.mutate({ ...params, domain: domain.domain, selector });
  };
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="dkim-keys-title" data-testid="dkim-keys">
      <Stack>
        <Title order={2} size="h3" id="dkim-keys-title">
          {t('settings.domains.keys')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.domains.keysIntro')}
        </Text>
        <DomainError error={retire.error} testId="retire-key-error" />
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.domains.selector')}</Table.Th>
                <Table.Th>{t('settings.domains.keyCreated')}</Table.Th>
                <Table.Th>{t('settings.domains.keyVerified')}</Table.Th>
                <Table.Th>{t('settings.domains.keyRetired')}</Table.Th>
                <Table.Th>{t('settings.domains.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.keys.map((key) => (
                <Table.Tr key={key.selector} data-testid="dkim-key" data-selector={key.selector}>
                  <Table.Td>{key.selector}</Table.Td>
                  <Table.Td>{date(key.createdAt)}</Table.Td>
                  <Table.Td>{date(key.verifiedAt)}</Table.Td>
                  <Table.Td>{date(key.retiredAt)}</Table.Td>
                  <Table.Td>
                    {!key.retiredAt && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={t('settings.domains.retireKey', { selector: key.selector })}
                        loading={retire.isPending && retire.variables.selector === key.selector}
                        onClick={() =>
                          params &&
                          retire.mutate({ ...params, domain: domain.domain, selector: key.selector })
                        }
                      >
                        {t('settings.domains.retire')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <form onSubmit={submit} noValidate data-testid="rotate-key">
          <Stack gap="xs">
            <DomainError error={rotate.error} testId="rotate-key-error" />
            <Group align="flex-end">
              <TextInput
                label={t('settings.domains.newSelector')}
                description={t('settings.domains.selectorHint')}
                required
                value={selector}
                onChange={(event) => setSelector(event.currentTarget.value)}
              />
              <Button type="submit" loading={rotate.isPending} disabled={selector.trim() === ''}>
                {t('settings.domains.rotate')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
