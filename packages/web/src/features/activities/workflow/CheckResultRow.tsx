import type { CheckResult } from '@herald/protocol';
import { Button, Collapse, List, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { CheckStatusBadge } from './CheckStatusBadge.tsx';
import { versionName } from './versionName.ts';

/**
 * One check's result: its name, its outcome and the message that says what to fix (the server's English, as
 * the checks write it), with the version it concerns and, when there are several findings, a list of them
 * behind a toggle.
 */
export function CheckResultRow({ result }: { result: CheckResult }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // A single finding that is the message itself adds nothing behind a toggle.
  const details =
    result.details?.length === 1 && result.details[0] === result.message ? [] : (result.details ?? []);
  return (
    <Table.Tr data-testid={`check-result-${result.name}`} data-check-status={result.status}>
      <Table.Th scope="row" fw={500}>
        {t(`workflow.checks.names.${result.name}`)}
      </Table.Th>
      <Table.Td style={{ width: '1%', whiteSpace: 'nowrap' }}>
        <CheckStatusBadge status={result.status} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Text size="sm" data-testid="check-result-message">
            {result.variation !== undefined && (
              <Text span size="sm" c="dimmed">
                {versionName(t, result.variation)}:{' '}
              </Text>
            )}
            {result.message}
          </Text>
          {details.length > 0 && (
            <>
              <Button
                variant="subtle"
                size="compact-xs"
                w="fit-content"
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setOpen((was) => !was)}
                data-testid="check-result-toggle"
              >
                {t(open ? 'workflow.checks.hideDetails' : 'workflow.checks.showDetails', {
                  count: details.length,
                })}
              </Button>
              <Collapse expanded={open} id={detailsId}>
                <List size="sm" data-testid="check-result-details">
                  {details.map((detail) => (
                    <List.Item key={detail}>{detail}</List.Item>
                  ))}
                </List>
              </Collapse>
            </>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
