import { HeraldError } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { addressNetwork, isLocalProxyAddress } from './sign-in-throttle.ts';

/** A kind of request counted per network: at most `limit` in each window of `windowMs`. */
export interface RequestQuota {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * The quotas of requests that need no session. Generous for people (a family or an office behind one
 * address signs up a few times an hour), tight for a script. An object so tests can lower them.
 */
export const requestQuotas = {
  signUp: { name: 'signUp', limit: 10, windowMs: 3_600_000 } as RequestQuota,
  singleSignOnStart: { name: 'ssoStart', limit: 60, windowMs: 10 * 60_000 } as RequestQuota,
};

/** Windows that ended this long ago are deleted as new ones start. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * Counts one request from `remoteAddress` against `quota`, refusing it with TooManyRequestsError past the
 * limit. The address counts by its network (IPv6 by /64, as sign-in throttling does); a connection from the
 * machine's own loopback with no trusted proxy configured is taken for a same-host proxy whose clients
 * cannot be told apart, and is not counted (HERALD_TRUSTED_PROXIES makes them distinct).
 */
export async function takeRequestQuota(
  db: Kysely<Database>,
  quota: RequestQuota,
  remoteAddress: string,
  now: Date = new Date(),
): Promise<void> {
  if (isLocalProxyAddress(remoteAddress)) return;
  const key = `${quota.name}:${addressNetwork(remoteAddress)}`;
  const windowStart = new Date(now.getTime() - quota.windowMs);
  const taken = await sql<{ used: number; fresh: boolean }>`
    INSERT INTO request_quota (key, window_started_at, used) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      used = CASE WHEN request_quota.window_started_at <= ${windowStart} THEN 1 ELSE request_quota.used + 1 END,
      window_started_at = CASE WHEN request_quota.window_started_at <= ${windowStart} THEN ${now}
        ELSE request_quota.window_started_at END
    RETURNING used, window_started_at = ${now} AS fresh`.execute(db);
  const row = taken.rows[0];
  // A new window is the moment to forget windows long over (a few rows, found by their index).
  if (row?.fresh)
    await sql`DELETE FROM request_quota WHERE window_started_at < ${new Date(now.getTime() - FORGET_AFTER_MS)}`.execute(
      db,
    );
  if ((row?.used ?? 0) > quota.limit) throw new HeraldError('TooManyRequestsError');
}
