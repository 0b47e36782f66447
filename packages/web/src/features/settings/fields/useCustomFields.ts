import type { ResourceRecord } from '@herald/protocol';
import type { CustomFieldType } from '@herald/protocol';
import { useRecords } from '../../../platform/list/useRecords.ts';
import type { RecordsRequest } from '../../../platform/list/useRecords.ts';

/** A custom field as the list kit carries it. */
export type CustomField = ResourceRecord<'customField'>;

/** Enough for every field of a type in one read (the profile, a form, an import mapping). */
export const ALL_FIELDS_LIMIT = 500;

/** Fields are read in name order. */
const FIELD_ORDER = 'field';

/**
 * Custom fields through `query` (type customField): the one reader of them, so every screen shares one
 * cache (kept for the platform's custom-field lifetime, 60000 ms) and the customField subscription's pushes
 * reach them all. `request: null` waits.
 */
export function useCustomFields(request: RecordsRequest | null) {
  return useRecords('customField', request);
}

/**
 * Every live (not deleted) field of one type, in name order: the subscriber profile's custom fields, the
 * add-subscriber form and the import mapping.
 */
export function useFieldsOfType(type: CustomFieldType, includeArchived = false) {
  const result = useCustomFields({
    filter: includeArchived ? { type } : { type, isArchived: false },
    limit: ALL_FIELDS_LIMIT,
    offset: 0,
    sortKey: FIELD_ORDER,
    sortOrder: 'asc',
  });
  return { ...result, fields: result.data?.records ?? [] };
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
