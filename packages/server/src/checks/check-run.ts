import type { CheckResult } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/**
 * What the workflow's `check` action (docs/workflow.md § Checks) hands the checks: the activity and the revision
 * to check (its latest unless named), as the actor who asked. `signal` is aborted by `cancelCheck`; a run that
 * sees it aborted stops between checks and throws the signal's reason.
 */
export interface CheckRunInput {
  db: Kysely<Database>;
  actor: Actor;
  activityId: number;
  revisionId?: number;
  signal?: AbortSignal;
}

/** Runs every check of PROTOCOL §8 on the rendered content of every variation; one result per check name. */
export type RunActivityChecks = (input: CheckRunInput) => Promise<CheckResult[]>;
