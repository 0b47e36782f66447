import { CUSTOM_FIELD_CACHE_MS } from '@herald/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChannelError } from '../channel/channelError.ts';
import { useCurrentOrganization } from '../organization/organizationContext.ts';
import type { ResourceType } from '../resources/resources.ts';
import { mergePushedRecords } from './recordCache.ts';
import type { RecordPage } from './recordCache.ts';
import { recordChannel } from './recordCommands.ts';
import type { RecordChannel, RecordCommandMap, RecordQuery, StoredRecord } from './recordCommands.ts';
import { subscriptionsFor } from './recordSubscriptions.ts';

/**
 * How long a read of a type is fresh before a screen reads it again (platform §9: custom fields 60000 ms);
 * pushes refresh every type at once regardless.
 */
const RECORD_LIFETIMES: Partial<Readonly<Record<ResourceType, number>>> = {
  customField: CUSTOM_FIELD_CACHE_MS,
};

export type QueryParams = RecordCommandMap['query']['params'];

/** What a screen asks `query` for, without the organization (the current one is used). */
export type RecordsRequest = Omit<QueryParams, 'organizationId' | 'query'> & Omit<RecordQuery, 'type'>;

/** The cache key of a `query` answer: channel, command, type, then the params. */
export function recordsKey(channel: { key: string }, type: ResourceType, params?: QueryParams): unknown[] {
  return params ? [channel.key, 'query', type, params] : [channel.key, 'query', type];
}

/** Every cached query of `type` gets the pushed records in place, then is read again. */
export function applyRecordsPush(
  queryClient: QueryClient,
  channel: { key: string },
  type: ResourceType,
  records: readonly StoredRecord[],
): void {
  queryClient.setQueriesData<RecordPage>({ queryKey: recordsKey(channel, type) }, (page) =>
    page ? mergePushedRecords(page, records) : page,
  );
  void queryClient.invalidateQueries({ queryKey: recordsKey(channel, type) });
}

export function useRecordChannel(): { channel: RecordChannel; organizationId: number } {
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('useRecords is for organization pages');
  return { channel: recordChannel(organization.channel), organizationId: organization.organizationId };
}

/**
 * Keeps the cached records of `type` live: the channel subscribes to the type (once for all screens) and
 * each `records` push updates the cached pages and reads them again.
 */
export function useLiveRecords(type: ResourceType): void {
  const { channel, organizationId } = useRecordChannel();
  const queryClient = useQueryClient();
  useEffect(() => {
    const subscriptions = subscriptionsFor(
      channel,
      organizationId,
      (changed) => void queryClient.invalidateQueries({ queryKey: recordsKey(channel, changed) }),
    );
    return subscriptions.listen(type, (push) => applyRecordsPush(queryClient, channel, type, push.records));
  }, [channel, organizationId, queryClient, type]);
}

/**
 * Records of a type through `query` (PROTOCOL §4), cached by TanStack Query and kept live. The previous page
 * stays on screen while the next loads. `request: null` waits.
 */
export function useRecords<Record extends StoredRecord = StoredRecord>(
  type: ResourceType,
  request: RecordsRequest | null,
) {
  const { channel, organizationId } = useRecordChannel();
  useLiveRecords(type);
  let params: QueryParams | null = null;
  if (request) {
    const { filter, search, ...window } = request;
    params = {
      organizationId,
      query: { type, ...(filter ? { filter } : {}), ...(search ? { search } : {}) },
      ...window,
    };
  }
  return useQuery<RecordPage, ChannelError, { records: Record[]; total: number; totalIsEstimate?: true }>({
    queryKey: recordsKey(channel, type, params ?? undefined),
    queryFn: () => channel.request('query', params as QueryParams),
    enabled: params !== null,
    staleTime: RECORD_LIFETIMES[type] ?? 0,
    placeholderData: keepPreviousData,
    select: (page) => page as { records: Record[]; total: number; totalIsEstimate?: true },
    retry: false,
  });
}

/** One record of a type by id (a `query` filtered by id), kept live like a list. */
export function useRecord<Record extends StoredRecord = StoredRecord>(type: ResourceType, id: number | null) {
  const result = useRecords<Record>(type, id === null ? null : { filter: { id }, limit: 1, offset: 0 });
  return {
    ...result,
    record: id === null ? undefined : result.data?.records.find((record) => record.id === id),
  };
}

/** Writes records of a type (writeRecords); the cached lists of the type are read again afterwards. */
export function useWriteRecords<Record extends StoredRecord = StoredRecord>(
  type: ResourceType,
  options: Omit<
    UseMutationOptions<{ records: Record[] }, ChannelError, Array<Partial<Record>>>,
    'mutationFn'
  > = {},
) {
  const { channel, organizationId } = useRecordChannel();
  const queryClient = useQueryClient();
  return useMutation<{ records: Record[] }, ChannelError, Array<Partial<Record>>>({
    ...options,
    mutationFn: async (data) =>
      (await channel.request('writeRecords', { organizationId, type, data })) as { records: Record[] },
    onSuccess: (result, ...rest) => {
      applyRecordsPush(queryClient, channel, type, result.records);
      return options.onSuccess?.(result, ...rest);
    },
  });
}
