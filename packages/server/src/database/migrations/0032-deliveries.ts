import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The delivery engine's ledger (PROTOCOL §9; docs/architecture.md § The delivery engine). A deployment run is one
 * execution of an activity's deployment (a broadcast, one run of a schedule, or the live period of a triggered
 * activity); a delivery is one recipient's message in a run, unique by run and subscriber, so a recipient gets at
 * most one message per run whatever crashes. `status`: queued, sending (claimed by `claimed_by` at `claimed_at`),
 * sent, failed, bounced, suppressed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE deployment_run (
      id bigserial PRIMARY KEY,
      organization_id integer NOT NULL,
      activity_id integer NOT NULL,
      revision_id integer NOT NULL,
      job_id integer,
      channel text NOT NULL,
      status text NOT NULL DEFAULT 'snapshotting',
      recipients integer NOT NULL DEFAULT 0,
      details jsonb NOT NULL DEFAULT '{}',
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX deployment_run_activity ON deployment_run (organization_id, activity_id, id DESC);
    CREATE TABLE delivery (
      id bigserial PRIMARY KEY,
      organization_id integer NOT NULL,
      run_id bigint NOT NULL,
      activity_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      channel text NOT NULL,
      status text NOT NULL DEFAULT 'queued',
      variation integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      claimed_by text,
      claimed_at timestamptz,
      provider_message_id text,
      sent_at timestamptz,
      error jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (run_id, subscriber_id)
    );
    CREATE INDEX delivery_run_queued ON delivery (run_id, id) WHERE status = 'queued';
    CREATE INDEX delivery_activity ON delivery (organization_id, activity_id, status);
    CREATE INDEX delivery_subscriber ON delivery (subscriber_id, activity_id);
    CREATE INDEX delivery_provider_message ON delivery (provider_message_id) WHERE provider_message_id IS NOT NULL;
    `,
  );
}
