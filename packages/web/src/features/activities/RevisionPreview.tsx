import { formatFileSize } from '@herald/protocol';
import type { ActivityRecord, RenderedPreview } from '@herald/protocol';
import { Alert, Anchor, Badge, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { activityPagePath } from './activityPaths.ts';
import type { ActivityPlace } from './activityPaths.ts';

/** renderPreview of the activity's latest revision for the sample recipient; null params wait (no revision). */
export function useLatestPreview(activity: ActivityRecord) {
  const organization = useCurrentOrganization();
  return useCommand(
    organization!.channel,
    'renderPreview',
    organization && activity.latestRevisionId !== null
      ? {
          organizationId: organization.organizationId,
          activityId: activity.id,
          revisionId: activity.latestRevisionId,
        }
      : null,
    { retry: false },
  );
}

/**
 * A read-only preview of the latest revision (renderPreview, the sample recipient). HTML goes into an iframe
 * with an empty `sandbox`, so nothing in it runs: no script, no form, no navigation of the console; a text
 * channel shows its text as text.
 */
export function RevisionPreview({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  const { t } = useTranslation();
  const preview = useLatestPreview(activity);
  return (
    <Paper withBorder p="md" data-testid="revision-preview">
      <Stack>
        <Title order={2} size="h4">
          {t('activities.preview.title')}
        </Title>
        {activity.latestRevisionId === null ? (
          <Text size="sm" c="dimmed" data-testid="revision-preview-empty">
            {t('activities.preview.nothingSaved')}{' '}
            <Anchor component={Link} to={activityPagePath(place, 'editor', activity.id)}>
              {t('activities.preview.openEditor')}
            </Anchor>
          </Text>
        ) : preview.isPending ? (
          <Skeleton height={240} />
        ) : preview.error ? (
          <RecordsError error={preview.error} testId="revision-preview-error" />
        ) : (
          <RenderedContent rendered={preview.data} title={activity.name} />
        )}
      </Stack>
    </Paper>
  );
}

function RenderedContent({ rendered, title }: { rendered: RenderedPreview; title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {rendered.subject !== '' && (
          <Text size="sm" data-testid="revision-preview-subject">
            <b>{t('activities.preview.subject')}:</b> {rendered.subject}
          </Text>
        )}
        <Badge variant="light" color="gray">
          {formatFileSize(rendered.sizeBytes)}
        </Badge>
        {rendered.errors.length > 0 && (
          <Badge variant="light" color="red" data-testid="revision-preview-error-count">
            {t('activities.preview.errorCount', { count: rendered.errors.length })}
          </Badge>
        )}
      </Group>
      {rendered.html !== '' ? (
        <iframe
          // A new frame for each document: changing a frame's srcdoc adds a step to the browser's history.
          key={rendered.html}
          sandbox=""
          srcDoc={rendered.html}
          title={t('activities.preview.frameTitle', { name: title })}
          data-testid="revision-preview-frame"
          style={{
            width: '100%',
            height: 480,
            border: '1px solid var(--mantine-color-default-border)',
            background: 'white',
          }}
        />
      ) : (
        <Code block data-testid="revision-preview-text" style={{ whiteSpace: 'pre-wrap' }}>
          {rendered.text}
        </Code>
      )}
      {rendered.errors.length > 0 && (
        <Alert color="red" variant="light">
          {t('activities.preview.hasErrors')}
        </Alert>
      )}
    </Stack>
  );
}
