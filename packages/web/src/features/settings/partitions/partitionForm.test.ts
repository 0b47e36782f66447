import { describe, expect, it } from 'vitest';
import {
  emptyPartitionForm,
  partitionToForm,
  partitionWrite,
  validatePartitionForm,
} from './partitionForm.ts';

const stored = {
  id: 5,
  name: 'North',
  externalRef: 'N-1',
  partitionSetId: 2,
  customFields: { region: 'north', size: 3 },
};

describe('partition form', () => {
  it('needs a name and unique custom field keys', () => {
    expect(validatePartitionForm(emptyPartitionForm).name).toBe('nameRequired');
    expect(
      validatePartitionForm({
        ...emptyPartitionForm,
        name: 'A',
        customFields: [
          { key: 'x', value: '1' },
          { key: ' x', value: '2' },
        ],
      }).customFields,
    ).toBe('keysUnique');
  });

  it('round-trips a partition and clears removed custom fields', () => {
    const form = partitionToForm(stored);
    expect(form).toEqual({
      name: 'North',
      externalRef: 'N-1',
      partitionSetId: '2',
      customFields: [
        { key: 'region', value: 'north' },
        { key: 'size', value: '3' },
      ],
    });
    const changed = {
      ...form,
      externalRef: ' ',
      customFields: [
        { key: 'region', value: 'south' },
        { key: '', value: 'x' },
      ],
    };
    expect(partitionWrite(changed, stored)).toEqual({
      id: 5,
      name: 'North',
      externalRef: null,
      partitionSetId: 2,
      customFields: { region: 'south', size: null },
    });
  });

  it('creates a partition without an id', () => {
    expect(partitionWrite({ ...emptyPartitionForm, name: ' South ' }, null)).toEqual({
      name: 'South',
      externalRef: null,
      partitionSetId: null,
      customFields: {},
    });
  });
});
