import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import { Fragment, useState } from 'react';
import { useCommand } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { pageOffset } from './accessForms.ts';
import { AdminError } from './AdminError.tsx';
import { Pages } from './Pages.tsx';
import { useAdminParams } from './useAdminCommand.ts';

/**
 * The messages Herald has written to its outbox (getOutbox), newest first, PAGE_LIMIT a page. While no SMTP
 * server is configured nothing is sent: messages (sign-up and password codes among them) wait here, and an
 * administrator opens a row to read its text.
 */
export function Outbox() {
  const { t, i18n } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const outbox = useCommand(
    sessionChannel,
    'getOutbox',
    params ? { ...params, limit: PAGE_LIMIT, offset: pageOffset(page, PAGE_LIMIT) } : null,
    { placeholderData: (previous) => previous },
  );
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="outbox-title" data-testid="outbox">
      <Stack>
        <Title order={2} size="h3" id="outbox-title">
          {t('settings.outbox.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.outbox.intro')}
        </Text>
        <AdminError error={outbox.error} testId="outbox-error" />
        {outbox.isPending && !outbox.isError && <PageLoader />}
        {outbox.data && outbox.data.records.length === 0 && (
          <Text data-testid="outbox-empty">{t('settings.outbox.none')}</Text>
        )}
        {outbox.data && outbox.data.records.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.outbox.to')}</Table.Th>
                  <Table.Th>{t('settings.outbox.subject')}</Table.Th>
                  <Table.Th>{t('settings.outbox.created')}</Table.Th>
                  <Table.Th>{t('settings.outbox.sent')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.records.map((message) => {
                  const expanded = open.has(message.id);
                  const textId = `outbox-message-${message.id}-text`;
                  return (
                    <Fragment key={message.id}>
                      <Table.Tr
                        data-testid="outbox-message"
                        data-message-id={message.id}
                        data-sent={message.sentAt !== null}
                      >
                        <Table.Td style={{ wordBreak: 'break-all' }}>{message.to}</Table.Td>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            ta="start"
                            aria-expanded={expanded}
                            aria-controls={expanded ? textId : undefined}
                            title={expanded ? t('settings.outbox.hide') : t('settings.outbox.read')}
                            onClick={() => toggle(message.id)}
                          >
                            {message.subject || t('settings.outbox.noSubject')}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{formatDateTime(message.createdAt, i18n.language)}</Table.Td>
                        <Table.Td>
                          {message.sentAt ? (
                            formatDateTime(message.sentAt, i18n.language)
                          ) : message.error ? (
                            <Text span size="sm" c="red" data-testid="outbox-refused">
                              {t('settings.outbox.refused', { reason: message.error })}{' '}
                              {message.nextAttemptAt
                                ? t('settings.outbox.retryAt', {
                                    time: formatDateTime(message.nextAttemptAt, i18n.language),
                                  })
                                : t('settings.outbox.gaveUp')}
                            </Text>
                          ) : (
                            <Text span size="sm" fw={500}>
                              {t('settings.outbox.waiting')}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                      {expanded && (
                        <Table.Tr id={textId} data-testid="outbox-message-text" data-message-id={message.id}>
                          <Table.Td colSpan={4}>
                            <Text
                              component="pre"
                              size="sm"
                              m={0}
                              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                            >
                              {message.text}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {outbox.data && (
          <Pages total={outbox.data.total} page={page} onChange={setPage} testId="outbox-pages" />
        )}
      </Stack>
    </Paper>
  );
}
