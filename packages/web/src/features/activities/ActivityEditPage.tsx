import type { ActivityRecord } from '@herald/protocol';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { GuardRedirect } from '../../platform/guards/GuardRedirect.tsx';
import { nativeEditorGuard } from '../../platform/guards/nativeEditorGuard.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useArchiveWithUndo } from '../../platform/list/useArchiveWithUndo.tsx';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { ActivityHeader } from './ActivityHeader.tsx';
import { ActivityProblem } from './ActivityProblem.tsx';
import type { ActivityPlace } from './activityPaths.ts';
import { ActivitySettingsForm } from './ActivitySettingsForm.tsx';
import { useActivityFromPath } from './useActivityFromPath.ts';

/**
 * `activity/edit/{id}` (alias `campaign/{campaignId}/edit/{id}`): the activity's settings. Guard 7 (platform
 * §2) first: an activity on a native editor template (`v5_` in its template url) goes to the native editor.
 * An archived activity cannot be edited (functional §8) until it is unarchived.
 */
export default function ActivityEditPage() {
  const location = useLocation();
  const loaded = useActivityFromPath();
  if (loaded.state !== 'found') return <ActivityProblem loaded={loaded} />;
  const guard = nativeEditorGuard(loaded.activity, location);
  if (guard.kind === 'redirect') return <GuardRedirect to={guard.to} alert={guard.alert} />;
  return <ActivityEdit activity={loaded.activity} place={loaded.place} />;
}

function ActivityEdit({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const editable = useResourceAccess('activity').canWrite;
  const archiving = useArchiveWithUndo({
    type: 'activity',
    record: activity,
    name: activity.name,
    messages: {
      archived: 'activities.archive.archived',
      unarchived: 'activities.archive.unarchived',
      undo: 'activities.archive.undo',
    },
    testId: 'activity',
  });

  return (
    <Stack data-testid="activity-edit-page" data-activity-id={activity.id}>
      <ActivityHeader activity={activity} place={place} />
      {!editable && (
        <Alert color="gray" data-testid="activity-read-only">
          {t('activities.readOnly')}
        </Alert>
      )}
      {activity.isArchived && (
        <Alert color="yellow" role="alert" data-testid="activity-not-editable">
          <Stack gap="xs">
            <Text size="sm">{errorText('ItemNotEditableError')}</Text>
            <Text size="sm">{t('activities.archive.archivedHint')}</Text>
            {editable && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  loading={archiving.isPending}
                  onClick={archiving.unarchive}
                  data-testid="activity-unarchive"
                >
                  {t('activities.archive.unarchive')}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <ActivitySettingsForm
        key={activity.id}
        activity={activity}
        readOnly={!editable || activity.isArchived}
      />
      {editable && !activity.isArchived && (
        <Group>
          <Button
            variant="default"
            color="orange"
            loading={archiving.isPending}
            onClick={() => archiving.archive()}
            data-testid="activity-archive"
          >
            {t('activities.archive.archive')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('activities.archive.hint')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
