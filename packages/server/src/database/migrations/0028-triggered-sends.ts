import { sql, type Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Triggered sends (docs/workflow.md § Scheduling): an API- or event-triggered activity, once live (`deploying`),
 * sends one message per trigger. Each trigger is a `triggered_send` row, due at `run_at` (an event's time plus
 * the activity's delay); the scheduler's `triggeredSends` job decides each due one (the subscriber still in the
 * target, reachable, within the send frequency) and leaves it `ready` for the delivery engine or `skipped` with
 * the reason.
 *
 * Events queue their triggers inside the transaction that records them, by a statement trigger on
 * subscriber_event: whoever writes an event (the console, the events API, the delivery engine's opens and
 * clicks), its triggers are queued exactly once, and never for an event of the activity itself (an activity
 * triggered by "sent" must not trigger itself). The same statement makes sure the scheduler's `triggeredSends`
 * system job is queued by the first due time.
 *
 * `activity.deployed_revision_id` is the approved revision a deployment sends, set when it starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE activity ADD COLUMN deployed_revision_id integer;
    CREATE TABLE triggered_send (
      id bigserial PRIMARY KEY,
      organization_id integer NOT NULL,
      activity_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      source text NOT NULL,
      event_id bigint,
      request_key text,
      run_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'queued',
      reason text,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE INDEX triggered_send_due ON triggered_send (run_at) WHERE status = 'queued';
    CREATE INDEX triggered_send_recipient ON triggered_send (activity_id, subscriber_id, decided_at)
      WHERE status IN ('ready', 'sent');
    CREATE UNIQUE INDEX triggered_send_event ON triggered_send (activity_id, event_id) WHERE event_id IS NOT NULL;
    CREATE UNIQUE INDEX triggered_send_request ON triggered_send (activity_id, request_key)
      WHERE request_key IS NOT NULL;
    CREATE INDEX activity_live_event ON activity (organization_id, (distribution ->> 'event'))
      WHERE status = 'deploying' AND distribution ->> 'type' = 'event';

    `,
  );
  // The function body holds semicolons, so it is one statement of its own (runStatements splits on them).
  await sql`CREATE FUNCTION triggered_send_queue_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH queued AS (
        INSERT INTO triggered_send (organization_id, activity_id, subscriber_id, source, event_id, run_at)
        SELECT e.organization_id, a.id, e.subscriber_id, 'event', e.id,
          e.occurred_at + make_interval(mins => coalesce((a.distribution ->> 'delayMinutes')::integer, 0))
        FROM added_events e
        JOIN activity a ON a.organization_id = e.organization_id AND a.status = 'deploying'
          AND a.distribution ->> 'type' = 'event' AND a.distribution ->> 'event' = e.kind
          AND NOT a.is_archived AND e.activity_id IS DISTINCT FROM a.id
        ON CONFLICT DO NOTHING
        RETURNING run_at)
      INSERT INTO job (organization_id, kind, name, params, run_at, series)
        SELECT NULL, 'triggeredSends', 'Triggered sends', '{}', min(run_at), 'triggeredSends' FROM queued
        HAVING count(*) > 0
      ON CONFLICT (series) WHERE status = 'queued' DO UPDATE SET run_at = least(job.run_at, excluded.run_at);
      RETURN NULL;
    END $$`.execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER triggered_send_queue_events AFTER INSERT ON subscriber_event
      REFERENCING NEW TABLE AS added_events FOR EACH STATEMENT EXECUTE FUNCTION triggered_send_queue_events();
    `,
  );
}
