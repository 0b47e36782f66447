import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with t=2, 19 MiB, p=1: OWASP's minimum recommendation, about 20 ms a hash on this class of machine. */
// `algorithm: 2` is Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2_OPTIONS: Options = { algorithm: 2, timeCost: 2, memoryCost: 19_456, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Verifies a password. For an unknown user, pass `undefined` as the hash: a real verification against a
 * fixed dummy hash still runs, so an unknown address takes as long as a wrong password.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = passwordHash ?? (await dummyHash());
  try {
    const matches = await verify(target, password);
    return passwordHash ? matches : false;
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('herald-timing-equalizer');
  return dummy;
}
