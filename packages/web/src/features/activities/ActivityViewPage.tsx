import { SimpleGrid, Stack } from '@mantine/core';
import { ActivityHeader } from './ActivityHeader.tsx';
import { ActivityProblem } from './ActivityProblem.tsx';
import { AudienceFiles } from './AudienceFiles.tsx';
import { ActivitySummary } from './ActivitySummary.tsx';
import { RevisionHistory } from './RevisionHistory.tsx';
import { RevisionPreview } from './RevisionPreview.tsx';
import { useActivityFromPath } from './useActivityFromPath.ts';
import { CheckPanel } from './workflow/CheckPanel.tsx';
import { WorkflowPanel } from './WorkflowPanel.tsx';

/**
 * `activity/view/{id}` (alias `campaign/{campaignId}/view/{id}`): the activity's summary, its workflow beside its
 * checks and proofs, a display ad's audience files, a read-only preview of its latest revision and its revision
 * history, all live.
 */
export default function ActivityViewPage() {
  const loaded = useActivityFromPath();
  if (loaded.state !== 'found') return <ActivityProblem loaded={loaded} />;
  const { activity, place } = loaded;
  return (
    <Stack data-testid="activity-view-page" data-activity-id={activity.id}>
      <ActivityHeader activity={activity} place={place} />
      <ActivitySummary activity={activity} organizationId={place.organizationId} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} style={{ alignItems: 'start' }}>
        <WorkflowPanel activity={activity} />
        <CheckPanel activity={activity} />
      </SimpleGrid>
      {activity.type === 'displayad' && <AudienceFiles activity={activity} />}
      <RevisionPreview activity={activity} place={place} />
      <RevisionHistory activity={activity} />
    </Stack>
  );
}
