import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The activity workflow (docs/workflow.md). `workflow_event` is the log: every action with the status
 * before and after, who, and a comment or details (a check run's results, which a send reads to know the latest
 * check passed). `activity_participant` holds the people added to an activity's workflow. The activity keeps the
 * scheduler job that will start its deployment, so queueCancel, suspend and resume find it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE workflow_event (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL,
      activity_id integer NOT NULL,
      action text NOT NULL,
      from_status text NOT NULL,
      to_status text NOT NULL,
      user_id integer REFERENCES user_account(id) ON DELETE SET NULL,
      comment text,
      details jsonb NOT NULL DEFAULT '{}',
      at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (organization_id, activity_id) REFERENCES activity (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX workflow_event_activity ON workflow_event (organization_id, activity_id, id);
    CREATE INDEX workflow_event_organization ON workflow_event (organization_id, at, id);

    CREATE TABLE activity_participant (
      organization_id integer NOT NULL,
      activity_id integer NOT NULL,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      added_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (activity_id, user_id),
      FOREIGN KEY (organization_id, activity_id) REFERENCES activity (organization_id, id) ON DELETE CASCADE
    );

    ALTER TABLE activity ADD COLUMN deployment_job_id integer REFERENCES job(id) ON DELETE SET NULL;
    `,
  );
}
