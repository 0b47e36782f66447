import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  /** Signs the short-lived organization tokens (HS256). */
  jwtSecret: string;
  /** Seals secrets Herald keeps in the database (vault/secret-box.ts). */
  vaultKey: string;
}

const SECRETS_FILE = 'secrets.json';
const SECRET_NAMES = ['jwtSecret', 'vaultKey'] as const;

/**
 * Secrets come from the environment when given; otherwise they are generated once into
 * `<data dir>/secrets.json` (mode 0600) and read back on every start, so tokens and sealed values survive a
 * restart. Several server processes on one PostgreSQL must be given the same secrets through the environment.
 */
export async function loadSecrets(dataDir: string, given: Partial<Secrets>): Promise<Secrets> {
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = (await readStored(file)) ?? {};
  const secrets: Partial<Secrets> = {};
  let generatedAny = false;
  for (const name of SECRET_NAMES) {
    const value = given[name] || stored[name];
    if (value) {
      secrets[name] = value;
    } else {
      secrets[name] = randomBytes(32).toString('base64url');
      generatedAny = true;
    }
  }
  if (generatedAny) {
    // Only generated values are written; secrets given through the environment never touch the disk.
    const toStore = Object.fromEntries(
      SECRET_NAMES.filter((name) => !given[name]).map((name) => [name, secrets[name]]),
    );
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets as Secrets;
}

async function readStored(file: string): Promise<Partial<Secrets> | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
