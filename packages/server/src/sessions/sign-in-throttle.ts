import { HeraldError } from '@herald/protocol';
import ipaddr from 'ipaddr.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { KeyedSemaphore } from './keyed-semaphore.ts';

/**
 * A counter forgets its failures once this long has passed without another and since its last wait ended. A
 * wait at its 15-minute ceiling is therefore not followed by a fresh allowance of free failures: someone who
 * keeps guessing gets one guess per 15 minutes, and the owner signs in as soon as the guessing stops.
 */
export const FAILURE_MEMORY_MS = 15 * 60_000;
/** The longest wait any run of failures imposes: attempts slow down, they never stop for good. */
export const MAX_DELAY_MS = 15 * 60_000;
/** Counters untouched for this long are deleted after a successful sign-in (they were forgotten long ago). */
const PRUNE_AFTER_MS = 24 * 3_600_000;

/** One thing attempts are counted against. */
export interface ThrottleKey {
  readonly id: string;
  /** Failures (within FAILURE_MEMORY_MS of each other) that cost nothing; past them each doubles the wait. */
  readonly freeFailures: number;
  /** A success forgets the counter (an account's); an address's is left to forget on its own. */
  readonly forgetOnSuccess: boolean;
  /** Attempts this server process checks at the same time for this key; more wait their turn. */
  readonly concurrency: number;
  /**
   * While this key waits out a delay, an attempt that proves more than a password (a second factor) is still
   * taken: the account's counter is what a stranger guessing at the account drives up, and it must not keep
   * out an owner who can prove who they are.
   */
  readonly passableWithProof?: boolean;
  /**
   * Counts only failures of a second factor (a wrong code), not wrong passwords: so guessing at an account's
   * password cannot block its owner's code, and guessing at its codes is slowed whatever else passes.
   */
  readonly secondFactorOnly?: boolean;
}

/**
 * The counters. An account is guessed at by one person, so it gets few free failures; an address may be an
 * office or a mobile carrier's shared address, so it gets more. IPv6 addresses count by their /64, which one
 * subscriber usually holds whole.
 */
export const throttleKeys = {
  account: (email: string): ThrottleKey => ({
    id: `account:${email.trim().toLowerCase()}`,
    freeFailures: 5,
    forgetOnSuccess: true,
    concurrency: 1,
    passableWithProof: true,
  }),
  address: (remoteAddress: string): ThrottleKey => ({
    id: `address:${addressNetwork(remoteAddress)}`,
    freeFailures: 20,
    forgetOnSuccess: false,
    concurrency: 4,
  }),
  /** A browser (its `herald_client` cookie) that has signed in to this account before. */
  knownBrowser: (userId: number, clientHash: string): ThrottleKey => ({
    id: `device:${userId}:${clientHash}`,
    freeFailures: 5,
    forgetOnSuccess: true,
    concurrency: 1,
  }),
  /** Two-factor codes offered for a user, at sign-in or to a two-factor command (disableOTP). */
  twoFactor: (userId: number): ThrottleKey => ({
    id: `twoFactor:${userId}`,
    freeFailures: 5,
    forgetOnSuccess: true,
    concurrency: 1,
    secondFactorOnly: true,
  }),
};

/** The wait before the next attempt after `failures` failures: none while free, then 2 s, 4 s, … at most 15 minutes. */
export function delayAfter(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures) * 1000, MAX_DELAY_MS);
}

/**
 * Whether an address is where a reverse proxy on the same machine connects from. Without the proxy's
 * forwarded address (Fastify's trustProxy) every client behind it would share this one counter, and a single
 * attacker could slow everyone's sign-in down; so it is not counted per address (the account counters still
 * apply). Other loopback addresses (127.0.0.2 …) are only ever used on purpose, and count like any address.
 */
export function isLocalProxyAddress(remoteAddress: string): boolean {
  if (!ipaddr.isValid(remoteAddress)) return false;
  const address = ipaddr.process(remoteAddress).toNormalizedString();
  return address === '127.0.0.1' || address === '0:0:0:0:0:0:0:1';
}

