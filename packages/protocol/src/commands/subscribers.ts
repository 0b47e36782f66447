import { z } from 'zod';
import { listStatsDaySchema, listStatsSchema } from '../records/subscriber-list.ts';
import { customFieldStatsSchema } from '../records/custom-field.ts';
import { subscriberUpdateSchema } from '../records/subscriber.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/** Most rows one bulkWriteSubscribers call may carry inline in `data`; larger imports upload a file. */
/** Why an import refused a row (getImportRejections `detail.code`), for the client to say in its language. */
export const IMPORT_REJECTION_CODES = [
  'notUtf8',
  'badEmail',
  'extraNotJson',
  'tooLong',
  'notADate',
  'notANumber',
  'notTrueFalse',
  'notAllowedValue',
  'patternMismatch',
  'noKey',
  'sameEmail',
  'sameRef',
] as const;
export type ImportRejectionCode = (typeof IMPORT_REJECTION_CODES)[number];

export const importRejectionDetailSchema = z.object({
  code: z.enum(IMPORT_REJECTION_CODES),
  column: z.string().optional(),
  limit: z.number().int().optional(),
  otherRow: z.number().int().optional(),
});
export type ImportRejectionDetail = z.infer<typeof importRejectionDetailSchema>;

/** What the import preview warns about (previewImportFile `warnings`). */
export const IMPORT_PREVIEW_WARNINGS = ['oneColumn'] as const;

export const BULK_WRITE_MAX_INLINE_ROWS = 10_000;
/** Most columns an import maps. */
export const IMPORT_MAX_COLUMNS = 200;

const idField = z.number().int().positive();
const jobResult = z.object({ jobId: z.number().int() });

/** An import column's target: a standard profile field, `custom.<field>`, or null to skip the column. */
const importFieldName = z.string().min(1).max(80).nullable();

