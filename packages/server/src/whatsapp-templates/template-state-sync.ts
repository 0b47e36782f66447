import { nextOccurrence, type RepeatRule } from '@herald/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { openCredential } from '../credentials/credential-store.ts';
import type { Database } from '../database/schema.ts';
import { fetchWhatsAppTemplateStates } from '../delivery/transports/whatsapp-template-states.ts';
import type { SystemJob } from '../jobs/job-runner.ts';
import type { RecordChanges } from '../live/record-changes.ts';
import { applyWhatsAppTemplateStates } from './whatsapp-template-states.ts';

/** The system job (organization-less, jobs/job-runner.ts handleSystemJob) that keeps template states synced. */
export const TEMPLATE_STATE_SYNC_JOB = 'whatsAppTemplateStates';

/**
 * Every quarter-hour on the clock. WhatsApp reviews a template within minutes to a day, and pauses or disables
 * one on its quality rating without telling anyone who does not ask, so a state a quarter-hour old is what an
 * editor choosing a template can live with; reading every account more often would only spend its rate limit.
 */
export const TEMPLATE_STATE_SYNC_REPEAT: RepeatRule = {
  every: 'minute',
  interval: 15,
  from: '2000-01-01T00:00:00.000Z',
};

/** How many organizations' failures a job's result lists; the log has every one. */
const MAX_LISTED_FAILURES = 50;

/**
 * Queues the sync's next occurrence unless its series already holds a queued one. Every process calls it as it
 * starts; the series (one queued occurrence at most, a unique index) makes a restart or a second process a
 * no-op, and the runner queues each next occurrence as one finishes, so occurrences never pile up.
 */
export async function scheduleTemplateStateSync(db: Kysely<Database>): Promise<void> {
  const runAt = nextOccurrence(TEMPLATE_STATE_SYNC_REPEAT, new Date());
  await sql`INSERT INTO job (organization_id, kind, name, params, run_at, repeat, series)
    VALUES (NULL, ${TEMPLATE_STATE_SYNC_JOB}, 'WhatsApp template states', '{}', ${runAt},
      ${JSON.stringify(TEMPLATE_STATE_SYNC_REPEAT)}::jsonb, ${TEMPLATE_STATE_SYNC_JOB})
    ON CONFLICT (series) WHERE status = 'queued' DO NOTHING`.execute(db);
}

export interface TemplateStateSyncResult extends Record<string, unknown> {
  /** Organizations whose WhatsApp credential names its business account: their states were read. */
  synced: number;
  /** Templates whose state changed, all organizations together. */
  changed: number;
  /** Organizations whose WhatsApp credential has no business account id, so there is nothing to read. */
  withoutBusinessAccount: number[];
  failed: Array<{ organizationId: number; message: string }>;
}

/**
 * One occurrence: for each organization whose WhatsApp channel has a credential, reads its templates' states
 * from the Cloud API, writes the changed ones and pushes them to `whatsappTemplate` subscribers. One
 * organization's failure (its token refused, its provider down) is logged and listed in the job's result and
 * the others go on; the next occurrence is queued either way.
 */
export async function syncTemplateStates(
  services: { db: Kysely<Database>; recordChanges: RecordChanges; log: FastifyBaseLogger },
  job: SystemJob,
  signal: AbortSignal,
): Promise<TemplateStateSyncResult> {
  const { db, recordChanges } = services;
  const log = services.log.child({ jobId: job.id, kind: job.kind });
  const result: TemplateStateSyncResult = { synced: 0, changed: 0, withoutBusinessAccount: [], failed: [] };
  // The fields are read in the clear first: only a credential that names its business account is opened (which
  // marks it accessed), so the others are left as they were.
  const organizations = await sql<{
    id: number;
    credential_id: number;
    type: string;
    fields: Record<string, string>;
  }>`
    SELECT organization.id, credential.id AS credential_id, credential.type, credential.fields
    FROM organization JOIN credential ON credential.organization_id = organization.id
      AND credential.id::text = organization.settings -> 'channelCredentials' ->> 'whatsapp'
    ORDER BY organization.id`.execute(db);
  // One organization after another: each is a page or two of one provider's API, and a slow provider of one
  // organization holds only this job, never a sender.
  for (const row of organizations.rows) {
    const organizationId = Number(row.id);
    if (signal.aborted) break;
    if (row.type !== 'whatsapp' || !row.fields.businessAccountId) {
      result.withoutBusinessAccount.push(organizationId);
      continue;
    }
    try {
      const credential = await openCredential(db, organizationId, Number(row.credential_id));
      const businessAccountId = credential.fields.businessAccountId ?? '';
      const account = {
        baseUrl: credential.fields.baseUrl ?? '',
        phoneNumberId: credential.fields.accountName ?? '',
        accessToken: credential.secrets.apiToken ?? '',
      };
      const states = await fetchWhatsAppTemplateStates(account, businessAccountId, signal);
      const changed = await applyWhatsAppTemplateStates(db, organizationId, states);
      result.synced += 1;
      result.changed += changed.length;
      if (changed.length > 0)
        await recordChanges.announce({ organizationId, type: 'whatsappTemplate', records: changed });
    } catch (error) {
      if (signal.aborted) break;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, organizationId }, 'syncing WhatsApp template states failed');
      if (result.failed.length < MAX_LISTED_FAILURES) result.failed.push({ organizationId, message });
    }
  }
  return result;
}
