import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The throttle window (functional §5: 1,000 ms). */
export const THROTTLE_WINDOW_MS = 1_000;

/** How many a window of a per-minute rate allows: spread so that any 60 windows add up to the rate exactly. */
export function windowAllowance(perMinute: number, windowIndex: number): number {
  return Math.floor(((windowIndex + 1) * perMinute) / 60) - Math.floor((windowIndex * perMinute) / 60);
}

export interface ThrottleGrant {
  /** How many messages may be claimed now. */
  granted: number;
  /** When none may, how long until the next window opens. */
  waitMs: number;
}

/**
 * Takes up to `wanted` messages of the run's current window for a throttle of `perMinute` (the throttle holds
 * across processes: docs/architecture.md § The delivery engine). Windows are the database clock's whole seconds,
 * so every process counts in the same ones; the run's row holds the current window and how much of it was taken,
 * and the row lock orders the processes. A window's allowance is the rate's share of that second, so 90 a minute
 * gives 1 and 2 alternately rather than rounding the rate away.
 */
export async function takeThrottle(
  db: Kysely<Database>,
  runId: number,
  perMinute: number,
  wanted: number,
): Promise<ThrottleGrant> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{ window_start: string; used: number; now_ms: string }>`
    WITH clock AS (SELECT clock_timestamp() AS now),
    old AS (SELECT throttle_window, throttle_used FROM deployment_run WHERE id = ${runId} FOR UPDATE)
    SELECT (extract(epoch FROM date_trunc('second', clock.now)) * 1000)::bigint::text AS window_start,
      CASE WHEN old.throttle_window = date_trunc('second', clock.now) THEN old.throttle_used ELSE 0 END AS used,
      (extract(epoch FROM clock.now) * 1000)::bigint::text AS now_ms
    FROM clock, old`.execute(trx);
    const row = rows.rows[0];
    if (!row) return { granted: 0, waitMs: THROTTLE_WINDOW_MS };
    const windowStart = Number(row.window_start);
    const allowance = windowAllowance(perMinute, Math.floor(windowStart / THROTTLE_WINDOW_MS));
    const granted = Math.max(0, Math.min(wanted, allowance - Number(row.used)));
    const waitMs = Math.max(1, windowStart + THROTTLE_WINDOW_MS - Number(row.now_ms));
    if (granted === 0) return { granted, waitMs };
    await sql`UPDATE deployment_run SET throttle_window = to_timestamp(${windowStart / 1000}),
      throttle_used = ${Number(row.used) + granted}
    WHERE id = ${runId}`.execute(trx);
    return { granted, waitMs };
  });
}
