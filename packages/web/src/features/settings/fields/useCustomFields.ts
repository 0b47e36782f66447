import { CUSTOM_FIELD_CACHE_MS } from '@herald/protocol';
import type { CustomFieldRecord, CustomFieldType } from '@herald/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChannelError } from '../../../platform/channel/channelError.ts';
import type { StoredRecord } from '../../../platform/list/recordCommands.ts';
import { recordsKey, useLiveRecords, useRecordChannel } from '../../../platform/list/useRecords.ts';
import type { QueryParams, RecordsRequest } from '../../../platform/list/useRecords.ts';

export const CUSTOM_FIELD_TYPE = 'customField';

/** A custom field as the list kit carries it. */
export type CustomField = CustomFieldRecord & StoredRecord;

/** Enough for every field of a type in one read (the profile, the settings list of one type). */
export const ALL_FIELDS_LIMIT = 500;

/** Fields are read in name order. */
const FIELD_ORDER = 'field';

/**
 * Custom fields through `query` (type customField), cached for the platform's custom-field lifetime
 * (platform §9: 60000 ms) and kept live by the customField subscription. `request: null` waits.
 */
export function useCustomFields(request: RecordsRequest | null) {
  const { channel, organizationId } = useRecordChannel();
  useLiveRecords(CUSTOM_FIELD_TYPE);
  let params: QueryParams | null = null;
  if (request) {
    const { filter, search, ...window } = request;
    params = {
      organizationId,
      query: { type: CUSTOM_FIELD_TYPE, ...(filter ? { filter } : {}), ...(search ? { search } : {}) },
      ...window,
    };
  }
  return useQuery<
    { records: StoredRecord[]; total: number },
    ChannelError,
    { records: CustomField[]; total: number }
  >({
    queryKey: recordsKey(channel, CUSTOM_FIELD_TYPE, params ?? undefined),
    queryFn: () => channel.request('query', params as QueryParams),
    enabled: params !== null,
    staleTime: CUSTOM_FIELD_CACHE_MS,
    placeholderData: keepPreviousData,
    select: (page) => page as { records: CustomField[]; total: number },
    retry: false,
  });
}

/** Every live (not deleted) field of one type, in name order: the subscriber profile's custom fields. */
export function useFieldsOfType(type: CustomFieldType, includeArchived = false) {
  return useCustomFields({
    filter: includeArchived ? { type } : { type, isArchived: false },
    limit: ALL_FIELDS_LIMIT,
    offset: 0,
    sortKey: FIELD_ORDER,
    sortOrder: 'asc',
  });
}

/** One field by type and name (the query's field filter is a contains match, so the exact one is picked). */
export function useCustomField(type: CustomFieldType | null, field: string | null) {
  const result = useCustomFields(
    type && field ? { filter: { type, field }, limit: ALL_FIELDS_LIMIT, offset: 0 } : null,
  );
  return {
    ...result,
    record: result.data?.records.find((record) => record.type === type && record.field === field),
  };
}
