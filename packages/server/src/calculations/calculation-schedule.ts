import { calculationSchema } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { Services } from '../services.ts';
import type { CalculationJobParams } from './calculate-field.ts';
import type { CalculatedRules } from './calculated-field.ts';
import { runEvery } from '../jobs/run-every.ts';

export const calculationScheduleTimings = {
  /** How often the schedule looks for calculations that are due. */
  tickMs: 60_000,
};

/** Any number the schedule's advisory lock is known by; one process at a time queues due runs. */
const SCHEDULE_LOCK = 7_311_402;

const HOUR = 3_600_000;
const FIXED_PERIODS = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;

/** A calculated field whose run is due, and the slot (a time on its schedule) the run is for. */
export interface DueCalculation {
  organizationId: number;
  customFieldId: number;
  field: string;
  dueAt: Date;
}

/** `months` calendar months after `date` (UTC), on the month's last day when it is shorter (Jan 31 → Feb 28). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/**
 * The latest time on a calculation's schedule at or before `now`, or undefined before the first. The
 * schedule starts at startAt (else when the field was created) and repeats every `interval` hours, days,
 * weeks or months (UTC; a month is a calendar month); 'once' has the start only.
 */
export function latestSlot(rules: CalculatedRules, createdAt: Date, now: Date): Date | undefined {
  const anchor = rules.startAt ? new Date(rules.startAt) : createdAt;
  if (Number.isNaN(anchor.getTime()) || anchor > now) return undefined;
  const interval = rules.interval ?? 1;
  if (rules.frequency === 'once') return anchor;
  if (rules.frequency === 'monthly') {
    const monthsApart =
      (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
    let step = Math.floor(monthsApart / interval) * interval;
    while (step > 0 && addMonths(anchor, step) > now) step -= interval;
    return addMonths(anchor, step);
  }
  const period = FIXED_PERIODS[rules.frequency] * interval;
  return new Date(anchor.getTime() + Math.floor((now.getTime() - anchor.getTime()) / period) * period);
}

/**
 * Calculated fields due at `now`: their latest slot is later than the slot of their last scheduled run,
 * and no run of theirs is waiting or running. Slots missed while no server ran are not caught up one by
 * one: the latest runs once. Runs asked for with runCalculatedField do not move the schedule.
 */
export async function dueCalculations(db: Kysely<Database>, now: Date): Promise<DueCalculation[]> {
  const rows = await sql<{
    id: number;
    organization_id: number;
    field: string;
    calculation: unknown;
    created_at: Date | string;
    last_due_at: Date | string | null;
    pending: boolean;
  }>`
    SELECT f.id, f.organization_id, f.field, f.calculation, f.created_at,
      (SELECT max((j.params->>'dueAt')::timestamptz) FROM job j
        WHERE j.organization_id = f.organization_id AND j.kind = 'calculation'
          AND j.params->>'customFieldId' = f.id::text AND j.params ? 'dueAt') AS last_due_at,
      EXISTS (SELECT 1 FROM job j WHERE j.organization_id = f.organization_id AND j.kind = 'calculation'
          AND j.status IN ('queued', 'running') AND j.params->>'customFieldId' = f.id::text) AS pending
    FROM custom_field f
    WHERE f.calculation->>'kind' = 'calculated' AND f.type = 'subscriber' AND NOT f.is_deleted
      AND NOT f.is_archived
    ORDER BY f.id`.execute(db);
  const due: DueCalculation[] = [];
  for (const row of rows.rows) {
    const parsed = calculationSchema.safeParse(row.calculation);
    if (!parsed.success || parsed.data.kind !== 'calculated' || row.pending) continue;
    const slot = latestSlot(parsed.data, new Date(row.created_at), now);
    const lastDueAt = row.last_due_at === null ? undefined : new Date(row.last_due_at);
    if (slot && (!lastDueAt || lastDueAt < slot))
      due.push({ organizationId: row.organization_id, customFieldId: row.id, field: row.field, dueAt: slot });
  }
  return due;
}

/**
 * Queues a 'calculation' job for each due field, under a lock, so two server processes sharing a
 * PostgreSQL do not queue one slot twice. Answers the job ids.
 */
export async function enqueueDueCalculations(db: Kysely<Database>, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SCHEDULE_LOCK})`.execute(trx);
    const jobIds: number[] = [];
    for (const due of await dueCalculations(trx, now)) {
      const params: CalculationJobParams = {
        customFieldId: due.customFieldId,
        dueAt: due.dueAt.toISOString(),
      };
      jobIds.push(
        await enqueueJob(trx, {
          organizationId: due.organizationId,
          kind: 'calculation',
          name: due.field,
          params: { ...params },
          createdBy: null,
        }),
      );
    }
    return jobIds;
  });
}

/**
 * Starts queuing due calculations every tickMs in this process (next to its job runner); answers the
 * function that stops it, which waits for a tick under way.
 */
export function startCalculationSchedule(services: Services): () => Promise<void> {
  return runEvery(
    calculationScheduleTimings.tickMs,
    async () => {
      const jobIds = await enqueueDueCalculations(services.db, new Date());
      if (jobIds.length > 0) services.jobs.poke();
    },
    (error) => services.log.error({ err: error }, 'queuing due calculations failed'),
  );
}
