import type { RevisionChange } from '@herald/protocol';
import { Alert, Box, Code, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { changeValueText, diffSign } from './revisionChanges.ts';

const LINE_COLORS = {
  removed: 'var(--mantine-color-red-light)',
  added: 'var(--mantine-color-green-light)',
  same: 'transparent',
} as const;

/**
 * What changed between two revisions (compareActivityRevisions): each changed field by its path, its value
 * before and after, and for a body of several lines a line diff, removed lines red with −, added green with +.
 */
export function RevisionComparison({
  changes,
  fromRevisionId,
  toRevisionId,
}: {
  changes: readonly RevisionChange[];
  fromRevisionId: number;
  toRevisionId: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="revision-comparison">
      <Text fw={600}>{t('activities.history.comparing', { from: fromRevisionId, to: toRevisionId })}</Text>
      {changes.length === 0 ? (
        <Alert color="gray" data-testid="revision-comparison-same">
          {t('activities.history.noChanges')}
        </Alert>
      ) : (
        changes.map((change) => <ChangeView key={change.path} change={change} />)
      )}
    </Stack>
  );
}

function ChangeView({ change }: { change: RevisionChange }) {
  const { t } = useTranslation();
  const before = changeValueText(change.before);
  const after = changeValueText(change.after);
  return (
    <Paper withBorder p="sm" data-testid="revision-change" data-path={change.path}>
      <Stack gap="xs">
        <Code>{change.path}</Code>
        {change.lines ? (
          <Box
            component="pre"
            m={0}
            fz="xs"
            style={{ overflowX: 'auto', fontFamily: 'var(--mantine-font-family-monospace)' }}
            data-testid="revision-line-diff"
          >
            {change.lines.map((line, index) => (
              <div
                key={index}
                data-kind={line.kind}
                style={{ background: LINE_COLORS[line.kind], whiteSpace: 'pre-wrap' }}
              >
                <span aria-hidden>{diffSign(line.kind)} </span>
                {line.kind !== 'same' && (
                  <VisuallyHidden>
                    {t(
                      line.kind === 'removed'
                        ? 'activities.history.removedLine'
                        : 'activities.history.addedLine',
                    )}
                  </VisuallyHidden>
                )}
                {line.text}
              </div>
            ))}
            {change.linesTruncated && <div>{t('activities.history.linesTruncated')}</div>}
          </Box>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChangeValue label={t('activities.history.before')} value={before} kind="removed" />
            <ChangeValue label={t('activities.history.after')} value={after} kind="added" />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function ChangeValue({
  label,
  value,
  kind,
}: {
  label: string;
  value: string | null;
  kind: 'removed' | 'added';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid={`revision-change-${kind === 'removed' ? 'before' : 'after'}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box
        component="pre"
        m={0}
        p="xs"
        fz="xs"
        style={{ background: LINE_COLORS[kind], whiteSpace: 'pre-wrap', borderRadius: 4 }}
      >
        {value ?? t('activities.history.absent')}
      </Box>
    </Stack>
  );
}
