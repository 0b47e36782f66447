import { useQueryClient } from '@tanstack/react-query';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { recordsKey, useRecordChannel } from '../../platform/list/useRecords.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/**
 * Adds subscribers to a tag or removes them (tagSubscribers). The server recounts the tag and pushes it;
 * the subscriber pages read here are read again, since which subscribers carry the tag changed.
 */
export function useTagSubscribers(tagId: number) {
  const { organization } = useTagsAccess();
  const { channel } = useRecordChannel();
  const queryClient = useQueryClient();
  const mutation = useCommandMutation(organization.channel, 'tagSubscribers', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recordsKey(channel, 'subscriber') }),
  });
  const change = (subscriberIds: number[], remove: boolean) =>
    mutation.mutateAsync({ organizationId: organization.organizationId, tagId, subscriberIds, remove });
  return { ...mutation, change };
}
