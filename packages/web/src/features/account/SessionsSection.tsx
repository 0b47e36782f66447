import { Alert, Badge, Button, Paper, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { commandKey, useCommand, useCommandMutation } from '../../platform/data/useCommand.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';

/** The user's own sessions (listUserSessions): where they are signed in, with a way to end the others. */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { sessionChannel } = usePlatform();
  const queryClient = useQueryClient();
  const { sessionId } = useSession();
  const params = sessionId ? { sessionId } : null;
  const sessions = useCommand(sessionChannel, 'listUserSessions', params);
  const end = useCommandMutation(sessionChannel, 'endUserSession', {
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: commandKey(sessionChannel, 'listUserSessions', params) }),
  });
  const failure = sessions.error ?? end.error;
  const when = (value: string | null) => formatDateTime(value, i18n.language);

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="sessions-title" data-testid="user-sessions">
      <Stack>
        <Title order={2} size="h3" id="sessions-title">
          {t('sessions.title')}
        </Title>
        {failure && (
          <Alert color="red" role="alert" data-error-type={failure.type}>
            {errorText(failure.type, failure.message)}
          </Alert>
        )}
        {sessions.data && (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.started')}</Table.Th>
                  <Table.Th>{t('sessions.lastSeen')}</Table.Th>
                  <Table.Th>{t('sessions.expires')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.records.map((record) => (
                  <Table.Tr key={record.id} data-testid="user-session" data-current={record.current}>
                    <Table.Td>{when(record.createdAt)}</Table.Td>
                    <Table.Td>{when(record.lastSeenAt)}</Table.Td>
                    <Table.Td>{when(record.expiresAt)}</Table.Td>
                    <Table.Td>
                      {record.current ? (
                        <Badge variant="light" tt="none">
                          {t('sessions.current')}
                        </Badge>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="default"
                          loading={end.isPending && end.variables.id === record.id}
                          onClick={() => sessionId && end.mutate({ sessionId, id: record.id })}
                        >
                          {t('sessions.end')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
