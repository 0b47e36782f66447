import type { ActivityRecord, Channel, RenderedPreview } from '@herald/protocol';
import { keepPreviousData } from '@tanstack/react-query';
import { useCommand } from '../../../../platform/data/useCommand.ts';
import { useDebouncedValue } from '../../../../platform/list/useDebouncedValue.ts';
import { useCurrentOrganization } from '../../../../platform/organization/organizationContext.ts';
import type { ChannelContents } from '../channelEditor.ts';

/** Whom the preview is personalized for: a subscriber, a member's test profile, or (neither) the sample. */
export interface PreviewRecipient {
  subscriberId?: number;
  testProfileId?: number;
}

/**
 * The draft as the server renders it for one recipient (renderPreview with `content`, nothing saved), asked
 * again once typing has paused (platform §9's debounce), the last answer kept on screen meanwhile. Template
 * errors come back in the answer's `errors`.
 */
export function usePersonalizedPreview<C extends Exclude<Channel, 'email'>>(
  activity: ActivityRecord,
  channel: C,
  content: ChannelContents[C],
  recipient: PreviewRecipient = {},
): { preview: RenderedPreview | undefined; isUpdating: boolean; failed: boolean } {
  const organization = useCurrentOrganization();
  const settled = useDebouncedValue(content);
  const result = useCommand(
    organization!.channel,
    'renderPreview',
    organization
      ? {
          organizationId: organization.organizationId,
          activityId: activity.id,
          content: { schemaVersion: 3, channels: { [channel]: settled } },
          ...recipient,
        }
      : null,
    { placeholderData: keepPreviousData, retry: false },
  );
  return {
    preview: result.data,
    isUpdating: result.isFetching || settled !== content,
    failed: result.isError,
  };
}
