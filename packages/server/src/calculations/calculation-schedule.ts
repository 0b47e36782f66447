import { calculationSchema } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { latestOccurrence, nextOccurrence, type RepeatRule } from '@herald/protocol';
import type { CalculationJobParams } from './calculate-field.ts';
import type { CalculatedRules } from './calculated-field.ts';

const REPEAT_UNITS = { hourly: 'hour', daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** A calculated field's schedule: its first slot, and how it repeats (null for 'once'). */
export interface CalculationSchedule {
  first: Date;
  repeat: RepeatRule | null;
}

/** The schedule's series (enqueueJob): its occurrences are the field's scheduled 'calculation' jobs. */
export function calculationSeries(customFieldId: number): string {
  return `calculation:${customFieldId}`;
}

/**
 * The schedule starts at startAt (else when the field was created) and repeats every `interval` hours, days,
 * weeks or months (UTC; a month is a calendar month); 'once' has the start only.
 */
export function calculationSchedule(
  rules: CalculatedRules,
  createdAt: Date,
): CalculationSchedule | undefined {
  const first = rules.startAt ? new Date(rules.startAt) : createdAt;
  if (Number.isNaN(first.getTime())) return undefined;
  if (rules.frequency === 'once') return { first, repeat: null };
  const repeat = {
    every: REPEAT_UNITS[rules.frequency],
    interval: rules.interval ?? 1,
    from: first.toISOString(),
  };
  return { first, repeat };
}

/** The latest time on a calculation's schedule at or before `now`, or undefined before the first. */
export function latestSlot(rules: CalculatedRules, createdAt: Date, now: Date): Date | undefined {
  const schedule = calculationSchedule(rules, createdAt);
  if (!schedule || schedule.first > now) return undefined;
  return schedule.repeat ? latestOccurrence(schedule.repeat, now) : schedule.first;
}

/**
 * When the field's next scheduled run is due: its latest slot when no scheduled run has been made for it (so
 * slots missed while no server ran are not caught up one by one: the latest runs once), else the next slot;
 * undefined when none is left ('once', already run).
 */
export function nextRunAt(
  rules: CalculatedRules,
  createdAt: Date,
  now: Date,
  lastRunAt: Date | undefined,
): Date | undefined {
  const schedule = calculationSchedule(rules, createdAt);
  if (!schedule) return undefined;
  const latest = latestSlot(rules, createdAt, now);
  if (latest && (!lastRunAt || lastRunAt < latest)) return latest;
  if (schedule.repeat) return nextOccurrence(schedule.repeat, now);
  return schedule.first > now ? schedule.first : undefined;
}

/** A custom field as its schedule sees it. */
export interface ScheduledField {
  id: number;
  organizationId: number;
  type: string;
  field: string;
  calculation: unknown;
  isArchived: boolean;
  isDeleted: boolean;
  createdAt: Date;
}

/**
 * Keeps a field's scheduled run in step with its definition, in the transaction that writes it: a calculated
 * subscriber field that is neither archived nor deleted has one queued 'calculation' job at its next slot,
 * repeating by its frequency; any other has none. A run under way finishes without queueing another, since
 * the queued one is decided here. Runs asked for with runCalculatedField are not part of the series and do
 * not move it. Answers the queued job's id, if any.
 */
export async function scheduleCalculation(
  trx: Transaction<Database>,
  field: ScheduledField,
  now = new Date(),
): Promise<number | undefined> {
  const series = calculationSeries(field.id);
  await sql`UPDATE job SET repeat = NULL WHERE series = ${series} AND status = 'running'`.execute(trx);
  const calculation = calculationSchema.safeParse(field.calculation).data;
  const rules =
    calculation?.kind === 'calculated' && field.type === 'subscriber' && !field.isArchived && !field.isDeleted
      ? calculation
      : undefined;
  const last = (
    await sql<{ run_at: Date | string | null }>`SELECT max(run_at) AS run_at FROM job
      WHERE series = ${series} AND status IN ('running', 'succeeded', 'failed')`.execute(trx)
  ).rows[0]?.run_at;
  const runAt = rules ? nextRunAt(rules, field.createdAt, now, last ? new Date(last) : undefined) : undefined;
  if (!rules || !runAt) {
    await sql`UPDATE job SET status = 'cancelled', finished_at = now(), updated_at = now()
      WHERE series = ${series} AND status = 'queued'`.execute(trx);
    return undefined;
  }
  const params: CalculationJobParams = { customFieldId: field.id };
  return enqueueJob(trx, {
    organizationId: field.organizationId,
    kind: 'calculation',
    name: field.field,
    params: { ...params },
    createdBy: null,
    runAt,
    repeat: calculationSchedule(rules, field.createdAt)?.repeat ?? null,
    series,
  });
}

/**
 * Schedules every calculated field at start-up, so a database whose fields were scheduled otherwise (before
 * schedules were jobs) or whose queued run was cancelled gets each its one queued run. Fields already in step
 * keep their queued job.
 */
export async function scheduleCalculations(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fields = await trx
      .selectFrom('custom_field')
      .select([
        'id',
        'organization_id',
        'type',
        'field',
        'calculation',
        'is_archived',
        'is_deleted',
        'created_at',
      ])
      .where(sql<boolean>`calculation->>'kind' = 'calculated'`)
      .orderBy('id')
      .execute();
    for (const field of fields)
      await scheduleCalculation(
        trx,
        {
          id: field.id,
          organizationId: field.organization_id,
          type: field.type,
          field: field.field,
          calculation: field.calculation,
          isArchived: field.is_archived,
          isDeleted: field.is_deleted,
          createdAt: new Date(field.created_at),
        },
        now,
      );
  });
}
