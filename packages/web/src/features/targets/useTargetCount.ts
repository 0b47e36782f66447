import type { TargetNode } from '@herald/protocol';
import { useQuery } from '@tanstack/react-query';
import type { ChannelError } from '../../platform/channel/channelError.ts';
import { useRecordChannel } from '../../platform/list/useRecords.ts';
import { useDebouncedValue } from '../../platform/list/useDebouncedValue.ts';
import { targetText } from './targetText.ts';

/** Names the builder's count, so a newer count cancels one still running (PROTOCOL §4 queryKey). */
const COUNT_QUERY = 'target-count';

/**
 * How many subscribers a target reaches, counted 400 ms after the last change (platform §9): `query` on
 * subscriber with `filter.target` and `limit: 0`, which answers only the exact total. The tree is sent by its
 * canonical text, which is also the cache key, so going back to an earlier target answers at once.
 */
export function useTargetCount(tree: TargetNode | null, enabled: boolean) {
  const { channel, organizationId } = useRecordChannel();
  const text = targetText(tree);
  const settled = useDebouncedValue(text);
  const params =
    enabled && settled !== ''
      ? {
          organizationId,
          query: { type: 'subscriber', filter: { target: settled } },
          limit: 0,
          offset: 0,
          queryKey: COUNT_QUERY,
        }
      : null;
  const count = useQuery<{ total: number }, ChannelError>({
    queryKey: [channel.key, 'targetCount', organizationId, params?.query.filter.target ?? null],
    queryFn: () => channel.request('query', params as NonNullable<typeof params>),
    enabled: params !== null,
    retry: false,
    staleTime: 30_000,
  });
  return {
    total: count.data?.total,
    error: count.error,
    /** Counting, or waiting out the debounce of a change. */
    isCounting: params !== null && (settled !== text || count.isFetching),
    isStale: settled !== text,
  };
}