export const importOptionsSchema = z.object({
  /** Update subscribers that already exist (matched by e-mail, else ref); false skips them. Default true. */
  updateExisting: z.boolean().default(true),
  /** Add the imported subscribers to the list unsubscribed from it (a suppression import). */
  markUnsubscribed: z.boolean().default(false),
  /** Partitions the imported subscribers join. */
  partitionIds: z.array(idField).max(1000).optional(),
  /** The list option (communication preference) stored on each membership; default optin. */
  listOption: z.string().trim().max(100).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** Organization-channel commands for subscribers, lists, custom fields, partitions, imports and exports. */
export const subscriberCommands = {
  bulkWriteSubscribers: defineCommand({
    channel: 'organization',
    description:
      'Starts an import job (PROTOCOL §5): `fields` names each column’s target (a standard profile field, ' +
      '`custom.<field>` or null to skip it); rows come inline in `data` (at most 10,000) or from an upload’s ' +
      '`fileId` (its first row is the header). `options`: updateExisting (default true), markUnsubscribed, ' +
      'partitionIds, listOption. Subscribers are matched by e-mail (case-insensitive), else by ref, so a ' +
      're-import creates no duplicates. Needs database-manage; refused with SubscriberUploadNotAllowedError ' +
      'when the import rules disallow upload. Answers {jobId}; the job’s result holds created, updated, ' +
      'skipped, rejected and, when rows were rejected, `rejectedReport` (an extract name).',
    params: z
      .object({
        organizationId: organizationIdField,
        listId: idField.optional(),
        sourceName: z.string().trim().min(1).max(200),
        fields: z.array(importFieldName).min(1).max(IMPORT_MAX_COLUMNS),
        data: z
          .array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])))
          .max(BULK_WRITE_MAX_INLINE_ROWS)
          .optional(),
        fileId: z.string().min(1).max(100).optional(),
        options: importOptionsSchema.default({ updateExisting: true, markUnsubscribed: false }),
      })
      .refine((params) => (params.data === undefined) !== (params.fileId === undefined), {
        message: 'Give either data or fileId',
        path: ['data'],
      }),
    result: jobResult,
  }),
  getImportRejections: defineCommand({
    channel: 'organization',
    description:
      'The first rejected rows of a subscriber import job (bulkWriteSubscribers), in row order, for the page that follows the import (the ' +
      'whole list is the downloadable rejected-rows report). Each has its `row` (the line in the file, the ' +
      'header being 1), the cell `value` that was refused (null when no one cell was), the English `reason` ' +
      'as in the report, and `detail` for the client to say it in the user’s language: `code` ' +
      '(IMPORT_REJECTION_CODES), the `column` (a profile field, or custom.<field>), a length `limit` and ' +
      'the `otherRow` a duplicate repeats (`detail` is null for rows rejected before it was kept). `total` counts them ' +
      'all. Needs database-manage; a partition-restricted user reads only imports they started.',
    params: z.object({
      organizationId: organizationIdField,
      jobId: idField,
      limit: z.number().int().min(1).max(100).default(20),
    }),
    result: z.object({
      total: z.number().int(),
      rejections: z.array(
        z.object({
          row: z.number().int(),
          value: z.string().nullable(),
          reason: z.string(),
          detail: importRejectionDetailSchema.nullable(),
        }),
      ),
    }),
  }),
  previewImportFile: defineCommand({
    channel: 'organization',
    description:
      'Reads the header and first rows of an uploaded file for the import wizard’s column mapping, with a ' +
      'suggested field for each column, and warnings about how the file was read (`oneColumn`: the whole header ' +
      'is one column holding another delimiter, so the file is probably not delimited as its type says). ' +
      'Needs database-manage.',
    params: z.object({
      organizationId: organizationIdField,
      fileId: z.string().min(1).max(100),
      rows: z.number().int().min(1).max(50).default(10),
    }),
    result: z.object({
      fileType: z.enum(['csv', 'tsv', 'xls', 'xlsx']),
      header: z.array(z.string()),
      rows: z.array(z.array(z.string())),
      suggestedFields: z.array(z.string().nullable()),
      warnings: z.array(z.object({ type: z.enum(IMPORT_PREVIEW_WARNINGS), delimiter: z.string() })),
    }),
  }),
  updateSubscriber: defineCommand({
    channel: 'organization',
    description:
      'Updates an existing subscriber’s custom fields, extra data, partitions and preferences. `data.id`, ' +
      'when given, must be `subscriberId` (SubscriberIdsDoNotMatchError); standard profile fields cannot be ' +
      'updated (StandardFieldNotEditableError); a subscriber that is gone answers SubscriberUpdateError. ' +
      'Needs database-manage.',
    params: z.object({
      organizationId: organizationIdField,
      subscriberId: idField,
      data: subscriberUpdateSchema.loose(),
    }),
    result: z.object({ subscriber: z.record(z.string(), z.unknown()) }),
  }),
  setSubscriberStatus: defineCommand({
    channel: 'organization',
    description:
      'Functional §4: sets or resets the invalid flag and the global unsubscribe, and subscribes to or ' +
      'unsubscribes from a list (`list`: {listId, unsubscribed, listOption?}). Needs database-manage.',
    params: z.object({
      organizationId: organizationIdField,
      subscriberId: idField,
      isInvalid: z.boolean().optional(),
      isUnsubscribed: z.boolean().optional(),
      list: z
        .object({
          listId: idField,
          unsubscribed: z.boolean(),
          listOption: z.string().trim().max(100).optional(),
        })
        .optional(),
    }),
    result: z.object({ subscriber: z.record(z.string(), z.unknown()) }),
  }),
  anonymizeSubscriber: defineCommand({
    channel: 'organization',
    description:
      'Erases a subscriber’s profile for good (fields, custom fields, extra data, event details); the row ' +
      'and its events stay, de-identified, so report counts do not change. Needs database-manage.',
    params: z.object({ organizationId: organizationIdField, subscriberId: idField }),
    result: z.object({ subscriberId: z.number().int(), anonymizedAt: z.string() }),
  }),
  updateListStats: defineCommand({
    channel: 'organization',
    description:
      'Recounts a list’s statistics (subscribers, contactable, unsubscribed, invalid) and records today in its ' +
      'history. Needs base or franchisee (and the list’s partition for a restricted user).',
    params: z.object({ organizationId: organizationIdField, listId: idField }),
    result: z.object({ listId: z.number().int(), stats: listStatsSchema }),
  }),
  getListStatsHistory: defineCommand({
    channel: 'organization',
    description:
      'A list’s statistics per day, oldest first, from `from` (default 2000-02-01, functional §9) to today.',
    params: z.object({
      organizationId: organizationIdField,
      listId: idField,
      from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    }),
    result: z.object({ listId: z.number().int(), days: z.array(listStatsDaySchema) }),
  }),
  updateCustomFieldStats: defineCommand({
    channel: 'organization',
    description:
      'Recomputes a subscriber custom field’s statistics (values, invalid values against its schema and ' +
      'validation regex, most common ones). Needs database-manage.',
    params: z.object({ organizationId: organizationIdField, customFieldId: idField }),
    result: z.object({ customFieldId: z.number().int(), stats: customFieldStatsSchema }),
  }),
  importCustomFields: defineCommand({
    channel: 'organization',
    description:
      'customfields/import: creates or updates custom fields from an uploaded file with the columns type, ' +
      'field, groupName, description, dataType, validationRegex. Needs database-manage. Answers {jobId}.',
    params: z.object({ organizationId: organizationIdField, fileId: z.string().min(1).max(100) }),
    result: jobResult,
  }),
  importPartitions: defineCommand({
    channel: 'organization',
    description:
      'partitions/import: creates or updates partitions (matched by external ref, else name) from an uploaded ' +
      'file with the columns name, externalRef, partitionSet and any custom fields. Needs admin. Answers {jobId}.',
    params: z.object({ organizationId: organizationIdField, fileId: z.string().min(1).max(100) }),
    result: jobResult,
  }),
} as const;