/** The address attempts are counted against: IPv4 as is (IPv4-mapped IPv6 included), IPv6 by its /64. */
export function addressNetwork(remoteAddress: string): string {
  if (!ipaddr.isValid(remoteAddress)) return remoteAddress;
  const address = ipaddr.process(remoteAddress);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** What the guarded work reports about its attempt. Reporting neither (a step that asks for more) counts nothing. */
export interface ThrottledAttempt {
  /**
   * Set when a key that yields to proof is waiting out a delay: the attempt may go on only by proving more than
   * a password, and must answer a failure as TooManyAttemptsError, as a refused attempt would, so that it tells
   * a guesser nothing about the password.
   */
  readonly needsProof: boolean;
  /** A wrong password or code: counts against every key. */
  /** Counts a failure: of the password (the default) or of a second factor, which also counts secondFactorOnly keys. */
  failed(of?: 'password' | 'secondFactor'): Promise<void>;
  /** Signed in (or the code was right): the account's counter is forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Growing delays after failed attempts, per account and per address, never a lock that outlasts 15 minutes.
 *
 * While a key waits out its delay, attempts are refused with TooManyAttemptsError before any password is
 * checked, and refused attempts count for nothing. The counters live in the database, so every server
 * process shares them. Within a process, attempts on one account are checked one at a time (an address's a few
 * at a time): a burst of parallel guesses queues up behind the first failures and meets their delay, instead
 * of slipping in before any failure was counted.
 */
export class SignInThrottle {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #inFlight = new KeyedSemaphore();

  constructor(db: Kysely<Database>, options: { now?: () => Date } = {}) {
    this.#db = db;
    this.#now = options.now ?? (() => new Date());
  }

  /** The throttle's clock; tests give one they can move. */
  now(): Date {
    return this.#now();
  }

  /** Runs one attempt against `keys`, unless one of them is waiting out a delay (TooManyAttemptsError). */
  async guard<T>(
    keys: readonly ThrottleKey[],
    attempt: (report: ThrottledAttempt) => Promise<T>,
  ): Promise<T> {
    const unique = [...new Map(keys.map((key) => [key.id, key])).values()];
    return this.#inFlight.run(
      unique.map((key) => ({ id: key.id, limit: key.concurrency })),
      async () => {
        const needsProof = await this.#refuseWhileBlocked(unique);
        return attempt({
          needsProof,
          failed: (of = 'password') =>
            this.#failed(of === 'secondFactor' ? unique : unique.filter((key) => !key.secondFactorOnly)),
          succeeded: () => this.#succeeded(unique),
        });
      },
    );
  }

  /** Refuses while a key waits out its delay; answers whether the attempt may go on only with proof. */
  async #refuseWhileBlocked(keys: readonly ThrottleKey[]): Promise<boolean> {
    if (keys.length === 0) return false;
    const blocked = await this.#db
      .selectFrom('sign_in_throttle')
      .select('key')
      .where(
        'key',
        'in',
        keys.map((key) => key.id),
      )
      .where('blocked_until', '>', this.now())
      .execute();
    const passable = (id: string) => keys.find((key) => key.id === id)?.passableWithProof === true;
    if (blocked.some((row) => !passable(row.key))) throw new HeraldError('TooManyAttemptsError');
    return blocked.length > 0;
  }

  async #failed(keys: readonly ThrottleKey[]): Promise<void> {
    if (keys.length === 0) return;
    const now = this.now();
    const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
    const counted = await this.#db
      .insertInto('sign_in_throttle')
      .values(keys.map((key) => ({ key: key.id, failures: 1, last_failure_at: now, blocked_until: null })))
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`CASE WHEN GREATEST(sign_in_throttle.last_failure_at, sign_in_throttle.blocked_until) > ${forgetBefore} THEN sign_in_throttle.failures + 1 ELSE 1 END`,
          last_failure_at: now,
        }),
      )
      .returning(['key', 'failures'])
      .execute();
    for (const row of counted) {
      const key = keys.find((candidate) => candidate.id === row.key);
      const delay = key ? delayAfter(row.failures, key.freeFailures) : 0;
      if (delay === 0) continue;
      await this.#db
        .updateTable('sign_in_throttle')
        .set({ blocked_until: new Date(now.getTime() + delay) })
        .where('key', '=', row.key)
        .execute();
    }
  }

  async #succeeded(keys: readonly ThrottleKey[]): Promise<void> {
    const forget = keys.filter((key) => key.forgetOnSuccess).map((key) => key.id);
    if (forget.length > 0) await this.#db.deleteFrom('sign_in_throttle').where('key', 'in', forget).execute();
    await this.#db
      .deleteFrom('sign_in_throttle')
      .where('last_failure_at', '<', new Date(this.now().getTime() - PRUNE_AFTER_MS))
      .execute();
  }
}
