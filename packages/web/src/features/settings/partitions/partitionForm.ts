import type { PartitionRecord, PartitionWrite } from '@herald/protocol';

export interface CustomFieldEntry {
  key: string;
  value: string;
}

/** The partition page's form: text as typed. */
export interface PartitionForm {
  name: string;
  externalRef: string;
  partitionSetId: string | null;
  customFields: CustomFieldEntry[];
}

export type PartitionFormErrors = Partial<Record<'name' | 'customFields', 'nameRequired' | 'keysUnique'>>;

export const emptyPartitionForm: PartitionForm = {
  name: '',
  externalRef: '',
  partitionSetId: null,
  customFields: [],
};

export function partitionToForm(partition: PartitionRecord): PartitionForm {
  return {
    name: partition.name,
    externalRef: partition.externalRef ?? '',
    partitionSetId: partition.partitionSetId === null ? null : String(partition.partitionSetId),
    customFields: Object.entries(partition.customFields).map(([key, value]) => ({
      key,
      value:
        value === null || value === undefined
          ? ''
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value),
    })),
  };
}

export function validatePartitionForm(form: PartitionForm): PartitionFormErrors {
  const errors: PartitionFormErrors = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';
  const keys = form.customFields.map((entry) => entry.key.trim()).filter((key) => key !== '');
  if (new Set(keys).size !== keys.length) errors.customFields = 'keysUnique';
  return errors;
}

/** The writeRecords entry; rows without a key are dropped, and a field removed from the form is sent as null. */
export function partitionWrite(form: PartitionForm, base: PartitionRecord | null): PartitionWrite {
  const customFields: Record<string, string | null> = {};
  for (const name of Object.keys(base?.customFields ?? {})) customFields[name] = null;
  for (const entry of form.customFields) {
    const key = entry.key.trim();
    if (key !== '') customFields[key] = entry.value;
  }
  return {
    ...(base ? { id: base.id } : {}),
    name: form.name.trim(),
    externalRef: form.externalRef.trim() === '' ? null : form.externalRef.trim(),
    partitionSetId: form.partitionSetId === null ? null : Number(form.partitionSetId),
    customFields,
  };
}
