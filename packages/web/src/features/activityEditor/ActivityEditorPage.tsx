import type { Channel } from '@herald/protocol';
import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useRecord, useRecords } from '../../platform/list/useRecords.ts';
import type { ChannelContents } from './channels/channelEditor.ts';
import { channelEditors } from './channels/registry.ts';

/**
 * `activity/editor/{id}`: the native editor. This first cut loads the activity and its latest revision and
 * hands the channel's content to that channel's editor (channels/registry.ts); saving makes a revision.
 * The e-mail block editor replaces it (issue 14).
 */
export default function ActivityEditorPage() {
  const organization = useCurrentOrganization();
  const { id: idText } = useParams();
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const activity = useRecord('activity', id).record;
  const revisions = useRecords(
    'activityRevision',
    id === null ? null : { filter: { activityId: id }, limit: 1, offset: 0 },
  );
  const [draft, setDraft] = useState<unknown>(undefined);
  const save = useCommandMutation(organization!.channel, 'saveActivityRevision');
  if (!activity || revisions.isPending)
    return <Skeleton height={200} data-testid="activity-editor-loading" />;
  const type = activity.type as Exclude<Channel, 'email'>;
  const entry = channelEditors[type] as
    { Editor: React.ComponentType<never>; starting: (name: string) => unknown } | undefined;
  const saved = revisions.data?.records[0]?.content.channels[type];
  const content = draft ?? saved ?? entry?.starting(activity.name);
  const Editor = entry?.Editor as React.ComponentType<{
    activity: typeof activity;
    content: unknown;
    onChange: (content: unknown) => void;
    readOnly: boolean;
  }>;
  return (
    <Stack data-testid="activity-editor">
      <Group justify="space-between">
        <Title order={1}>{activity.name}</Title>
        <Button
          disabled={draft === undefined}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              {
                organizationId: organization!.organizationId,
                activityId: activity.id,
                content: { schemaVersion: 3, channels: { [type]: content } as Partial<ChannelContents> },
              },
              { onSuccess: () => setDraft(undefined) },
            )
          }
        >
          Save
        </Button>
      </Group>
      {Editor ? (
        <Editor activity={activity} content={content} onChange={setDraft} readOnly={false} />
      ) : (
        <Alert>{activity.type}</Alert>
      )}
    </Stack>
  );
}
