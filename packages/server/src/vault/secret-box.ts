import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets Herald must read back (TOTP secrets, identity providers' client secrets) are sealed at rest with
 * AES-256-GCM under the vault key (HERALD_VAULT_KEY, else generated into the data directory), so a copy of
 * the database alone does not yield them. A value without the prefix is read as it is, so rows written
 * before sealing existed still work.
 *
 * The key is process-wide, like the process's other secrets: it is set once at start (useVaultKey), and
 * every server process on one database must be given the same key.
 */
const PREFIX = 'sealed:v1:';
let vaultKey: Buffer | undefined;

export function useVaultKey(key: string): void {
  vaultKey = createHash('sha256').update(key).digest();
}

export function sealSecret(plain: string): string {
  const key = requireKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', requireKey(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

function requireKey(): Buffer {
  if (!vaultKey) throw new Error('The vault key was not set; startHerald sets it before serving.');
  return vaultKey;
}
