import { openSecret } from '../../src/vault/secret-box.ts';
import { randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { ChannelClient } from './channel-client.ts';
import type { TestHerald } from './herald.ts';

/**
 * A loopback address of its own (Linux answers the whole of 127.0.0.0/8), so sign-in failures a test makes are
 * counted against an address no other test uses, even when several runs share one PostgreSQL database.
 */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A session-channel socket from `address` (a fresh loopback address by default), with a cookie if given. */
export function openSession(
  herald: TestHerald,
  options: { address?: string; cookie?: string } = {},
): Promise<ChannelClient> {
  return ChannelClient.open(herald.wsUrl('session'), {
    localAddress: options.address ?? randomLoopbackAddress(),
    ...(options.cookie ? { headers: { cookie: `herald_client=${options.cookie}` } } : {}),
  });
}

const PERIOD_SECONDS = 30;

/**
 * A TOTP code the server accepts now and has not seen: the earliest step after `usedStep` within the one step
 * of drift either way, skipping a step about to fall out of the window; waits when every acceptable step was
 * used (at most one period).
 */
export async function unusedCode(
  secret: string,
  usedStep = Number.NEGATIVE_INFINITY,
): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now() / 1000;
    const current = Math.floor(now / PERIOD_SECONDS);
    let step = Math.max(current - 1, usedStep + 1);
    // A code of step s is accepted until (s + 2) periods; keep three seconds for the round trip.
    if ((step + 2) * PERIOD_SECONDS - now < 3) step += 1;
    if (step <= current + 1) return { code: await generate({ secret, epoch: step * PERIOD_SECONDS }), step };
    await new Promise((resolve) => setTimeout(resolve, ((step - 1) * PERIOD_SECONDS - now) * 1000 + 50));
  }
}

/** A code that is none of the acceptable ones now (a neighbour of the current code would be luck). */
export async function wrongCode(secret: string): Promise<string> {
  const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const acceptable = await Promise.all(
    [-2, -1, 0, 1, 2].map((offset) => generate({ secret, epoch: (current + offset) * PERIOD_SECONDS })),
  );
  for (let candidate = 0; ; candidate += 1) {
    const code = String((123_456 + candidate * 7_919) % 1_000_000).padStart(6, '0');
    if (!acceptable.includes(code)) return code;
  }
}

export interface TwoFactorUser {
  secret: string;
  recoveryCodes: string[];
  /** The last time step whose code the server accepted. */
  usedStep: number;
}

/** Turns two-factor on for a user through the real commands, as the account page does. */
export async function enableTwoFactor(
  herald: TestHerald,
  user: { email: string; password: string },
): Promise<TwoFactorUser> {
  const client = await openSession(herald);
  try {
    const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
      email: user.email,
      password: user.password,
    });
    const { otpSecret } = await client.call<{ otpSecret: string }>('generateOTP', { sessionId });
    const { code, step } = await unusedCode(otpSecret);
    const { recoveryCodes } = await client.call<{ recoveryCodes: string[] }>('enableOTP', {
      sessionId,
      otpSecret,
      otpCode: code,
    });
    return { secret: otpSecret, recoveryCodes, usedStep: step };
  } finally {
    client.close();
  }
}

/**
 * A code the server will accept for a user with two-factor on (for example from `createUser(…, {otpEnabled})`):
 * from their secret, after the last step used, so signing the same user in twice within 30 s works too.
 */
export async function codeForUser(herald: TestHerald, userId: number): Promise<string> {
  const active = await herald.database.db
    .selectFrom('user_two_factor')
    .select(['secret', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return (await unusedCode(openSecret(active.secret), active.last_used_step ?? undefined)).code;
}
