import type { CustomFieldRecord } from '@herald/protocol';
import { useRecords } from '../../platform/list/useRecords.ts';

/** As many custom fields as a form or mapping offers. */
const CUSTOM_FIELD_LIMIT = 500;
/** Offered in the order of their names. */
const CUSTOM_FIELD_ORDER = { field: 'field', order: 'asc' } as const;

export type SubscriberCustomField = CustomFieldRecord & { [field: string]: unknown };

/** The organization's subscriber custom fields (query `customField`, type subscriber), archived left out. */
export function useSubscriberCustomFields() {
  const fields = useRecords<SubscriberCustomField>('customField', {
    filter: { type: 'subscriber' },
    limit: CUSTOM_FIELD_LIMIT,
    offset: 0,
    sortKey: CUSTOM_FIELD_ORDER.field,
    sortOrder: CUSTOM_FIELD_ORDER.order,
  });
  return {
    ...fields,
    fields: (fields.data?.records ?? []).filter((field) => !field.isArchived && !field.isDeleted),
  };
}
