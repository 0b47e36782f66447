import { customFieldLabel, SCORING_FIELDS, standardTargetFields } from '@herald/protocol';
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

/** Where a field comes from, which is also how the Field picker groups it and where its label is found. */
export type TargetFieldKind = 'profile' | 'score' | 'custom';

/** A field a condition may name, as the Field picker offers it. */
export interface TargetField {
  /** As written in expressions: `country`, `custom.loyalty_tier`. */
  name: string;
  kind: TargetFieldKind;
  type: TargetFieldType;
  /** A custom field's name in words; the profile and score fields are translated by name instead. */
  label?: string;
  description?: string;
  /** The values a choice field allows (a custom field's schema values), offered to pick. */
  values?: readonly string[];
}

/** What the builder's pickers offer: the organization's lists, audiences, tags, partitions and fields. */
export interface TargetOptions {
  lists: TargetOption[];
  audiences: TargetOption[];
  tags: TargetOption[];
  partitions: TargetOption[];
  /** Every field a condition may name, standard and custom (`custom.<field>`), with its type. */
  fieldTypes: ReadonlyMap<string, TargetFieldType>;
  /** The same fields with what the Field picker shows of them, profile fields first. */
  fields: ReadonlyMap<string, TargetField>;
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

/**
 * Options named by the record's name alone: the id is the expression's business, not the marketer's. Only
 * two records of the same name are told apart, by their id, since the picker could not otherwise.
 */
export function named(records: ReadonlyArray<Record<string, unknown>> | undefined): TargetOption[] {
  const shown = (records ?? []).filter((record) => record.isArchived !== true);
  const nameOf = (record: Record<string, unknown>) => (typeof record.name === 'string' ? record.name : '');
  const uses = new Map<string, number>();
  for (const record of shown) uses.set(nameOf(record), (uses.get(nameOf(record)) ?? 0) + 1);
  return shown.map((record) => {
    const name = nameOf(record);
    return {
      value: String(record.id),
      label: (uses.get(name) ?? 0) > 1 || name === '' ? `${name} (${String(record.id)})`.trim() : name,
    };
  });
}

/** The fields every organization has, profile fields then scores, each with its type. */
function standardFields(): TargetField[] {
  const scores = new Set<string>(SCORING_FIELDS);
  return [...standardTargetFields()].map(([name, type]) => ({
    name,
    type,
    kind: scores.has(name) ? 'score' : 'profile',
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
    const fields = new Map<string, TargetField>(standardFields().map((field) => [field.name, field]));
    for (const record of customRecords) {
      if (record.isDeleted || record.isArchived || typeof record.field !== 'string') continue;
      const name = `custom.${record.field}`;
      const values = record.schema?.values;
      fields.set(name.toLowerCase(), {
        name,
        kind: 'custom',
        type: record.schema?.dataType ?? 'text',
        label: customFieldLabel(record.field),
        ...(record.description ? { description: record.description } : {}),
        ...(values && values.length > 0 ? { values } : {}),
      });
    }
    const fieldTypes = new Map<string, TargetFieldType>([...fields].map(([key, field]) => [key, field.type]));
    return {
      lists: named(lists.data?.records),
      audiences: named(audiences.data?.records),
      tags: named(tags.data?.records),
      partitions: named(partitions.data?.records),
      fieldTypes,
      fields,
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
