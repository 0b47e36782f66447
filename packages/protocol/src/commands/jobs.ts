import { z } from 'zod';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/** What can be exported (PROTOCOL §5 `requestExport` type). */
export const EXPORT_TYPES = ['subscribers', 'listMembers', 'customFields'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

const jobId = z.number().int().positive();

/** Organization-channel commands of jobs: exports, approvals, retries and cancellation. */
export const jobCommands = {
  requestExport: defineCommand({
    channel: 'organization',
    description:
      'Starts an export job writing a zip with CSV inside. `type`: subscribers (profile fields and custom ' +
      'fields), listMembers (with list-level fields) or customFields (the definitions); `target`: a list id ' +
      '(a number), or for subscribers a target expression (its text or JSON tree, PROTOCOL §6) or omitted for all. ' +
      '`params.fields` may narrow the columns. Needs ' +
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
      params: z.object({ fields: z.array(z.string().min(1).max(80)).max(300).optional() }).default({}),
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
