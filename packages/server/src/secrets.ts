import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  /** Signs the short-lived organization tokens (HS256). */
  jwtSecret: string;
}

const SECRETS_FILE = 'secrets.json';

/**
 * Secrets come from the environment when given; otherwise they are generated once into
 * `<data dir>/secrets.json` (mode 0600) and read back on every start, so tokens survive a restart.
 * Several server processes on one PostgreSQL must be given the same secrets through the environment.
 */
export async function loadSecrets(dataDir: string, given: Partial<Secrets>): Promise<Secrets> {
  if (given.jwtSecret) return { jwtSecret: given.jwtSecret };
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = await readStored(file);
  if (stored?.jwtSecret) return { jwtSecret: stored.jwtSecret };
  const generated: Secrets = { jwtSecret: randomBytes(32).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  return generated;
}

async function readStored(file: string): Promise<Partial<Secrets> | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
