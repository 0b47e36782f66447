import { CUSTOM_FIELD_CACHE_MS } from '@herald/protocol';
import type { ResourceRecord, ResourceWrite, WritableResourceType } from '@herald/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChannelError } from '../channel/channelError.ts';
import { useCurrentOrganization } from '../organization/organizationContext.ts';
import type { ResourceType } from '../resources/resources.ts';
import { mergePushedRecords } from './recordCache.ts';
import type { RecordPage } from './recordCache.ts';
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
  return { channel: organization.channel, organizationId: organization.organizationId };
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

/** A record of `Type` as the contract declares it; every type's records carry their id. */
export type TypedRecord<Type extends ResourceType> = ResourceRecord<Type> & { id: number };

/** A page of records of `Type` as a screen reads it. */
export interface ResourcePage<Type extends ResourceType> {
  records: Array<TypedRecord<Type>>;
  total: number;
  totalIsEstimate?: true;
}

/**
 * A `query` answer. The contract types records as plain objects whatever the type; the server answers
 * records of the type asked for (its integration suite checks each against the type's schema), each with its
 * id, which is what the kit's cache relies on.
 */
function readPage(channel: RecordChannel, params: QueryParams): Promise<RecordPage> {
  return channel.request('query', params) as Promise<RecordPage>;
}

/**
 * Records of a type through `query` (PROTOCOL §4), typed as the contract declares the type, cached by
 * TanStack Query and kept live. The previous page stays on screen while the next loads. `request: null` waits.
 */
export function useRecords<Type extends ResourceType>(type: Type, request: RecordsRequest | null) {
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
  return useQuery<RecordPage, ChannelError, ResourcePage<Type>>({
    queryKey: recordsKey(channel, type, params ?? undefined),
    queryFn: () => readPage(channel, params as QueryParams),
    enabled: params !== null,
    staleTime: RECORD_LIFETIMES[type] ?? 0,
    placeholderData: keepPreviousData,
    // The records of the type asked for (see readPage).
    select: (page) => page as ResourcePage<Type>,
    retry: false,
  });
}

/** One record of a type by id (a `query` filtered by id), kept live like a list. */
export function useRecord<Type extends ResourceType>(type: Type, id: number | null) {
  const result = useRecords(type, id === null ? null : { filter: { id }, limit: 1, offset: 0 });
  return {
    ...result,
    record: id === null ? undefined : result.data?.records.find((record) => record.id === id),
  };
}

/** What writeRecords answers for records of `Type`: the records as stored. */
export interface WrittenRecords<Type extends ResourceType> {
  records: Array<TypedRecord<Type>>;
}

/** Writes records of a type (writeRecords); the cached lists of the type are read again afterwards. */
export function useWriteRecords<Type extends WritableResourceType>(
  type: Type,
  options: Omit<
    UseMutationOptions<WrittenRecords<Type>, ChannelError, Array<ResourceWrite<Type>>>,
    'mutationFn'
  > = {},
) {
  const { channel, organizationId } = useRecordChannel();
  const queryClient = useQueryClient();
  return useMutation<WrittenRecords<Type>, ChannelError, Array<ResourceWrite<Type>>>({
    ...options,
    mutationFn: async (data) =>
      // The records as stored, of the type written (see readPage).
      (await channel.request('writeRecords', { organizationId, type, data })) as WrittenRecords<Type>,
    onSuccess: (result, ...rest) => {
      applyRecordsPush(queryClient, channel, type, result.records);
      return options.onSuccess?.(result, ...rest);
    },
  });
}
