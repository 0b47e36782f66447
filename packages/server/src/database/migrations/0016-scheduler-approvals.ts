import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * One scheduler and one approval model.
 *
 * Jobs gain run_at (a queued job is claimed only once it is due), a repeat rule (jobs/repeat-rule.ts) and a
 * series: the repeating schedule a job is an occurrence of (`calculation:<custom field id>`), at most one of
 * which is queued at a time. Jobs that belong to no organization (mail retries) have no organization_id, so
 * no organization's job query shows them. Earlier scheduled calculation runs join their field's series at the
 * slot they were for; mail waiting for a retry gets its retry job.
 *
 * Approvals move from the export columns on `job` to the `approval` table: who asked for what, who decided,
 * when and with what comment. A refused export was cancelled without recording who refused it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE job ALTER COLUMN organization_id DROP NOT NULL;
    ALTER TABLE job ADD COLUMN run_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE job ADD COLUMN repeat jsonb;
    ALTER TABLE job ADD COLUMN series text;
    UPDATE job SET run_at = created_at;
    UPDATE job SET series = 'calculation:' || (params->>'customFieldId'), run_at = (params->>'dueAt')::timestamptz
      WHERE kind = 'calculation' AND params ? 'dueAt';
    CREATE INDEX job_due ON job (run_at) WHERE status = 'queued';
    CREATE UNIQUE INDEX job_series_queued ON job (series) WHERE status = 'queued';
    CREATE INDEX job_series ON job (series, run_at) WHERE series IS NOT NULL;

    CREATE TABLE approval (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      subject_kind text NOT NULL,
      subject_id integer NOT NULL,
      requested_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      decision text NOT NULL DEFAULT 'pending' CHECK (decision IN ('pending', 'approved', 'rejected')),
      decided_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      decided_at timestamptz,
      comment text
    );
    CREATE INDEX approval_subject ON approval (subject_kind, subject_id, id);
    CREATE UNIQUE INDEX approval_pending ON approval (subject_kind, subject_id) WHERE decision = 'pending';
    INSERT INTO approval (organization_id, subject_kind, subject_id, requested_by, requested_at, decision,
        decided_by, decided_at)
      SELECT organization_id, 'job', id, created_by, created_at,
        CASE WHEN approved_at IS NOT NULL THEN 'approved' WHEN status = 'cancelled' THEN 'rejected' ELSE 'pending' END,
        approved_by, CASE WHEN approved_at IS NOT NULL THEN approved_at WHEN status = 'cancelled' THEN finished_at END
      FROM job WHERE approval_required;
    ALTER TABLE job DROP COLUMN approval_required;
    ALTER TABLE job DROP COLUMN approved_by;
    ALTER TABLE job DROP COLUMN approved_at;

    INSERT INTO job (organization_id, kind, name, params, run_at)
      SELECT NULL, 'mailRetry', 'outbox ' || id, json_build_object('outboxId', id)::jsonb, next_attempt_at
      FROM outbox WHERE next_attempt_at IS NOT NULL AND sent_at IS NULL;
    DROP INDEX outbox_due;
  `,
  );
}
