import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentVaultKeyId, needsResealing, openSecret, sealSecret, useVaultKey } from './secret-box.ts';

/** A value as the first format sealed it: no key id, the key's SHA-256 as the AES key. */
function sealedV1(plain: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `sealed:v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

describe('secret box', () => {
  useVaultKey('unit-test-vault-key');

  it.each(['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'a client secret with spaces', 'ünïcödé', ''])(
    'seals and opens %j',
    (plain) => {
      const sealed = sealSecret(plain);
      expect(sealed.startsWith(`sealed:v2:${currentVaultKeyId()}:`)).toBe(true);
      expect(sealed).not.toContain(plain || 'never');
      expect(openSecret(sealed)).toBe(plain);
    },
  );

  it('names the key by an id that is not part of the key', () => {
    expect(currentVaultKeyId()).toMatch(/^[0-9a-f]{8}$/);
    const aesKey = createHash('sha256').update('unit-test-vault-key').digest('hex');
    expect(aesKey.startsWith(currentVaultKeyId())).toBe(false);
  });

  it('seals the same secret differently each time', () => {
    expect(sealSecret('same')).not.toBe(sealSecret('same'));
  });

  it('reads a value sealed before sealing existed as it is', () => {
    expect(openSecret('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('reads values of the first format', () => {
    expect(openSecret(sealedV1('from v1', 'unit-test-vault-key'))).toBe('from v1');
    expect(needsResealing(sealedV1('from v1', 'unit-test-vault-key'))).toBe(true);
  });

  it('opens values of a previous key, and tells them apart for resealing', () => {
    useVaultKey('old-key');
    const old = sealSecret('sealed under the old key');
    const oldV1 = sealedV1('v1 under the old key', 'old-key');
    useVaultKey('new-key', ['old-key']);
    expect(openSecret(old)).toBe('sealed under the old key');
    expect(openSecret(oldV1)).toBe('v1 under the old key');
    expect(needsResealing(old)).toBe(true);
    expect(needsResealing(sealSecret('new'))).toBe(false);
    expect(needsResealing('plain')).toBe(true);
    useVaultKey('new-key');
    expect(() => openSecret(old)).toThrow(/No vault key/);
    expect(() => openSecret(oldV1)).toThrow();
    useVaultKey('unit-test-vault-key');
  });

  it('refuses a tampered value and a value sealed under another key', () => {
    const sealed = sealSecret('secret');
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => openSecret(tampered)).toThrow();
    useVaultKey('another-key');
    expect(() => openSecret(sealed)).toThrow();
    useVaultKey('unit-test-vault-key');
  });
});
