import { z } from 'zod';
import { defineCommand } from './define.ts';
import { STANDARD_PROFILE_FIELDS } from '../records/subscriber.ts';
import { organizationIdField } from './fields.ts';

/** What can be exported (PROTOCOL §5 `requestExport` type). */
export const EXPORT_TYPES = ['subscribers', 'listMembers', 'customFields'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The file inside an export's zip (PROTOCOL §5 `requestExport` params.format): a CSV or an XLSX workbook. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The list-level fields a listMembers export adds (functional §3). */
export const LIST_MEMBER_COLUMNS = ['is_list_unsubscribed', 'list_option'] as const;

/** A customFields export's columns: the definitions as the settings page shows them. */
export const CUSTOM_FIELD_COLUMNS = [
  'id',
  'type',
  'field',
  'groupName',
  'description',
  'dataType',
  'values',
  'validationRegex',
  'isArchived',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Every column an export of the type can have, in its default order: for subscribers the e-mail address
 * first (what a marketer matches on), then id, the other standard profile fields, each custom field as
 * `custom.<field>`, the partition ids and the creation and update times; list members add the list-level
 * fields. Shared by the server (which checks `params.fields` against it) and the export dialog.
 */
export function exportColumns(type: ExportType, customFields: readonly string[]): string[] {
  if (type === 'customFields') return [...CUSTOM_FIELD_COLUMNS];
  return [
    'email',
    'id',
    ...STANDARD_PROFILE_FIELDS.filter((field) => field !== 'email'),
    ...customFields.map((field) => `custom.${field}`),
    ...(type === 'listMembers' ? LIST_MEMBER_COLUMNS : []),
    'partition_ids',
    'created_at',
    'updated_at',
  ];
}

const jobId = z.number().int().positive();

/** Organization-channel commands of jobs: exports, approvals, retries and cancellation. */
export const jobCommands = {
  requestExport: defineCommand({
    channel: 'organization',
    description:
      'Starts an export job writing a zip with a CSV or an XLSX inside. `type`: subscribers (profile fields and custom ' +
      'fields), listMembers (with list-level fields) or customFields (the definitions); `target`: a list id ' +
      '(a number), or for subscribers a target expression (its text or JSON tree, PROTOCOL §6) or omitted for all. ' +
      '`params.fields` chooses the columns and their order (at least one; each a column of the type, ' +
      'e.g. email or custom.<field>; omitted: every column); `params.format` is csv (the default) or xlsx. ' +
      'Cells starting with = + - @ are neutralised in both formats. Needs ' +
      'database-extract. When the security settings ask for two-person approval the job waits, queued, until ' +
      'another administrator approves it (approveExport). Answers {jobId}; on success `result.name` names ' +
      'the file for POST /uiv5-extract/{organization}/{name}.zip.',
    params: z.object({
      organizationId: organizationIdField,
      type: z.enum(EXPORT_TYPES),
      target: z
        .union([z.number().int().positive(), z.string().max(20_000), z.record(z.string(), z.unknown())])
        .nullable()
        .optional(),
      params: z
        .object({
          fields: z.array(z.string().min(1).max(80)).min(1).max(300).optional(),
          format: z.enum(EXPORT_FORMATS).optional(),
        })
        .default({}),
    }),
    result: z.object({ jobId: z.number().int() }),
  }),
  approveExport: defineCommand({
    channel: 'organization',
    description:
      'Approves an export waiting for two-person approval (or `approve: false` refuses it, which cancels the ' +
      'job). Needs admin, and the approver cannot be the person who asked. An optional `comment` is kept ' +
      'with the decision.',
    params: z.object({
      organizationId: organizationIdField,
      jobId,
      approve: z.boolean().default(true),
      comment: z.string().max(1000).optional(),
    }),
    result: z.object({ jobId: z.number().int(), status: z.string() }),
  }),
  retryJob: defineCommand({
    channel: 'organization',
    description:
      'Queues a failed import again; it resumes from its last committed row, so nothing is doubled. Needs the ' +
      'capability the job needed.',
    params: z.object({ organizationId: organizationIdField, jobId }),
    result: z.object({ jobId: z.number().int(), status: z.string() }),
  }),
  cancelJob: defineCommand({
    channel: 'organization',
    description:
      'Cancels a queued or running job; rows an import already committed stay. Needs the capability the job ' +
      'needed.',
    params: z.object({ organizationId: organizationIdField, jobId }),
    result: z.object({ jobId: z.number().int(), status: z.string() }),
  }),
} as const;
