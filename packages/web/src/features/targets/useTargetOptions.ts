import { standardTargetFields } from '@herald/protocol';
import type { CustomFieldRecord, TargetFieldType } from '@herald/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { StoredRecord } from '../../platform/list/recordCommands.ts';
import { recordsKey, useRecordChannel } from '../../platform/list/useRecords.ts';
import type { ResourceType } from '../../platform/resources/resources.ts';

/** As many of each kind as a picker can sensibly offer. */
const OPTION_LIMIT = 1000;
/** The builder's pickers change rarely while a person edits; read again after a minute. */
const OPTION_STALE_MS = 60_000;

export interface TargetOption {
  value: string;
  label: string;
}

/** What the builder's pickers offer: the organization's lists, audiences, tags, partitions and fields. */
export interface TargetOptions {
  lists: TargetOption[];
  audiences: TargetOption[];
  tags: TargetOption[];
  partitions: TargetOption[];
  /** Every field a condition may name, standard and custom (`custom.<field>`), with its type. */
  fieldTypes: ReadonlyMap<string, TargetFieldType>;
  customFields: string[];
  isPending: boolean;
}

function useCatalogue(type: ResourceType, sortKey: string, filter?: Record<string, unknown>) {
  const { channel, organizationId } = useRecordChannel();
  const params = {
    organizationId,
    query: { type, ...(filter ? { filter } : {}) },
    limit: OPTION_LIMIT,
    offset: 0,
    sortKey,
    sortOrder: 'asc' as const,
  };
  return useQuery({
    queryKey: recordsKey(channel, type, params),
    queryFn: () => channel.request('query', params),
    staleTime: OPTION_STALE_MS,
    retry: false,
  });
}

/** Options named by the record's name, with the id the expression uses ("Newsletter · 12"). */
function named(records: ReadonlyArray<Record<string, unknown>> | undefined): TargetOption[] {
  return (records ?? [])
    .filter((record) => record.isArchived !== true)
    .map((record) => ({
      value: String(record.id),
      label: `${typeof record.name === 'string' ? record.name : ''} · ${record.id}`,
    }));
}

/**
 * The organization's catalogue for the builder's pickers, read with `query` (partition-restricted users get
 * only what they may see). An id the catalogue lacks (an archived list, say) still shows by its number.
 */
export function useTargetOptions(): TargetOptions {
  const lists = useCatalogue('list', 'name');
  const audiences = useCatalogue('audience', 'name');
  const tags = useCatalogue('tag', 'name');
  const partitions = useCatalogue('partition', 'name');
  const custom = useCatalogue('customField', 'field', { type: 'subscriber' });
  return useMemo(() => {
    const customRecords = (custom.data?.records ?? []) as Array<StoredRecord & Partial<CustomFieldRecord>>;
    const fieldTypes = new Map<string, TargetFieldType>(standardTargetFields());
    const customFields: string[] = [];
    for (const field of customRecords) {
      if (field.isDeleted || field.isArchived || typeof field.field !== 'string') continue;
      const name = `custom.${field.field}`;
      customFields.push(name);
      fieldTypes.set(name.toLowerCase(), field.schema?.dataType ?? 'text');
    }
    return {
      lists: named(lists.data?.records),
      audiences: named(audiences.data?.records),
      tags: named(tags.data?.records),
      partitions: named(partitions.data?.records),
      fieldTypes,
      customFields,
      isPending: lists.isPending || custom.isPending,
    };
  }, [
    lists.data,
    audiences.data,
    tags.data,
    partitions.data,
    custom.data,
    lists.isPending,
    custom.isPending,
  ]);
}

/** The options with `current` added when the catalogue lacks it, so a stored id still shows. */
export function withCurrent(options: readonly TargetOption[], current: number | null): TargetOption[] {
  if (current === null || options.some((option) => option.value === String(current))) return [...options];
  return [...options, { value: String(current), label: String(current) }];
}
