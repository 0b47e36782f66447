import type { ActivityRecord } from '@herald/protocol';
import { Alert, Anchor, Code, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { ActivityHeader } from './ActivityHeader.tsx';
import { ActivityProblem } from './ActivityProblem.tsx';
import { activityPagePath } from './activityPaths.ts';
import type { ActivityPlace } from './activityPaths.ts';
import { useLatestPreview } from './RevisionPreview.tsx';
import { SendingErrors } from './SendingErrors.tsx';
import { useActivityFromPath } from './useActivityFromPath.ts';

/**
 * `activity/viewerror/{id}`: the activity's errors with their context (functional §8; docs/architecture.md
 * § Sending errors): first the recipients whose message failed to render or send, grouped, with the retry after a
 * fix (SendingErrors); then the errors its latest revision renders with for the sample recipient (renderPreview),
 * so a fix can be checked before it is sent again.
 */
export default function ActivityErrorsPage() {
  const loaded = useActivityFromPath();
  if (loaded.state !== 'found') return <ActivityProblem loaded={loaded} />;
  return <ActivityErrors activity={loaded.activity} place={loaded.place} />;
}

function ActivityErrors({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  return (
    <Stack data-testid="activity-errors-page" data-activity-id={activity.id}>
      <ActivityHeader activity={activity} place={place} />
      <SendingErrors activity={activity} />
      <RenderProblems activity={activity} place={place} />
    </Stack>
  );
}

/** The errors the latest revision renders with (renderPreview for the sample recipient). */
function RenderProblems({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  const { t } = useTranslation();
  const preview = useLatestPreview(activity);
  const errors = preview.data?.errors ?? [];
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          {t('activities.errorsPage.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('activities.errorsPage.explanation')}
        </Text>
        {activity.latestRevisionId === null ? (
          <Alert color="gray" data-testid="activity-errors-nothing-saved">
            {t('activities.errorsPage.nothingSaved')}
          </Alert>
        ) : preview.isPending ? (
          <Skeleton height={80} />
        ) : preview.error ? (
          <RecordsError error={preview.error} testId="activity-errors-error" />
        ) : errors.length === 0 ? (
          <Alert color="teal" data-testid="activity-errors-none">
            {t('activities.errorsPage.none', { id: activity.latestRevisionId })}
          </Alert>
        ) : (
          <>
            <Alert color="red" data-testid="activity-errors-found">
              {t('activities.errorsPage.found', { count: errors.length, id: activity.latestRevisionId })}
            </Alert>
            <List spacing="sm" data-testid="activity-error-list">
              {errors.map((error, index) => (
                <List.Item key={index} data-testid="activity-error">
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {error.part
                        ? t(`activities.errorsPage.parts.${error.part}`)
                        : t('activities.errorsPage.content')}
                      {error.line !== undefined &&
                        ` · ${t('activities.errorsPage.line', { line: error.line })}`}
                    </Text>
                    <Code block>{error.message}</Code>
                  </Stack>
                </List.Item>
              ))}
            </List>
            <Text size="sm">{t('activities.errorsPage.contactSupport')}</Text>
          </>
        )}
        <Anchor component={Link} to={activityPagePath(place, 'editor', activity.id)} size="sm">
          {t('activities.preview.openEditor')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
