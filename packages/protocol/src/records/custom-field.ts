import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { CUSTOM_FIELD_TYPES } from '../constants/enumerations.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** The kind of value a field holds (its schema); imports and forms check values against it. */
export const CUSTOM_FIELD_DATA_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPES)[number];

/**
 * Functional §3: a calculated field's rule type, action and frequency (docs/target-expressions.md § Calculated
 * fields).
 */
export const CALCULATION_RULE_TYPES = [
  'nestedTarget',
  'roundRobinSplit',
  'percentageSplit',
  'customCode',
] as const;
export const CALCULATION_RULE_ACTIONS = ['clearNonMatching', 'updateMatching'] as const;
export const CALCULATION_FREQUENCIES = ['once', 'hourly', 'daily', 'weekly', 'monthly'] as const;

/** Field names: a letter, then letters, digits and underscores (they appear as `custom.<field>` in targets). */
export const CUSTOM_FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/**
 * How a custom field is named to people: its name in words, `birthday_club` as "Birthday club". A field has
 * no label of its own (functional §3), and its name is what a marketer chose, so it reads as they wrote it
 * rather than as a key; the name itself stays where it is typed (target expressions, imports, settings).
 */
export function customFieldLabel(field: string): string {
  const words = field.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const customFieldSchemaSchema = z.object({
  dataType: z.enum(CUSTOM_FIELD_DATA_TYPES).default('text'),
  /** Allowed values, when the field is a choice. */
  values: z.array(z.string().max(200)).max(500).optional(),
});

export const calculationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('static') }),
  z.object({
    kind: z.literal('calculated'),
    target: z.string().max(10_000),
    ruleType: z.enum(CALCULATION_RULE_TYPES),
    ruleAction: z.enum(CALCULATION_RULE_ACTIONS),
    frequency: z.enum(CALCULATION_FREQUENCIES),
    startAt: z.string().max(64).nullable(),
    interval: z.number().int().min(1).max(1000).nullable(),
    /** Rule values: for splits the values (and percentages), for nested targets one target per value. */
    rules: z
      .array(
        z.object({
          value: z.string().max(200),
          target: z.string().max(10_000).optional(),
          percentage: z.number().min(0).max(100).optional(),
        }),
      )
      .max(100),
    code: z.string().max(50_000).optional(),
  }),
]);
export type Calculation = z.infer<typeof calculationSchema>;

export const customFieldStatsSchema = z.object({
  withValue: z.number().int(),
  withInvalidValue: z.number().int(),
  uniqueValues: z.number().int(),
  uniqueInvalidValues: z.number().int(),
  mostCommonValid: z.array(z.object({ value: z.string(), count: z.number().int() })),
  mostCommonInvalid: z.array(z.object({ value: z.string(), count: z.number().int() })),
  updatedAt: z.string(),
});
export type CustomFieldStats = z.infer<typeof customFieldStatsSchema>;

/** A custom field as the server answers it (query type `customField`). */
export const customFieldRecordSchema = z.object({
  id: z.number().int(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  field: z.string(),
  groupName: z.string(),
  description: z.string(),
  schema: customFieldSchemaSchema,
  validationRegex: z.string().nullable(),
  calculation: calculationSchema,
  stats: customFieldStatsSchema.nullable(),
  isArchived: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type CustomFieldRecord = z.infer<typeof customFieldRecordSchema>;

/** Create (type and field needed) or update (id and version); remove with isDeleted, archive with isArchived. */
export const customFieldWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  type: z.enum(CUSTOM_FIELD_TYPES).optional(),
  field: z.string().regex(CUSTOM_FIELD_NAME_PATTERN, 'Use a letter, then letters, digits or _').optional(),
  groupName: z.string().trim().max(100).optional(),
  description: z.string().max(2000).optional(),
  schema: customFieldSchemaSchema.optional(),
  validationRegex: z.string().max(500).nullable().optional(),
  calculation: calculationSchema.optional(),
  isArchived: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
});
export type CustomFieldWrite = z.infer<typeof customFieldWriteSchema>;

export const customFieldResource = defineResource({
  type: 'customField',
  description: 'Custom fields of subscribers (and of other record types), with their statistics.',
  record: customFieldRecordSchema,
  write: customFieldWriteSchema,
  filters: {
    id: filterOn.key,
    type: filterOn.code,
    field: filterOn.name,
    groupName: filterOn.name,
    isArchived: filterOn.flag,
    isDeleted: filterOn.flag,
  },
  defaultFilters: { isDeleted: false },
  sortKeys: ['field', 'type', 'groupName', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.customField,
  live: true,
});
