import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, useVaultKey } from './secret-box.ts';

describe('secret box', () => {
  useVaultKey('unit-test-vault-key');

  it.each(['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'a client secret with spaces', 'ünïcödé', ''])(
    'seals and opens %j',
    (plain) => {
      const sealed = sealSecret(plain);
      expect(sealed.startsWith('sealed:v1:')).toBe(true);
      expect(sealed).not.toContain(plain || 'never');
      expect(openSecret(sealed)).toBe(plain);
    },
  );

  it('seals the same secret differently each time', () => {
    expect(sealSecret('same')).not.toBe(sealSecret('same'));
  });

  it('reads a value sealed before sealing existed as it is', () => {
    expect(openSecret('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
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
