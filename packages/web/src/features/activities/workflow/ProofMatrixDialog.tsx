import type { ProofMatrix, ProofMatrixCell } from '@herald/protocol';
import { Alert, Code, Loader, Modal, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { versionName } from './versionName.ts';
import { PROOF_MATRIX_CELLS_AT_MOST } from './workflowConstants.ts';

/**
 * The proof matrix (docs/workflow.md § Proofs): every version of the content (rows) as every test profile gets it
 * (columns), each cell a preview with its subject above and its render problems below. HTML goes into an iframe
 * with an empty `sandbox`, as RevisionPreview's does, so nothing in the content runs.
 */
export function ProofMatrixDialog({
  name,
  opened,
  onClose,
  matrix,
  pending,
  error,
}: {
  name: string;
  opened: boolean;
  onClose: () => void;
  matrix: ProofMatrix | undefined;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workflow.proofs.matrixTitle', { name })}
      fullScreen
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack data-testid="proof-matrix-dialog">
        <RecordsError error={error} testId="proof-matrix-error" />
        {pending ? (
          <Stack align="center" role="status">
            <Loader aria-hidden="true" />
            <Text size="sm">{t('workflow.proofs.matrixLoading')}</Text>
          </Stack>
        ) : (
          matrix && <MatrixGrid matrix={matrix} />
        )}
      </Stack>
    </Modal>
  );
}

function MatrixGrid({ matrix }: { matrix: ProofMatrix }) {
  const { t } = useTranslation();
  const shownVersions = [...new Set(matrix.cells.map((cell) => cell.variation))];
  const cellOf = (variation: number, testProfileId: number | null) =>
    matrix.cells.find((cell) => cell.variation === variation && cell.testProfileId === testProfileId);
  return (
    <>
      {matrix.truncated && (
        <Alert color="yellow" data-testid="proof-matrix-truncated">
          {t('workflow.proofs.matrixTruncated', {
            shown: shownVersions.length,
            versions: matrix.versions,
            limit: PROOF_MATRIX_CELLS_AT_MOST,
          })}
        </Alert>
      )}
      <ScrollArea type="auto">
        <Table
          withColumnBorders
          data-testid="proof-matrix"
          // Each preview keeps a readable width; more profiles scroll sideways.
          style={{ tableLayout: 'fixed', width: 120 + 340 * matrix.profiles.length }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={120}>
                <VisuallyHidden>{t('workflow.proofs.matrixVersion')}</VisuallyHidden>
              </Table.Th>
              {matrix.profiles.map((profile) => (
                <Table.Th scope="col" key={profile.testProfileId ?? 'sample'} w={340}>
                  {profile.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shownVersions.map((variation) => (
              <Table.Tr key={variation} data-testid="proof-matrix-row" data-variation={variation}>
                <Table.Th scope="row" style={{ verticalAlign: 'top' }}>
                  {versionName(t, variation)}
                </Table.Th>
                {matrix.profiles.map((profile) => {
                  const cell = cellOf(variation, profile.testProfileId);
                  return (
                    <Table.Td key={profile.testProfileId ?? 'sample'} style={{ verticalAlign: 'top' }}>
                      {cell && (
                        <MatrixCell
                          cell={cell}
                          title={t('workflow.proofs.cellTitle', {
                            version: versionName(t, variation),
                            profile: profile.name,
                          })}
                        />
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}

function MatrixCell({ cell, title }: { cell: ProofMatrixCell; title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="proof-matrix-cell" data-errors={cell.errors.length}>
      {cell.subject !== '' && (
        <Text size="sm" fw={500} lineClamp={2} data-testid="proof-matrix-subject">
          {cell.subject}
        </Text>
      )}
      {cell.html !== '' ? (
        <iframe
          sandbox=""
          srcDoc={cell.html}
          title={title}
          style={{
            width: '100%',
            height: 360,
            border: '1px solid var(--mantine-color-default-border)',
            background: 'white',
          }}
        />
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {cell.text}
        </Code>
      )}
      {cell.errors.length > 0 && (
        <Alert color="red" variant="light" p="xs" data-testid="proof-matrix-errors">
          <Text size="xs" fw={500}>
            {t('workflow.proofs.cellErrors', { count: cell.errors.length })}
          </Text>
          {cell.errors.map((error, index) => (
            <Text size="xs" key={index}>
              {error.part ? `${error.part}${error.line ? `:${error.line}` : ''} — ` : ''}
              {error.message}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
