import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets Herald must read back (credentials, TOTP secrets, identity providers' client secrets, DKIM keys) are
 * sealed at rest with AES-256-GCM under the vault key (HERALD_VAULT_KEY, else generated into the data
 * directory), so a copy of the database alone does not yield them. A value without the prefix is read as it is,
 * so rows written before sealing existed still work.
 *
 * A sealed value names the key it was sealed under (`sealed:v2:<key id>:…`), so the key can rotate: the keys
 * it replaced (HERALD_VAULT_PREVIOUS_KEYS) still open what they sealed, and at start every sealed value is sealed
 * again under the current key (vault/reseal.ts); after that the previous keys can be dropped. Values of the
 * first format (`sealed:v1:`) name no key and are tried under each key in turn.
 *
 * The keys are process-wide, like the process's other secrets: they are set once at start (useVaultKey), and
 * every server process on one database must be given the same keys.
 */
const PREFIX_V1 = 'sealed:v1:';
const PREFIX_V2 = 'sealed:v2:';

interface VaultKey {
  id: string;
  key: Buffer;
}

let currentKey: VaultKey | undefined;
let openingKeys: VaultKey[] = [];

export function useVaultKey(key: string, previousKeys: readonly string[] = []): void {
  currentKey = vaultKeyOf(key);
  const previous = previousKeys.map(vaultKeyOf).filter((candidate) => candidate.id !== currentKey?.id);
  openingKeys = [currentKey, ...previous];
}

/** The id of the key values are sealed under now. */
export function currentVaultKeyId(): string {
  return requireKey().id;
}

export function sealSecret(plain: string): string {
  const { id, key } = requireKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX_V2}${id}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

export function openSecret(stored: string): string {
  if (stored.startsWith(PREFIX_V2)) {
    const rest = stored.slice(PREFIX_V2.length);
    const separator = rest.indexOf(':');
    const keyId = rest.slice(0, separator);
    requireKey();
    const vaultKey = openingKeys.find((candidate) => candidate.id === keyId);
    // The message names the key id only (a hash of a hash of the key), never the key or the value.
    if (separator < 0 || !vaultKey)
      throw new Error(`No vault key with id ${keyId} was given to open a value`);
    return openWith(vaultKey.key, rest.slice(separator + 1));
  }
  if (stored.startsWith(PREFIX_V1)) {
    requireKey();
    const body = stored.slice(PREFIX_V1.length);
    for (const candidate of openingKeys) {
      try {
        return openWith(candidate.key, body);
      } catch {
        // Not this key: a v1 value names none, so each is tried (GCM's tag tells a wrong key apart).
      }
    }
    throw new Error('None of the vault keys given opens this value');
  }
  return stored;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX_V1) || stored.startsWith(PREFIX_V2);
}

/** True when the value is not sealed under the current key: sealed under an older one, or not at all. */
export function needsResealing(stored: string): boolean {
  return !stored.startsWith(`${PREFIX_V2}${currentVaultKeyId()}:`);
}

function openWith(key: Buffer, body: string): string {
  const bytes = Buffer.from(body, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * The AES key is the SHA-256 of the configured key; its id is the first 8 hex digits of the SHA-256 of that AES
 * key, so the id stored beside every value tells nothing about the key itself.
 */
function vaultKeyOf(text: string): VaultKey {
  const key = createHash('sha256').update(text).digest();
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

function requireKey(): VaultKey {
  if (!currentKey) throw new Error('The vault key was not set; startHerald sets it before serving.');
  return currentKey;
}
