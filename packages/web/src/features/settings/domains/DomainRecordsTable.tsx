import { ActionIcon, Code, CopyButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { DomainRecord, DomainRecordPurpose } from '@herald/protocol';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordStatusBadge } from './DomainStatusBadge.tsx';

const PURPOSE_LABELS: Record<DomainRecordPurpose, string> = {
  dkim: 'settings.domains.purposeDkim',
  returnPath: 'settings.domains.purposeReturnPath',
  spf: 'settings.domains.purposeSpf',
  dmarc: 'settings.domains.purposeDmarc',
  tracking: 'settings.domains.purposeTracking',
  ownership: 'settings.domains.purposeOwnership',
};

/** Every record to publish, with copy buttons for its host and value and what the last check saw. */
export function DomainRecordsTable({ records }: { records: readonly DomainRecord[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table data-testid="domain-records" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.domains.purpose')}</Table.Th>
            <Table.Th>{t('settings.domains.type')}</Table.Th>
            <Table.Th>{t('settings.domains.host')}</Table.Th>
            <Table.Th>{t('settings.domains.value')}</Table.Th>
            <Table.Th>{t('settings.domains.recordStatus')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const purpose = t(PURPOSE_LABELS[record.purpose], { selector: record.selector ?? '' });
            return (
              <Table.Tr
                key={`${record.type}|${record.host}|${record.value}`}
                data-testid="domain-record"
                data-purpose={record.purpose}
              >
                <Table.Td>{purpose}</Table.Td>
                <Table.Td>{record.type}</Table.Td>
                <Table.Td>
                  <Copyable text={record.host} label={t('settings.domains.copyHost', { record: purpose })} />
                </Table.Td>
                <Table.Td maw={420}>
                  <Copyable
                    text={record.value}
                    label={t('settings.domains.copyValue', { record: purpose })}
                  />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <RecordStatusBadge status={record.status} />
                    {record.found.length > 0 && (
                      <Text
                        size="xs"
                        c="dimmed"
                        style={{ wordBreak: 'break-all' }}
                        data-testid="record-found"
                      >
                        {t('settings.domains.found', { values: record.found.join(' · ') })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Copyable({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{text}</Code>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('settings.domains.copied') : label} withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={copy}>
              <span aria-hidden>{copied ? '✓' : '⧉'}</span>
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
